export { GRADES_MESSAGES } from './domain/messages.ts';
export { type CePrediction, type ExamRecall } from './domain/prediction.ts';
export { type DatedGrade } from './domain/ce-snapshot.ts';
export { examLevelOf, type GradeEvidence } from './domain/simulator.ts';
export {
  ceGradesViewSchema,
  type CeGradesView,
  gradesViewSchema,
  type GradesView,
  pastExamViewSchema,
  saveCeGradeSchema,
  type SaveCeGrade,
  savePastExamSchema,
  saveGradesSchema,
} from './schemas/grades.ts';
export { GRADE_CALCULATOR_PATH, GRADES_PATH } from './domain/paths.ts';
export { ruleSourcesFor } from './domain/diploma-rules.ts';
