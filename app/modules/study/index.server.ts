export { importStudyContent, readStudyFiles, type StudyImportCounts } from './server/content-import.server.ts';
export {
  checkStudyContent,
  forgetSubjectContent,
  importSubjectContent,
  studyContentChanges,
  type StudyContentChanges,
  studyContentFromService,
} from './server/content-publish.server.ts';
export { visitArea } from './server/area-visit.server.ts';
export { diplomaFocusFor, gradeEvidence, saveRealCeGrade, sharedGradesOf } from './server/grade-evidence.server.ts';
export { findOnlineContent } from './server/online-content.server.ts';
export { reviewSessionCards, reviewSessionPage } from './server/review-session.server.ts';
export { areaHomePage, planningPage, subjectOverviewPage, subjectResultsPage } from './server/page-views.server.ts';
export { getStudySubject, getSubjectPage, getUsefulPage, learnListCard, teachersText } from './server/pages.server.ts';
export { startTrial, TRIAL_REFUSAL_STATUS } from './server/trial.server.ts';
