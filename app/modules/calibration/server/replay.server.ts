/**
 * A pupil's review log replayed with FSRS-6 (the reviews module's `reviewCard` and `recallAt`): before each
 * review, the card's memory from the reviews before predicts the recall (ADR 028).
 */
import { recallAt, reviewCard } from '#app/modules/reviews/index.ts';
import { MIN_ELAPSED_DAYS, type LoggedReview } from '../domain/calibration.ts';

const RATING = { 1: 'again', 2: 'hard', 3: 'good', 4: 'easy' } as const;
const DAY_MS = 86_400_000;

/**
 * Replays one pupil's reviews (oldest first, any cards) with FSRS-6 at `weights` (undefined: its defaults) and
 * calls `each` with every prediction that counts: the review it predicted (recalled: rated above Opnieuw) and the
 * predicted recall.
 */
export function replayPredictions(
  reviews: readonly LoggedReview[],
  weights: readonly number[] | undefined,
  each: (review: LoggedReview, p: number) => void,
): void {
  const memories = new Map<number, ReturnType<typeof reviewCard>['memory']>();
  for (const review of reviews) {
    const rating = RATING[review.rating as keyof typeof RATING];
    if (!rating) continue;
    const memory = memories.get(review.cardId) ?? null;
    if (memory && (review.reviewedAt.getTime() - memory.lastReview.getTime()) / DAY_MS >= MIN_ELAPSED_DAYS) {
      each(review, recallAt(memory, review.reviewedAt, weights));
    }
    memories.set(review.cardId, reviewCard(memory, rating, review.reviewedAt, { weights }).memory);
  }
}
