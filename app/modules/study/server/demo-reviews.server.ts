import type { Db } from '#app/db/client.server.ts';
import { DAY_MS, type CardMemory, type ReviewLogEntry, type ReviewRating } from '#app/modules/study/domain/memory.ts';
import { insertReviewHistory, listLearnableCardIds } from '#app/modules/study/db/memory.server.ts';
import { mulberry32 } from '#app/platform/random.ts';
import { reviewCard } from './fsrs.server.ts';

/** How many of the subject's cards the demo pupil has been reviewing, and for how many days. */
const DEMO_CARDS = 40;
const DEMO_DAYS = 35;

/**
 * The demo pupil's review history in a subject (README, issue 20): over five weeks they read
 * one new card a day or so, reviewed each when it was due (now and then a day late, as pupils are) and
 * mostly knew it.
 * They last studied three days ago, so the cards that came due since are due now. Cards to learn only.
 */
export async function seedDemoReviews(db: Db, userId: string, subjectId: number, now: Date = new Date()) {
  const learnable = (await listLearnableCardIds(db, subjectId)).slice(0, DEMO_CARDS);
  // Seeded: the same history on every fresh database.
  const next = mulberry32(20_261_127 + subjectId);
  const rating = (): ReviewRating => {
    const r = next();
    return r < 0.08 ? 'again' : r < 0.22 ? 'hard' : r < 0.9 ? 'good' : 'easy';
  };
  const lastStudied = now.getTime() - 3 * DAY_MS;
  for (const [index, id] of learnable.entries()) {
    // Read over the five weeks, a new card most days.
    let at = new Date(lastStudied - (DEMO_DAYS - index * (DEMO_DAYS / DEMO_CARDS)) * DAY_MS);
    let memory: CardMemory | null = null;
    const logs: ReviewLogEntry[] = [];
    while (at.getTime() < lastStudied) {
      const review = reviewCard(memory, rating(), at, { secondsSpent: 12 + Math.floor(next() * 50) });
      memory = review.memory;
      logs.push(review.log);
      const late = next() < 0.2 ? (1 + Math.floor(next() * 2)) * DAY_MS : 0;
      at = new Date(Math.max(memory.due.getTime(), at.getTime() + 60_000) + late);
    }
    if (memory) await insertReviewHistory(db, userId, id, memory, logs);
  }
}
