export { isLearnable, mayOpen } from './domain/access.ts';
export { foldedChapters } from './domain/learn-list.ts';
export { MY_SUBJECT_MESSAGES, STUDY_MESSAGES } from './domain/messages.ts';
export {
  CARD_SECTION_LABELS,
  CARD_SECTIONS,
  type CardSection,
  DIFFICULTIES,
  EXAM_TYPES,
} from './domain/study-content.ts';
export { studyAreaHref, type StudyAreaLink } from './domain/study-links.ts';
export { hasAccess, isNoAccess, streamOf } from './domain/study.ts';
export {
  cardFilterQuerySchema,
  cardIdParams,
  cardListSchema,
  cardSchema,
  cardStateSchema,
  type CardSummaryView,
  type CardView,
  id,
  type LearnListCard,
  type ParentTopicView,
  queryObject,
  subjectIdParams,
  textId,
  toCardFilters,
  topicRef,
  type TopicView,
} from './schemas/study.ts';
