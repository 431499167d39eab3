import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import { users, userSubjects } from './tables.ts';

/**
 * Read by nearly every page of the study area (the area layout's subjects, the plan's context), so prepared once
 * per database (ADR 009): neither Drizzle nor PostgreSQL builds or plans it again.
 */
const subjectIdStatements = preparedPerDatabase((db: Db) => ({
  ids: db
    .select({ subjectId: userSubjects.subjectId })
    .from(userSubjects)
    .where(eq(userSubjects.userId, sql.placeholder('userId')))
    .prepare('user_subject_ids'),
}));

/** The ids of the subjects the user chose (spec §3 User subject), in no particular order. */
export async function listUserSubjectIds(db: Db, userId: string): Promise<number[]> {
  const rows = await subjectIdStatements(db).ids.execute({ userId });
  return rows.map((row) => row.subjectId);
}

/** Adds subjects to the user's list; ones already there stay as they are. */
export async function addUserSubjects(db: Db, userId: string, subjectIds: readonly number[]): Promise<void> {
  if (subjectIds.length === 0) return;
  await db
    .insert(userSubjects)
    .values(subjectIds.map((subjectId) => ({ userId, subjectId })))
    .onConflictDoNothing();
}

/** Removes one subject from the user's list; false when it was not there. */
export async function removeUserSubject(db: Db, userId: string, subjectId: number): Promise<boolean> {
  const deleted = await db
    .delete(userSubjects)
    .where(and(eq(userSubjects.userId, userId), eq(userSubjects.subjectId, subjectId)))
    .returning({ subjectId: userSubjects.subjectId });
  return deleted.length > 0;
}

/** Makes the user's list exactly these subjects (ones kept keep their date), in one transaction. */
export async function replaceUserSubjects(db: Db, userId: string, subjectIds: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(userSubjects)
      .where(
        subjectIds.length === 0
          ? eq(userSubjects.userId, userId)
          : and(eq(userSubjects.userId, userId), notInArray(userSubjects.subjectId, [...subjectIds])),
      );
    await addUserSubjects(tx, userId, subjectIds);
  });
}

/**
 * The pupils of an exam year with any of these subjects in their list, one row per pupil and subject (what a
 * timetable change moves, issue 35), in user order.
 */
export function pupilsWithSubjects(
  db: Db,
  examYear: number,
  subjectIds: readonly number[],
): Promise<{ userId: string; subjectId: number }[]> {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: userSubjects.userId, subjectId: userSubjects.subjectId })
    .from(userSubjects)
    .innerJoin(users, eq(users.id, userSubjects.userId))
    .where(
      and(
        eq(users.examYear, examYear),
        eq(users.educationRole, 'pupil'),
        inArray(userSubjects.subjectId, [...subjectIds]),
      ),
    )
    .orderBy(asc(userSubjects.userId), asc(userSubjects.subjectId));
}
