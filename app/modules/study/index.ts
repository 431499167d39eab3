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
export { type StudySubjectFile, studySubjectFileSchema } from './schemas/study-content.ts';
export {
  answersFromForm,
  type ArticleExamCheck,
  attemptResultSchema,
  buddyAnswerSchema,
  type BuddyAnswerView,
  buddyQuestionSchema,
  cardFilterQuerySchema,
  cardIdParams,
  cardListSchema,
  cardSchema,
  cardStateSchema,
  type CardView,
  chatbotIdParams,
  chatbotListSchema,
  chatbotSchema,
  idiomIdParams,
  idiomListSchema,
  idiomListsSchema,
  idiomSearchQuerySchema,
  MAX_BUDDY_QUESTION,
  queryObject,
  STUDY_MESSAGES,
  studySubjectSchema,
  subjectIdParams,
  testAnswersSchema,
  testIdParams,
  testListSchema,
  testSchema,
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
