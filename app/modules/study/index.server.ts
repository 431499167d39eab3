export { importStudyContent, readStudyFiles, type StudyImportCounts } from './db/seed.server.ts';
export { grantSubjectAccess } from './db/subjects.server.ts';
export { visitArea } from './server/area.server.ts';
export { askBuddy, getChatbot, getIdiomList, listMyChatbots, listMyIdiomLists } from './server/buddy.server.ts';
export { gradesOverTimeChart, topicResultsChart } from './server/study-charts.server.ts';
export {
  carryOn,
  examCheckOf,
  findStudySubjectLink,
  getCard,
  getCheckResult,
  getLatestAttempt,
  getResultsPage,
  getStudySubject,
  getSubjectOverview,
  getSubjectPage,
  getTest,
  getUsefulPage,
  learnedFormAction,
  listCards,
  listTests,
  progressPerSubject,
  setCardLearned,
  type StudyRefusal,
  submitTest,
  teachersText,
  visitCard,
} from './server/study.server.ts';
export { addMySubjects, listMySubjects, listMySubjectsWithBooks, removeMySubject } from './server/subjects.server.ts';
