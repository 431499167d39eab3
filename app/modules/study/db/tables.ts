import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { userIdColumn, users } from '#app/modules/accounts/index.server.ts';
import { subjectIdColumn, subjects, products } from '#app/modules/catalog/index.server.ts';

/**
 * The study area's content (spec §3 Card, Topic, Test, Chatbot,
 * Idiom) and what each pupil did with it. Content rows are imported from
 * content/study/*.json by the seed; their `key` keeps ids stable across
 * imports, so learned marks and results survive a content update. Rich text
 * is stored as HTML rendered at import (Markdown with KaTeX formulas), so a
 * request never renders Markdown or math.
 */

/** A subject's study content as a whole: texts for pupils and teachers, its articles and its corrections card. */
export const studySubjects = pgTable('study_subjects', {
  subjectId: integer('subject_id')
    .primaryKey()
    .references(() => subjects.id, { onDelete: 'cascade' }),
  aboutHtml: text('about_html').notNull(),
  teachersHtml: text('teachers_html').notNull(),
  /** Slugs of blog articles (content service) that help with the subject. */
  articleSlugs: jsonb('article_slugs').$type<string[]>().notNull().default([]),
  correctionsCardId: integer('corrections_card_id').references((): AnyPgColumn => cards.id, { onDelete: 'set null' }),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Parent topics (chapters, `parent_id` null) and their topics; cards and questions belong to topics. */
export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    subjectId: subjectIdColumn(),
    parentId: integer('parent_id').references((): AnyPgColumn => topics.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('topics_subject_key_unique').on(t.subjectId, t.key), index('topics_parent_idx').on(t.parentId)],
);

/** A learning card (spec §3 Card). */
export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    subjectId: subjectIdColumn(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    section: text('section').notNull(),
    examType: text('exam_type').notNull(),
    difficulty: text('difficulty').notNull(),
    /** Part of the light stream (spec §4 Subject access). */
    light: boolean('light').notNull().default(false),
    isDownload: boolean('is_download').notNull().default(false),
    bodyHtml: text('body_html').notNull(),
    answerHtml: text('answer_html'),
    /** The card's words without markup or formulas: what the exam buddy searches. */
    plainText: text('plain_text').notNull(),
    /** When the card became new content; a pupil sees it as new until they visit it after this moment. */
    newSince: timestamp('new_since', { withTimezone: true }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('cards_subject_key_unique').on(t.subjectId, t.key),
    index('cards_subject_position_idx').on(t.subjectId, t.position),
    check('cards_section_check', sql`${t.section} in ('uitleg', 'oefenen', 'examenvragen')`),
    check('cards_exam_type_check', sql`${t.examType} in ('CE', 'SE')`),
    check('cards_difficulty_check', sql`${t.difficulty} in ('makkelijk', 'gemiddeld', 'moeilijk')`),
  ],
);

export const cardTopics = pgTable(
  'card_topics',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.topicId] }), index('card_topics_topic_idx').on(t.topicId)],
);

