export { REVIEW_MESSAGES } from './domain/messages.ts';
export { formatExamDate } from './domain/exam-dates.ts';
export { recallAt, reviewCard } from './domain/memory.ts';
export { topicRecallChart } from './domain/plan-charts.ts';
export { calendar, type PlanCard, type PlanSubject, planToday } from './domain/plan.ts';
export { parseExamTimetable } from './schemas/exam-timetable.ts';
export {
  MAX_DAILY_MINUTES,
  MIN_DAILY_MINUTES,
  nextStepQuerySchema,
  nextStepSchema,
  planResetFormSchema,
  planResetSchema,
  planSettingsSchema,
  planSettingsViewSchema,
  reviewLogSchema,
  subjectMasterySchema,
  type SubjectMasteryView,
  todayPlanSchema,
} from './schemas/plan.ts';
export {
  cardReviewResultSchema,
  type CardReviewResult,
  cardReviewSchema,
  REVIEW_SECONDS_CAP,
  reviewQueueSchema,
} from './schemas/review.ts';
export { REVIEW_RATINGS, ratingForKey, type ReviewRating } from './domain/ratings.ts';
