/** The pupil's review log, to download (their data). */
import type { Scope } from '#app/platform/server/deps.ts';
import { listReviews } from '../db/memory.server.ts';
import { REVIEW_RATINGS } from '../domain/ratings.ts';
import type { ReviewLogView } from '../schemas/review.ts';

const STATE_NAMES = { 1: 'learning', 2: 'review', 3: 'relearning' } as const;
const stateName = (state: number) => STATE_NAMES[state as 1 | 2 | 3] ?? 'learning';

/** GET /v1/users/me/reviews: the pupil's whole review log, oldest first (their data, to download). */
export async function myReviewLog(s: Scope, userId: string, now = new Date()): Promise<ReviewLogView> {
  const rows = await listReviews(s.db, userId);
  return {
    exportedAt: now.toISOString(),
    reviews: rows.map((row) => ({
      cardId: row.cardId,
      rating: REVIEW_RATINGS.find((r) => r.grade === row.rating)?.value ?? 'again',
      reviewedAt: row.reviewedAt.toISOString(),
      elapsedDays: row.elapsedDays,
      before:
        row.stateBefore === null || row.stabilityBefore === null || row.difficultyBefore === null
          ? null
          : { state: stateName(row.stateBefore), stability: row.stabilityBefore, difficulty: row.difficultyBefore },
      after: {
        state: stateName(row.stateAfter),
        stability: row.stabilityAfter,
        difficulty: row.difficultyAfter,
        due: row.dueAfter.toISOString(),
      },
      secondsSpent: row.secondsSpent,
    })),
  };
}
