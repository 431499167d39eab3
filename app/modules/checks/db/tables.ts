import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
} from 'drizzle-orm/pg-core';
import { userIdColumn } from '#app/modules/accounts/index.server.ts';
import { subjectIdColumn } from '#app/modules/catalog/index.server.ts';
import { topics } from '#app/modules/cards/index.server.ts';

/**
 * Exam checks (spec §3 Test): the questions, mapped to the subject's topics, and each pupil's attempts and
 * unfinished drafts. Imported from content/study/*.json with the cards; `key` keeps ids stable.
 */

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
