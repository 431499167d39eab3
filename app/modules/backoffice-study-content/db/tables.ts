import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '#app/modules/accounts/index.server.ts';
import { subjectIdColumn } from '#app/modules/catalog/index.server.ts';

/** How much a draft holds (the study module's `studyContentCounts`). */
export interface DraftCounts {
  parentTopics: number;
  topics: number;
  cards: number;
  tests: number;
  questions: number;
  idioms: number;
}

/**
 * A subject's study content uploaded in the back office (issue 35, item 3; ADR 034), kept as a draft until a
 * content member publishes it (the study import for that one subject) or discards it. The text is kept as it was
 * uploaded, so that a problem found later still names the line it is on. Nothing is deleted: what was published
 * when, by whom, is the history.
 */
export const studyContentDrafts = pgTable(
  'study_content_drafts',
  {
    id: serial('id').primaryKey(),
    subjectId: subjectIdColumn(),
    /** The school subject's slug and level as the file names them (catalog's `subjects`). */
    subjectSlug: text('subject_slug').notNull(),
    levelName: text('level_name').notNull(),
    /** The file's text as uploaded (or as the content service held it). */
    source: text('source').notNull(),
    counts: jsonb('counts').$type<DraftCounts>().notNull(),
    /** The subject had no study content when this was uploaded. */
    newSubject: boolean('new_subject').notNull(),
    /** `upload` (the page's file or text, the API) or `content-service` (the content service's `studySubject`). */
    origin: text('origin').notNull(),
    status: text('status').notNull().default('draft'),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    discardedBy: text('discarded_by').references(() => users.id, { onDelete: 'set null' }),
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
  },
  (t) => [
    index('study_content_drafts_uploaded_idx').on(t.uploadedAt),
    index('study_content_drafts_subject_idx').on(t.subjectId),
    check('study_content_drafts_status_check', sql`${t.status} in ('draft', 'published', 'discarded')`),
    check('study_content_drafts_origin_check', sql`${t.origin} in ('upload', 'content-service')`),
  ],
);
