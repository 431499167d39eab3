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
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { userIdColumn } from '#app/modules/accounts/index.server.ts';
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
    /** The card's words with its formulas as plain text: what the exam buddy's language model reads. */
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

/**
 * Access to a subject's study stream (spec §4 Subject access): 'full' or
 * 'light', from a license code, an order, a demo, a class seat or a trial the pupil started. Full beats light: an
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
    /**
     * When the access ends (a class licence's seat: 31 July of the school year, issue 31); null: never. Every
     * read of access reads only rows without an end or ending later (LIVE_ACCESS).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId] }),
    index('subject_access_subject_idx').on(t.subjectId),
    check('subject_access_stream_check', sql`${t.stream} in ('full', 'light')`),
    check('subject_access_source_check', sql`${t.source} in ('license', 'order', 'demo', 'class', 'trial')`),
  ],
);
