export {
  type ConversionInput,
  type ConversionRefusal,
  type ConversionRefusalReason,
  type ConvertedGrade,
  convertScore,
  MAX_N_TERM_TENTHS,
  MIN_N_TERM_TENTHS,
  nTermTenths,
  scoreToGrade,
} from './domain/conversion.ts';
export {
  ESTIMATE_YEARS,
  estimateN,
  type ExamKey,
  type NTermLookup,
  type NTermSource,
  nTermSourceProblems,
  nTermTableProblems,
  type Tijdvak,
} from './domain/n-term.ts';
export { formatTenths, fromTenths, MAX_TENTHS, MIN_TENTHS, roundToTenths, toTenths } from './domain/grade.ts';
export {
  type AssessedSubject,
  ceForFinalGrade,
  type CombinationSubject,
  combinationGradeOf,
  type CoreSubject,
  type ExamSubject,
  finalGradeOf,
  type GradedSubject,
  seOnlyFinalGrade,
} from './domain/final-grade.ts';
export { type FinalGradeLine, type InvalidGrades, type Standing } from './domain/standing.ts';
export {
  DIPLOMA_RULES,
  type DiplomaRule,
  type Failure,
  type FailureReason,
  type RuleId,
  rulesFor,
} from './domain/diploma-rules.ts';
export {
  type DiplomaOutcome,
  evaluateDiploma,
  type NeededCe,
  neededCeGrade,
  type RetakeOption,
} from './domain/diploma.ts';
export { GRADES_MESSAGES } from './domain/messages.ts';
export {
  COMBINATION,
  EXAM_SUBJECTS,
  type ExamSubjectDef,
  type ExamSubjectKind,
  examSubjectOf,
  examSubjectsOf,
} from './domain/exam-subjects.ts';
export { type CePrediction, type ExamRecall, MIN_RECALL_COVERAGE, predictCe } from './domain/prediction.ts';
export {
  ASSESSMENTS,
  type Assessment,
  examLevelOf,
  type GradeEvidence,
  type SimulatedSubject,
  type Simulation,
  simulate,
  type StoredGrade,
  type Suggestion,
} from './domain/simulator.ts';
export {
  type GradeEntry,
  gradesViewSchema,
  type GradesView,
  MAX_GRADE_ENTRIES,
  pastExamViewSchema,
  type PastExamView,
  savePastExamSchema,
  type SavePastExam,
  saveGradesSchema,
  type SaveGrades,
} from './schemas/grades.ts';
export { GRADE_CALCULATOR_PATH, GRADES_PATH } from './domain/paths.ts';
export {
  NO_EXAMS_YEAR,
  PAST_EXAM_YEARS_BACK,
  type PastExamScore,
  pastExamGradeTenths,
  pastExamYears,
} from './domain/past-exams.ts';
export {
  type CalculatorPage,
  type CheckAnswer,
  type CheckSubjectField,
  type ConversionAnswer,
} from './schemas/calculator.ts';
