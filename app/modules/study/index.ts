export { formatGrade } from './domain/exam-check.ts';
export { MY_SUBJECT_MESSAGES, STUDY_MESSAGES } from './domain/messages.ts';
export { studyAreaHref } from './domain/study-links.ts';
export { type ReviewRating } from './domain/memory.ts';
export { calendar, planToday, type PlanCard, type PlanSubject, type TodayPlan } from './domain/plan.ts';
export {
  areaArticlePath,
  buddyPath,
  cardModalPath,
  checkPath,
  checkResultPath,
  idiomPath,
  isSubjectView,
  PLAN_PATH,
  subjectIdOfPath,
  subjectPath,
  subjectSlug,
  subjectTitle,
  withoutCardModal,
} from './domain/study-paths.ts';
export { hasAccess, isNoAccess } from './domain/study.ts';
export { AREA_ROUTE_ID, type AreaLayoutData, type AreaUser, type AreaVisitor } from './schemas/area.ts';
export {
  buddyAnswerSchema,
  type BuddyAnswerView,
  buddyQuestionSchema,
  chatbotListSchema,
  chatbotSchema,
  idiomListSchema,
  idiomListsSchema,
  idiomSearchQuerySchema,
} from './schemas/buddy-idioms.ts';
export {
  answersFromForm,
  draftFromForm,
  type ArticleExamCheck,
  attemptResultSchema,
  testAnswersSchema,
  testDraftSchema,
  testListSchema,
  testSchema,
  unscoredQuestions,
} from './schemas/checks.ts';
export { type StudySubjectFile, studySubjectFileSchema } from './schemas/study-content.ts';
export {
  MAX_DAILY_MINUTES,
  nextStepQuerySchema,
  nextStepSchema,
  type NextStepView,
  subjectMasterySchema,
  MIN_DAILY_MINUTES,
  planResetFormSchema,
  planResetSchema,
  planSettingsSchema,
  type PlanSettingsView,
  planSettingsViewSchema,
  reviewLogSchema,
  type TodayPlanView,
  todayPlanSchema,
} from './schemas/plan.ts';
export { parseExamTimetable } from './schemas/exam-timetable.ts';
export { formatExamDate } from './domain/exam-dates.ts';
export {
  cardFilterQuerySchema,
  cardIdParams,
  cardListSchema,
  cardReviewResultSchema,
  type CardReviewResult,
  cardReviewSchema,
  cardSchema,
  reviewQueueSchema,
  cardStateSchema,
  type CardView,
  chatbotIdParams,
  idiomIdParams,
  MAX_BUDDY_QUESTION,
  queryObject,
  studySubjectSchema,
  subjectIdParams,
  testIdParams,
  toCardFilters,
  type ParentTopicView,
  type TopicView,
  type LearnListCard,
} from './schemas/study.ts';
export { foldedChapters } from './domain/learn-list.ts';
export {
  addSubjectsSchema,
  type MySubjectView,
  userSubjectsNoticeSchema,
  userSubjectsSchema,
  type UserSubjectView,
} from './schemas/subjects.ts';
