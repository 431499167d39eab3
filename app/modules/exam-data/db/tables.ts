import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userIdColumn, users } from '#app/modules/accounts/index.server.ts';

/**
 * The exam reference data staff keep (issue 35, ADR 033): every version of every record (a timetable per exam
 * year, an N-term or past exam per exam). A version is proposed by one staff member and published when a second
 * approves it; the version it replaces becomes `superseded`. Nothing is deleted: the history is the point.
 * At most one version per record waits for approval, and one is published.
 */
export const examDataVersions = pgTable(
  'exam_data_versions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(),
    note: text('note'),
    /** Null: imported from the content files (the seed), not proposed by a person. */
    proposedBy: text('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
  },
  (t) => [
    unique('exam_data_versions_record_version_unique').on(t.kind, t.key, t.version),
    uniqueIndex('exam_data_versions_one_pending')
      .on(t.kind, t.key)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('exam_data_versions_one_published')
      .on(t.kind, t.key)
      .where(sql`${t.status} = 'published'`),
    index('exam_data_versions_kind_status_idx').on(t.kind, t.status),
    check('exam_data_versions_kind_check', sql`${t.kind} in ('timetable', 'n-term', 'past-exam')`),
    check('exam_data_versions_status_check', sql`${t.status} in ('pending', 'published', 'superseded', 'rejected')`),
  ],
);

/**
 * A pupil's exam date moved by a published timetable (issue 35): the short notice in their area until they
 * close it. One per pupil and subject: a later move replaces the earlier notice.
 */
export const examDateNotices = pgTable(
  'exam_date_notices',
  {
    userId: userIdColumn(),
    /** The subject's id (catalog's `subjects`); no reference: the notice is only text about it. */
    subjectId: integer('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    /** "Examenrooster CvTE 2027 (CvTE-25.00123)". */
    sourceName: text('source_name').notNull(),
    versionId: integer('version_id')
      .notNull()
      .references(() => examDataVersions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('exam_date_notices_user_subject_unique').on(t.userId, t.subjectId)],
);
