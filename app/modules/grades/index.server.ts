export {
  diplomaFocus,
  type DiplomaFocus,
  getMyGrades,
  removePastExam,
  savePastExam,
  saveMyGrades,
} from './server/grades.server.ts';
export { gradeCalculator } from './server/calculator.server.ts';
export { seedDemoGrades } from './server/demo-grades.server.ts';
