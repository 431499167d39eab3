export { GRADES_MESSAGES } from './domain/messages.ts';
export { type ExamRecall } from './domain/prediction.ts';
export { examLevelOf, type GradeEvidence } from './domain/simulator.ts';
export {
  gradesViewSchema,
  type GradesView,
  pastExamViewSchema,
  savePastExamSchema,
  saveGradesSchema,
} from './schemas/grades.ts';
export { GRADE_CALCULATOR_PATH, GRADES_PATH } from './domain/paths.ts';
