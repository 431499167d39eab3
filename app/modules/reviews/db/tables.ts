import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { userIdColumn, users } from '#app/modules/accounts/index.server.ts';
import { cards } from '#app/modules/cards/index.server.ts';

/** Spaced reviews (issue 20): each pupil's FSRS memory of a card, the review log, fitted parameters. */

/**
 * A pupil's memory of a card (issue 20): its FSRS state after their latest review, from which the next
 * review and the recall on any later day (the exam morning) are predicted. One row per pupil and card,
 * replaced at each review; the history is card_reviews.
 */
export const cardMemory = pgTable(
  'card_memory',
  {
    userId: userIdColumn(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    /** When FSRS plans the next review. */
    due: timestamp('due', { withTimezone: true }).notNull(),
    /** Days until recall falls to 90 %. */
    stability: doublePrecision('stability').notNull(),
    /** 1 (easy) to 10 (hard). */
    difficulty: doublePrecision('difficulty').notNull(),
    /** FSRS state: 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }).notNull(),
  },
  // No index on `due`: every review changes it, and without one a review updates the row in place (a HOT
  // update, migration 0023); a pupil's due cards are found among their rows by the primary key.
  (t) => [primaryKey({ columns: [t.userId, t.cardId] })],
);

/**
 * Every review a pupil gave (issue 20), append-only: the rating, when, the days since the review before,
 * the FSRS state before (null for a card's first review) and after, and the seconds spent. Personal FSRS
 * parameters are fitted from it, and the pupil can download it.
 */
export const cardReviews = pgTable(
  'card_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    /** 1 Opnieuw, 2 Moeilijk, 3 Goed, 4 Makkelijk. */
    rating: smallint('rating').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    elapsedDays: doublePrecision('elapsed_days').notNull(),
    stateBefore: smallint('state_before'),
    stabilityBefore: doublePrecision('stability_before'),
    difficultyBefore: doublePrecision('difficulty_before'),
    stateAfter: smallint('state_after').notNull(),
    stabilityAfter: doublePrecision('stability_after').notNull(),
    difficultyAfter: doublePrecision('difficulty_after').notNull(),
    dueAfter: timestamp('due_after', { withTimezone: true }).notNull(),
    secondsSpent: integer('seconds_spent'),
  },
  (t) => [
    index('card_reviews_user_time_idx').on(t.userId, t.reviewedAt),
    // A pupil's timed first reads, latest first (the plan's pace of a first read, ADR 037): without it the
    // read walks back through all their reviews when fewer than 100 of them were first reads.
    index('card_reviews_first_reads_idx')
      .on(t.userId, t.reviewedAt, t.id)
      .where(sql`${t.stateBefore} is null and ${t.secondsSpent} is not null`),
    check('card_reviews_rating_check', sql`${t.rating} between 1 and 4`),
  ],
);

/**
 * A pupil's own FSRS-6 parameters (issue 20), fitted from their review log by the FSRS optimizer in a
 * background job once they have enough reviews. No row: FSRS-6's defaults.
 */
export const fsrsParameters = pgTable('fsrs_parameters', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The 21 FSRS-6 weights. */
  weights: jsonb('weights').$type<number[]>().notNull(),
  /** How many reviews the fit used. */
  reviewCount: integer('review_count').notNull(),
  fittedAt: timestamp('fitted_at', { withTimezone: true }).notNull(),
});
