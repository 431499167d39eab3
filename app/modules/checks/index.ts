export { CHECK_MESSAGES } from './domain/messages.ts';
export { formatGrade } from './domain/exam-check.ts';
export { lowerCheck } from './domain/lower-check.ts';
export { gradesOverTimeChart, topicResultsChart } from './domain/study-charts.ts';
export { attemptSchema, type AttemptView } from './schemas/attempts.ts';
export {
  answersFromForm,
  type ArticleExamCheck,
  attemptResultSchema,
  draftFromForm,
  testAnswersSchema,
  testDraftSchema,
  testIdParams,
  testListSchema,
  testSchema,
  type TestSummaryView,
  unscoredQuestions,
} from './schemas/checks.ts';
export {
  addSubjectsSchema,
  type MySubjectView,
  streamSchema,
  userSubjectsNoticeSchema,
  userSubjectsSchema,
  type UserSubjectView,
} from './schemas/subjects.ts';
