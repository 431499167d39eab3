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
export {
  type CeEvidence,
  type CeGradeOutcome,
  ceGradeOutcomes,
  getMyCeGrades,
  saveMyCeGrade,
} from './server/ce-grades.server.ts';
