export {
  findAccess,
  learnedPerSubject,
  listAccess,
  listAccessRows,
  listBuddyCards,
  listLearnableCardIds,
  type StreamRow,
  type SubjectContentRow,
} from './db/study.server.ts';
export { type AccessStream, grantSubjectAccess, revokeClassAccess, revokeLicenseAccess } from './db/subjects.server.ts';
export { cardStandingSql } from './db/standing.server.ts';
export { importCardsContent } from './db/content-import.server.ts';
export { cards, studySubjects, topics } from './db/tables.ts';
export { getCard, learnedFormAction, listCards, setCardLearned, visitCard } from './server/cards.server.ts';
export { accessRefusal, studyRefusal, type StudyRefusal } from './server/refusals.server.ts';
export {
  type AccessRefusal,
  carryOn,
  findStudySubject,
  levelOf,
  listUserSubjects,
  NO_FILTERS,
  ok,
  openableIn,
  refuse,
  studyOf,
  type StudyResult,
  subjectContent,
  subjectOfCard,
  type UserSubjectRow,
} from './server/study-state.server.ts';
export { topicNameMap } from './server/views.server.ts';
