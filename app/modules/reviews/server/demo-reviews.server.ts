import type { Db } from '#app/db/client.server.ts';
import {
  DAY_MS,
  recallAfter,
  reviewCard,
  type CardMemory,
  type ReviewLogEntry,
} from '#app/modules/reviews/domain/memory.ts';
import type { ReviewRating } from '#app/modules/reviews/domain/ratings.ts';
import { listLearnableCardIds } from '#app/modules/cards/index.server.ts';
import { insertReviewHistory } from '#app/modules/reviews/db/memory.server.ts';
import { mulberry32 } from '#app/platform/random.ts';
import { type FitOutcome, fitUserParameters, MIN_REVIEWS_TO_FIT } from './fsrs-params.server.ts';

/** How many of the subject's cards the demo pupil has been reviewing. */
const DEMO_CARDS = 60;
/** The days of their history: sixteen weeks. */
const DEMO_DAYS = 112;
/** Enough reviews for their own parameters (MIN_REVIEWS_TO_FIT), with room to spare. */
const DEMO_MIN_REVIEWS = MIN_REVIEWS_TO_FIT + 40;
/** Seeded histories tried for one with DEMO_MIN_REVIEWS (most have them). */
const DEMO_ATTEMPTS = 20;
/**
 * The demo pupil forgets faster than FSRS-6's default learner: their recall follows the forgetting curve
 * at this share of the stability FSRS gives the card. Their own fitted parameters (ADR 018) learn that,
 * and schedule them shorter intervals than the defaults.
 */
const DEMO_MEMORY = 0.4;
/** The share of reviews they do a day or two late. */
const LATE_SHARE = 0.15;

/** A card's history: its memory now and every review, oldest first. */
export interface DemoCardHistory {
  cardId: number;
  memory: CardMemory;
  logs: ReviewLogEntry[];
}

function simulate(cards: readonly number[], seed: number, lastStudied: number): DemoCardHistory[] {
  const next = mulberry32(seed);
  const recalledRating = (): ReviewRating => {
    const r = next();
    return r < 0.15 ? 'hard' : r < 0.9 ? 'good' : 'easy';
  };
  const rating = (memory: CardMemory | null, at: Date): ReviewRating => {
    // The first time they read the card: now and then it did not stick at all.
    if (!memory) return next() < 0.12 ? 'again' : recalledRating();
    const since = (at.getTime() - memory.lastReview.getTime()) / DAY_MS;
    return next() < recallAfter(memory.stability * DEMO_MEMORY, since) ? recalledRating() : 'again';
  };
  const histories: DemoCardHistory[] = [];
  for (const [index, cardId] of cards.entries()) {
    // A new card every other day or so, on whole days (always in the evening).
    let at = new Date(lastStudied - Math.round(DEMO_DAYS - index * (DEMO_DAYS / cards.length)) * DAY_MS);
    let memory: CardMemory | null = null;
    const logs: ReviewLogEntry[] = [];
    while (at.getTime() < lastStudied) {
      const review = reviewCard(memory, rating(memory, at), at, { secondsSpent: 12 + Math.floor(next() * 50) });
      memory = review.memory;
      logs.push(review.log);
      const late = next() < LATE_SHARE ? (1 + Math.floor(next() * 2)) * DAY_MS : 0;
      at = new Date(Math.max(memory.due.getTime(), at.getTime() + 60_000) + late);
    }
    if (memory) histories.push({ cardId, memory, logs });
  }
  return histories;
}

/**
 * The demo pupil's review histories (README, issue 20), one per card given (at most DEMO_CARDS): over
 * sixteen weeks they read a new card every other day or so, reviewed each when it was due (now and
 * then a day or two late, as pupils are) and rated it by how well they recalled it: Opnieuw when they
 * had forgotten it (the likelier the longer since the card's last review), otherwise mostly Goed. They
 * study in the evening (18:00 UTC) and last studied three days ago, so the cards that came due since are
 * due now. Seeded: the same history for the same cards and seed, whatever the time of day of `now`.
 */
export function demoReviewHistories(cardIds: readonly number[], seed: number, now: Date): DemoCardHistory[] {
  const cards = cardIds.slice(0, DEMO_CARDS);
  const lastStudied = Math.floor((now.getTime() - 3 * DAY_MS) / DAY_MS) * DAY_MS + 18 * 3_600_000;
  // The first of the seeded histories with enough reviews: how many a history has swings with its early
  // lapses (a forgotten card comes back sooner, and again), from about 300 to 500.
  let histories: DemoCardHistory[] = [];
  for (let attempt = 0; attempt < DEMO_ATTEMPTS; attempt++) {
    histories = simulate(cards, seed + attempt, lastStudied);
    if (histories.reduce((sum, card) => sum + card.logs.length, 0) >= DEMO_MIN_REVIEWS) break;
  }
  return forgottenLastEvening(histories, lastStudied);
}

/** The cards the demo pupil forgot on their last evening (Opnieuw) and left before the 10 minutes were over. */
const FORGOTTEN_LAST_EVENING = 8;

/**
 * Their last evening ended with FORGOTTEN_LAST_EVENING cards rated Opnieuw, the ones due soonest after it: those
 * cards are in their relearning step, due since that evening, so today's plan brings them back
 * whatever the exam is worth (ADR 031) — the demo's "Herhalen" has cards to show.
 */
function forgottenLastEvening(histories: DemoCardHistory[], lastStudied: number): DemoCardHistory[] {
  const overdue = histories
    .filter((card) => card.memory.state === 2)
    .sort((a, b) => a.memory.due.getTime() - b.memory.due.getTime() || a.cardId - b.cardId)
    .slice(0, FORGOTTEN_LAST_EVENING);
  const forgotten = new Set(overdue.map((card) => card.cardId));
  return histories.map((card, index) => {
    if (!forgotten.has(card.cardId)) return card;
    const at = new Date(Math.max(lastStudied, card.memory.lastReview.getTime() + 60_000) + index * 60_000);
    const review = reviewCard(card.memory, 'again', at, { secondsSpent: 25 });
    return { cardId: card.cardId, memory: review.memory, logs: [...card.logs, review.log] };
  });
}

/**
 * The demo pupil's reviews in a subject (demoReviewHistories on its cards to learn), written at once;
 * then their own FSRS-6 parameters are fitted from the log (ADR 018), so `npm start` shows a pupil with
 * fitted parameters at once (their history is above MIN_REVIEWS_TO_FIT). Where the optimizer cannot run
 * (no binary of the binding for this platform), the seed goes on and the pupil keeps the defaults: the
 * answer says so.
 */
export async function seedDemoReviews(
  db: Db,
  userId: string,
  subjectId: number,
  now: Date = new Date(),
): Promise<FitOutcome | { status: 'failed'; error: unknown }> {
  const learnable = await listLearnableCardIds(db, subjectId);
  for (const { cardId, memory, logs } of demoReviewHistories(learnable, 20_261_127 + subjectId, now)) {
    await insertReviewHistory(db, userId, cardId, memory, logs);
  }
  try {
    return await fitUserParameters(db, userId, now);
  } catch (error) {
    return { status: 'failed', error };
  }
}
