import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { userIdColumn } from '#app/modules/accounts/index.server.ts';
import { subjectIdColumn, subjects } from '#app/modules/catalog/index.server.ts';

/** A subject's exam buddy and idiom list (spec §3 Chatbot, Idiom), and each pupil's buddy conversation. */

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
  /** The subject's groups of words that mean the same to a pupil (content/study/*.json buddy.synonyms). */
  synonyms: jsonb('synonyms').$type<string[][]>().notNull().default([]),
});
