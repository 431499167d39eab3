import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import type { ExamDataKind, VersionStatus } from '../domain/reference.ts';
import { examDataVersions, examDateNotices } from './tables.ts';

export type VersionRow = typeof examDataVersions.$inferSelect;
export type NoticeRow = typeof examDateNotices.$inferSelect;

/** The published version of every record of `kind`. */
export function publishedRows(db: Db, kind: ExamDataKind): Promise<VersionRow[]> {
  return db
    .select()
    .from(examDataVersions)
    .where(and(eq(examDataVersions.kind, kind), eq(examDataVersions.status, 'published')))
    .orderBy(asc(examDataVersions.key));
}

/** The published and pending versions of every record (the back office's list). */
export function openRows(db: Db): Promise<VersionRow[]> {
  return db
    .select()
    .from(examDataVersions)
    .where(inArray(examDataVersions.status, ['published', 'pending']))
    .orderBy(asc(examDataVersions.kind), desc(examDataVersions.key), asc(examDataVersions.version));
}

/** Every version of one record, newest first. */
export function recordRows(db: Db, kind: ExamDataKind, key: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(examDataVersions)
    .where(and(eq(examDataVersions.kind, kind), eq(examDataVersions.key, key)))
    .orderBy(desc(examDataVersions.version));
}

export async function findVersion(db: Db, id: number, { lock = false } = {}): Promise<VersionRow | undefined> {
  const query = db.select().from(examDataVersions).where(eq(examDataVersions.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The record's version with `status` (a record has at most one published and one pending). */
export async function versionWithStatus(
  db: Db,
  kind: ExamDataKind,
  key: string,
  status: 'published' | 'pending',
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(examDataVersions)
    .where(and(eq(examDataVersions.kind, kind), eq(examDataVersions.key, key), eq(examDataVersions.status, status)));
  return row;
}

/**
 * A new version of a record, numbered after its last. Null when the record already has one waiting (the partial
 * unique index decides, so two proposals at once cannot both wait).
 */
export async function insertVersion(
  db: Db,
  row: {
    kind: ExamDataKind;
    key: string;
    payload: Record<string, unknown>;
    status: 'pending' | 'published';
    note: string | null;
    proposedBy: string | null;
    at: Date;
  },
): Promise<VersionRow | null> {
  const [saved] = await db
    .insert(examDataVersions)
    .values({
      kind: row.kind,
      key: row.key,
      version: sql`(select coalesce(max(${examDataVersions.version}), 0) + 1 from ${examDataVersions} where ${examDataVersions.kind} = ${row.kind} and ${examDataVersions.key} = ${row.key})`,
      payload: row.payload,
      status: row.status,
      note: row.note,
      proposedBy: row.proposedBy,
      proposedAt: row.at,
      ...(row.status === 'published' ? { decidedAt: row.at } : {}),
    })
    .onConflictDoNothing()
    .returning();
  return saved ?? null;
}

/** Ends a pending version: published or rejected, by whom and why. False when it was no longer pending. */
export async function decideVersion(
  db: Db,
  id: number,
  decision: { status: Extract<VersionStatus, 'published' | 'rejected'>; by: string; note: string | null; at: Date },
): Promise<boolean> {
  const done = await db
    .update(examDataVersions)
    .set({ status: decision.status, decidedBy: decision.by, decidedAt: decision.at, decisionNote: decision.note })
    .where(and(eq(examDataVersions.id, id), eq(examDataVersions.status, 'pending')))
    .returning({ id: examDataVersions.id });
  return done.length === 1;
}

/** The record's published version becomes superseded (before its successor is published). */
export async function supersede(db: Db, kind: ExamDataKind, key: string): Promise<void> {
  await db
    .update(examDataVersions)
    .set({ status: 'superseded' })
    .where(
      and(eq(examDataVersions.kind, kind), eq(examDataVersions.key, key), eq(examDataVersions.status, 'published')),
    );
}

/** Whether any version of `kind` exists (the seed imports the content files only into an empty table). */
export async function hasVersions(db: Db, kind: ExamDataKind): Promise<boolean> {
  const [row] = await db
    .select({ id: examDataVersions.id })
    .from(examDataVersions)
    .where(eq(examDataVersions.kind, kind))
    .limit(1);
  return row !== undefined;
}

/** Writes pupils' notices (one per pupil and subject: a newer move replaces the older). */
export async function upsertNotices(db: Db, rows: readonly Omit<NoticeRow, 'createdAt'>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000) {
    await db
      .insert(examDateNotices)
      .values(rows.slice(i, i + 1_000).map((row) => ({ ...row })))
      .onConflictDoUpdate({
        target: [examDateNotices.userId, examDateNotices.subjectId],
        set: {
          subjectName: sql`excluded.subject_name`,
          fromDate: sql`case when ${examDateNotices.toDate} = excluded.from_date then ${examDateNotices.fromDate} else excluded.from_date end`,
          toDate: sql`excluded.to_date`,
          sourceName: sql`excluded.source_name`,
          versionId: sql`excluded.version_id`,
          createdAt: sql`now()`,
        },
      });
  }
}

/** The area home reads a pupil's notices on every visit: prepared once per database (ADR 009). */
const noticeStatements = preparedPerDatabase((db: Db) => ({
  ofUser: db
    .select()
    .from(examDateNotices)
    .where(eq(examDateNotices.userId, sql.placeholder('userId')))
    .orderBy(asc(examDateNotices.subjectName))
    .prepare('exam_date_notices_of_user'),
}));

export function noticeRows(db: Db, userId: string): Promise<NoticeRow[]> {
  return noticeStatements(db).ofUser.execute({ userId });
}

export async function deleteNotice(db: Db, userId: string, subjectId: number): Promise<boolean> {
  const done = await db
    .delete(examDateNotices)
    .where(and(eq(examDateNotices.userId, userId), eq(examDateNotices.subjectId, subjectId)))
    .returning({ userId: examDateNotices.userId });
  return done.length === 1;
}