/** What a user did with a card: learned it (spec §4 toggle), visited it (clears "new"). */
export const userCards = pgTable(
  'user_cards',
  {
    userId: userIdColumn(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    learnedAt: timestamp('learned_at', { withTimezone: true }),
    visitedAt: timestamp('visited_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cardId] })],
);

/** When a user last visited a card of a topic: a topic's "new" flag clears with it (spec §4). */
export const userTopicVisits = pgTable(
  'user_topic_visits',
  {
    userId: userIdColumn(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] })],
);

/** An exam check (spec §3 Test): questions mapped to topics. */
export const tests = pgTable(
  'tests',
  {
    id: serial('id').primaryKey(),
    subjectId: subjectIdColumn(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    light: boolean('light').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('tests_subject_key_unique').on(t.subjectId, t.key)],
);

/** One option of a multiple-choice question; `correct` never leaves the server before an attempt. */
export interface ChoiceOptionRow {
  id: string;
  html: string;
  correct: boolean;
}

export const testQuestions = pgTable(
  'test_questions',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    promptHtml: text('prompt_html').notNull(),
    /** Multiple choice: the options. */
    options: jsonb('options').$type<ChoiceOptionRow[]>(),
    explanationHtml: text('explanation_html'),
    /** Open question: the model answer and its scoring points (one point each). */
    modelAnswerHtml: text('model_answer_html'),
    scoringPoints: jsonb('scoring_points').$type<string[]>(),
    maxPoints: smallint('max_points').notNull(),
  },
  (t) => [
    unique('test_questions_test_position_unique').on(t.testId, t.position),
    check('test_questions_kind_check', sql`${t.kind} in ('choice', 'open')`),
  ],
);

/** Per topic in an attempt's result (spec §3 Test latestAttempt.results.perTopic). */
export interface PerTopicRow {
  topicId: number;
  name: string;
  score: number;
  maxScore: number;
  percentage: number;
  isUncertain: boolean;
}

/** One answer of an attempt: the option chosen, or the points a pupil gave their own open answer. */
export type AttemptAnswerRow =
  | { questionId: number; kind: 'choice'; optionId: string | null; points: number }
  | { questionId: number; kind: 'open'; text: string; points: number };

/** A finished exam check (spec §4 "Saving an exam-check result"). Grade in tenths: 10–100. */
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    subjectId: subjectIdColumn(),
    score: integer('score').notNull(),
    maxScore: integer('max_score').notNull(),
    gradeTenths: smallint('grade_tenths').notNull(),
    perTopic: jsonb('per_topic').$type<PerTopicRow[]>().notNull(),
    answers: jsonb('answers').$type<AttemptAnswerRow[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_attempts_user_test_idx').on(t.userId, t.testId, t.createdAt),
    index('test_attempts_user_subject_idx').on(t.userId, t.subjectId, t.createdAt),
    check('test_attempts_grade_check', sql`${t.gradeTenths} between 10 and 100`),
  ],
);

/** One answer of an unfinished exam check: what the pupil chose or typed so far, points null while unscored. */
export type DraftAnswerRow =
  | { questionId: number; kind: 'choice'; optionId: string | null }
  | { questionId: number; kind: 'open'; text: string; points: number | null };

/**
 * An exam check a pupil started and has not handed in: the answers so far and
 * the question they were at, one per pupil and check, on the server so it
 * follows them to another device. Handing the check in removes it.
 */
export const testDrafts = pgTable(
  'test_drafts',
  {
    userId: userIdColumn(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    /** The question shown last (0-based). */
    step: integer('step').notNull().default(0),
    answers: jsonb('answers').$type<DraftAnswerRow[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.testId] })],
);

/** One turn of an exam-buddy conversation as the pupil saw it. */
export interface BuddyTurnRow {
  question: string;
  /** The answer as the buddy view shows it (BuddyAnswerView). */
  answer: unknown;
  askedAt: string;
}

/** A pupil's conversation with a subject's exam buddy, kept across reloads until they clear it. */
export const buddyConversations = pgTable(
  'buddy_conversations',
  {
    userId: userIdColumn(),
    subjectId: subjectIdColumn(),
    turns: jsonb('turns').$type<BuddyTurnRow[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subjectId] })],
);

/** A subject's exam vocabulary (spec §3 Idiom): the list, one per subject. */
export const idiomLists = pgTable('idiom_lists', {
  id: serial('id').primaryKey(),
  subjectId: integer('subject_id')
    .notNull()
    .unique()
    .references(() => subjects.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
});

export const idiomEntries = pgTable(
  'idiom_entries',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => idiomLists.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    term: text('term').notNull(),
    meaning: text('meaning').notNull(),
    example: text('example').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('idiom_entries_list_key_unique').on(t.listId, t.key)],
);

/** A subject's exam buddy (spec §3 Chatbot). */
export const chatbots = pgTable('chatbots', {
  id: serial('id').primaryKey(),
  subjectId: integer('subject_id')
    .notNull()
    .unique()
    .references(() => subjects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  intro: text('intro').notNull(),
});

/**
 * Access to a subject's study stream (spec §4 Subject access): 'full' or
 * 'light', from a license code, an order or a demo. Full beats light: an
 * upsert never turns a full stream back into a light one.
 */
export const subjectAccess = pgTable(
  'subject_access',
  {
    userId: userIdColumn(),
    subjectId: subjectIdColumn(),
    stream: text('stream').notNull(),
    source: text('source').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId] }),
    index('subject_access_subject_idx').on(t.subjectId),
    check('subject_access_stream_check', sql`${t.stream} in ('full', 'light')`),
    check('subject_access_source_check', sql`${t.source} in ('license', 'order', 'demo')`),
  ],
);

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
