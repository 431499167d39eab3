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
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { userIdColumn, users } from '#app/modules/accounts/index.server.ts';
import { subjectIdColumn } from '#app/modules/catalog/index.server.ts';
import { cards, topics } from '#app/modules/cards/index.server.ts';

/** Spaced reviews (issue 20): each pupil's FSRS memory of a card, the review log, the plan settings and exam dates, fitted parameters. */

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
    check('card_reviews_rating_check', sql`${t.rating} between 1 and 4`),
  ],
);

/**
 * A pupil's study plan settings (issue 20): the minutes a day they plan to study. No row: the default
 * (DEFAULT_BUDGET_MINUTES, 20).
 */
export const studyPlanSettings = pgTable(
  'study_plan_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyMinutes: smallint('daily_minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('study_plan_settings_minutes_check', sql`${t.dailyMinutes} between 5 and 240`)],
);

/**
 * The date of a subject's central exam as the pupil entered it (their school's timetable), which
 * overrides the date of the CvTE timetable or its estimate (issue 20). A calendar date, 'YYYY-MM-DD'.
 */
export const subjectExamDates = pgTable(
  'subject_exam_dates',
  {
    userId: userIdColumn(),
    subjectId: subjectIdColumn(),
    examDate: text('exam_date').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId] }),
    check('subject_exam_dates_date_check', sql`${t.examDate} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
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

/**
 * What a pupil's teacher (and, less of it, a parent) reads of the pupil's study of a subject (issue 31, ADR
 * 025): per topic the mastery level and the recall now and on the exam morning, computed by the same
 * functions as the pupil's own mastery page. Kept up to date by the `refresh-topic-summary` job, which a
 * review or a handed-in check queues, and by the nightly refresh (recall falls without reviews). Derived
 * data: a refresh does not raise the pupil's data version.
 */
export const pupilTopicSummaries = pgTable(
  'pupil_topic_summaries',
  {
    userId: userIdColumn(),
    subjectId: subjectIdColumn(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    /** nieuw, geoefend, bekend, vaardig, beheerst (domain/mastery.ts). */
    level: text('level').notNull(),
    recallNow: real('recall_now').notNull(),
    /** The predicted recall of the topic's cards on the morning of the subject's exam. */
    recallExam: real('recall_exam').notNull(),
    cardsSeen: integer('cards_seen').notNull(),
    cards: integer('cards').notNull(),
    /** The share of the points on the topic in the latest exam check; null without one. */
    checkShare: real('check_share'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId, t.topicId] }),
    index('pupil_topic_summaries_subject_idx').on(t.subjectId),
  ],
);

/** The subject's side of the summary: the exam date the plan aims at and the effort of the last 7 days. */
export const pupilSubjectSummaries = pgTable(
  'pupil_subject_summaries',
  {
    userId: userIdColumn(),
    subjectId: subjectIdColumn(),
    /** The exam date the pupil's plan aims at ('YYYY-MM-DD'); null without a plan (no exam year, no access). */
    examDate: text('exam_date'),
    /** Why there is no plan for the subject: 'no_plan' (no exam year) or 'no_access'; null with one. */
    missing: text('missing'),
    /** The weighted mean of the topics' recall on the exam morning (topic weights of "what next"). */
    recallExam: real('recall_exam'),
    reviews7d: integer('reviews_7d').notNull(),
    seconds7d: integer('seconds_7d').notNull(),
    /** Minutes on every subject in the last 7 days, and what the plan asked in them (7 × the daily minutes). */
    minutesAll7d: integer('minutes_all_7d').notNull(),
    minutesAsked7d: integer('minutes_asked_7d').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId] }),
    index('pupil_subject_summaries_subject_idx').on(t.subjectId),
  ],
);
