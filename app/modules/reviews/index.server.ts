export { seedDemoReviews } from './server/demo-reviews.server.ts';
export { fitDueParameters } from './server/fsrs-params.server.ts';
export { reviewCardForUser, reviewFormAction } from './server/rate-card.server.ts';
export { reviewRefusal } from './server/refusals.server.ts';
export { myReviewLog } from './server/review-log.server.ts';
export { cardMemoryOf, DEFAULT_REVIEW_SECONDS, reviewQueue } from './server/reviews.server.ts';
export { pupilsWithReviews, reviewLogsOf } from './db/fsrs-params.server.ts';
export { deleteCardsMemory, listCardMemory, reviewsSince } from './db/memory.server.ts';
export { reviewFactsSql } from './db/review-facts.server.ts';
