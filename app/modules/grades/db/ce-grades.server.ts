/** The real CE grades pupils entered (user_ce_grades, ADR 032), with the prediction kept beside each. */
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import type { CePrediction } from '#app/modules/grades/domain/prediction.ts';
import { userCeGrades } from './tables.ts';

/** A real CE grade as the pupil's page reads it. */
export interface StoredCeGrade {
  key: string;
  ceTenths: number;
  enteredAt: Date;
}

/** The pupil's real CE grades for a level. */
export function listCeGrades(db: Db, userId: string, level: string): Promise<StoredCeGrade[]> {
  return ceGradeStatements(db).ofUser.execute({ userId, level });
}

/** The grades page reads them on every visit: prepared once per database (ADR 009). */
const ceGradeStatements = preparedPerDatabase((db: Db) => ({
  ofUser: db
    .select({ key: userCeGrades.subjectKey, ceTenths: userCeGrades.ceTenths, enteredAt: userCeGrades.enteredAt })
    .from(userCeGrades)
    .where(and(eq(userCeGrades.userId, sql.placeholder('userId')), eq(userCeGrades.level, sql.placeholder('level'))))
    .prepare('user_ce_grades_of_level'),
}));

/** Whether the pupil has a real CE grade for this subject already (its snapshot is then kept). */
export async function hasCeGrade(db: Db, userId: string, level: string, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: userCeGrades.subjectKey })
    .from(userCeGrades)
    .where(and(eq(userCeGrades.userId, userId), eq(userCeGrades.level, level), eq(userCeGrades.subjectKey, key)));
  return rows.length > 0;
}

/**
 * Stores the grade. A first entry keeps the prediction as it stood (`snapshot`, null: none); entering the grade
 * again changes the grade and its moment only, so the prediction it is judged against stays the one from before.
 */
export async function upsertCeGrade(
  db: Db,
  userId: string,
  level: string,
  entry: { key: string; ceTenths: number; predictedBefore: Date; prediction: CePrediction | null },
): Promise<void> {
  const { prediction } = entry;
  await db
    .insert(userCeGrades)
    .values({
      userId,
      level,
      subjectKey: entry.key,
      ceTenths: entry.ceTenths,
      predictedBefore: entry.predictedBefore,
      predictedTenths: prediction?.tenths ?? null,
      lowTenths: prediction?.lowTenths ?? null,
      highTenths: prediction?.highTenths ?? null,
      basis: prediction?.basis ?? null,
      attempts: prediction?.attempts ?? null,
    })
    .onConflictDoUpdate({
      target: [userCeGrades.userId, userCeGrades.level, userCeGrades.subjectKey],
      set: { ceTenths: sql`excluded.ce_tenths`, enteredAt: sql`now()` },
    });
}

/** Clears the pupil's real CE grade of a subject (its snapshot goes with it); false when there was none. */
export async function deleteCeGrade(db: Db, userId: string, level: string, key: string): Promise<boolean> {
  const rows = await db
    .delete(userCeGrades)
    .where(and(eq(userCeGrades.userId, userId), eq(userCeGrades.level, level), eq(userCeGrades.subjectKey, key)))
    .returning({ key: userCeGrades.subjectKey });
  return rows.length > 0;
}

/** Where a keyset page of every pupil's real CE grades ends. */
export type CeGradeCursor = { userId: string; level: string; key: string } | null;

/** Every pupil's real CE grades with their kept prediction, `limit` at a time after `after` (the primary key's order). */
export function ceGradesAfter(db: Db, after: CeGradeCursor, limit: number) {
  const t = userCeGrades;
  return db
    .select({
      userId: t.userId,
      level: t.level,
      key: t.subjectKey,
      ceTenths: t.ceTenths,
      predictedTenths: t.predictedTenths,
      lowTenths: t.lowTenths,
      highTenths: t.highTenths,
      basis: t.basis,
    })
    .from(t)
    .where(
      after
        ? or(
            gt(t.userId, after.userId),
            and(eq(t.userId, after.userId), gt(t.level, after.level)),
            and(eq(t.userId, after.userId), eq(t.level, after.level), gt(t.subjectKey, after.key)),
          )
        : undefined,
    )
    .orderBy(asc(t.userId), asc(t.level), asc(t.subjectKey))
    .limit(limit);
}
