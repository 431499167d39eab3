export { importStudyContent, readStudyFiles, type StudyImportCounts } from './db/seed.server.ts';
export { grantSubjectAccess } from './db/subjects.server.ts';
export { mySubjects, visitArea } from './server/area.server.ts';
export { diplomaFocusFor, gradeEvidence } from './server/grade-evidence.server.ts';
export {
  askBuddy,
  askBuddyAndRemember,
  clearBuddyConversation,
  getBuddyConversation,
  getChatbot,
  getIdiomList,
  listMyChatbots,
  listMyIdiomLists,
} from './server/buddy.server.ts';
export {
  getCard,
  learnedFormAction,
  listCards,
  reviewCardForUser,
  reviewFormAction,
  setCardLearned,
  visitCard,
} from './server/cards.server.ts';
export {
  examCheckOf,
  getCheckResult,
  getLatestAttempt,
  getTest,
  getTestDraft,
  listTests,
  saveTestDraft,
  submitTest,
} from './server/checks.server.ts';
export { getStudySubject, getSubjectPage, getUsefulPage, learnListCard, teachersText } from './server/pages.server.ts';
export { findOnlineContent } from './server/online-content.server.ts';
export { carryOn } from './server/study-state.server.ts';
export { areaHomePage, planningPage, subjectOverviewPage, subjectResultsPage } from './server/page-views.server.ts';
export {
  MY_SUBJECT_REFUSAL_STATUS,
  PLAN_REFUSAL_STATUS,
  type PlanRefusal,
  studyRefusal,
  type StudyRefusal,
  type StudyThing,
} from './server/refusals.server.ts';
export { addMySubjects, listMySubjects, listMySubjectsWithBooks, removeMySubject } from './server/subjects.server.ts';
export { seedDemoReviews } from './server/demo-reviews.server.ts';
export { reviewQueue } from './server/reviews.server.ts';
export {
  getPlanSettings,
  myReviewLog,
  nextStepFor,
  resetSubjectPlan,
  savePlanSettings,
  subjectMastery,
  todayPlan,
} from './server/plan.server.ts';
export { reviewCard } from './domain/fsrs.ts';
export { fitDueParameters } from './server/fsrs-params.server.ts';
