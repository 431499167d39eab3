export { userGrades } from './db/tables.ts';
export {
  diplomaFocus,
  type DiplomaFocus,
  getMyGrades,
  type GradesRefusal,
  type PastExamRefusal,
  removePastExam,
  savePastExam,
  saveMyGrades,
  toGradesView,
} from './server/grades.server.ts';
export { DEFAULT_CHECK_LEVEL, gradeCalculator } from './server/calculator.server.ts';
export { seedDemoGrades } from './server/demo-grades.server.ts';
