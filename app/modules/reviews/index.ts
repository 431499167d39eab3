export { REVIEW_MESSAGES } from './domain/messages.ts';
export {
  type CardMemory,
  daysUntilRecall,
  recallAfter,
  recallAt,
  reviewCard,
  stabilityAfterReview,
  TARGET_RECALL,
} from './domain/memory.ts';
export {
  cardReviewResultSchema,
  type CardReviewResult,
  cardReviewSchema,
  REVIEW_SECONDS_CAP,
  reviewLogSchema,
  reviewQueueSchema,
} from './schemas/review.ts';
export { REVIEW_RATINGS, ratingForKey, type ReviewRating } from './domain/ratings.ts';
