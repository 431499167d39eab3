export { seedDemoReviews } from './server/demo-reviews.server.ts';
export { examRecallPerSubject } from './server/exam-recall.server.ts';
export { fitDueParameters } from './server/fsrs-params.server.ts';
export { nextStepFor, subjectMastery } from './server/mastery.server.ts';
export { getPlanSettings, resetSubjectPlan, savePlanSettings } from './server/plan-settings.server.ts';
export { reviewCardForUser, reviewFormAction } from './server/rate-card.server.ts';
export { PLAN_REFUSAL_STATUS, type PlanRefusal, reviewRefusal } from './server/refusals.server.ts';
export { myReviewLog } from './server/review-log.server.ts';
export { reviewQueue } from './server/reviews.server.ts';
export { readExamTimetable } from './server/timetable.server.ts';
export { todayPlan } from './server/today-plan.server.ts';
export { workloadForecast } from './server/workload.server.ts';
export {
  pupilSummaries,
  pupilSummariesStamp,
  refreshPupilSummary,
  type PupilSummary,
} from './server/summaries.server.ts';
export { pupilSubjectSummaries, pupilTopicSummaries } from './db/tables.ts';
