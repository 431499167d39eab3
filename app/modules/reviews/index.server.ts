export { seedDemoReviews } from './server/demo-reviews.server.ts';
export { fitDueParameters } from './server/fsrs-params.server.ts';
export {
  examRecallPerSubject,
  getPlanSettings,
  myReviewLog,
  nextStepFor,
  resetSubjectPlan,
  savePlanSettings,
  subjectMastery,
  todayPlan,
  workloadForecast,
} from './server/plan.server.ts';
export { reviewCardForUser, reviewFormAction } from './server/rate-card.server.ts';
export { PLAN_REFUSAL_STATUS, type PlanRefusal } from './server/refusals.server.ts';
export { reviewQueue } from './server/reviews.server.ts';
