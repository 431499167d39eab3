export { formatGrade } from './domain/exam-check.ts';
export { studyAreaHref } from './domain/study-links.ts';
export {
  areaArticlePath,
  buddyPath,
  cardModalPath,
  checkPath,
  checkResultPath,
  idiomPath,
  isSubjectView,
  subjectPath,
  subjectSlug,
  subjectTitle,
  withoutCardModal,
} from './domain/study-paths.ts';
export { hasAccess, isNoAccess } from './domain/study.ts';
export { AREA_ROUTE_ID, type AreaLayoutData, type AreaUser } from './schemas/area.ts';
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
  type ArticleExamCheck,
  attemptResultSchema,
  testAnswersSchema,
  testListSchema,
  testSchema,
} from './schemas/checks.ts';
export { type StudySubjectFile, studySubjectFileSchema } from './schemas/study-content.ts';
export {
  cardFilterQuerySchema,
  cardIdParams,
  cardListSchema,
  cardSchema,
  cardStateSchema,
  type CardView,
  chatbotIdParams,
  idiomIdParams,
  MAX_BUDDY_QUESTION,
  queryObject,
  STUDY_MESSAGES,
  studySubjectSchema,
  subjectIdParams,
  testIdParams,
  toCardFilters,
  type TopicView,
} from './schemas/study.ts';
export {
  addSubjectsSchema,
  MY_SUBJECT_MESSAGES,
  type MySubjectView,
  userSubjectsNoticeSchema,
  userSubjectsSchema,
  type UserSubjectView,
} from './schemas/subjects.ts';
