export { AREA_ROUTE_ID, type AreaLayoutData, type AreaUser, type AreaVisitor } from './schemas/area.ts';
export { type StudySubjectFile, studySubjectFileSchema } from './schemas/study-content.ts';
export {
  checkStudyContentText,
  GENERAL_ARTICLE_CATEGORY,
  type StudyArticle,
  studyContentCounts,
  type StudyContentCounts,
  type StudyContentError,
  studyContentErrorText,
  studyContentProblems,
} from './schemas/study-content-checks.ts';
export { studySubjectSchema } from './schemas/subject.ts';
export { type FirstStep } from './domain/first-step.ts';
export { TRIAL_MESSAGES } from './domain/messages.ts';
export { TRIAL_INTENT, trialFormSchema } from './schemas/trial.ts';
export { parseSession, type ReviewSessionRef, sessionSearch } from './domain/review-session.ts';
export type { ReviewSessionData, ReviewSessionView } from './schemas/review-session.ts';
