import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import type { Assessment, StoredGrade } from '#app/modules/grades/domain/simulator.ts';
import { userGrades } from './tables.ts';

/** What the pupil stored for a level. */
export async function listUserGrades(db: Db, userId: string, level: string): Promise<StoredGrade[]> {
  const rows = await db
    .select({
      key: userGrades.subjectKey,
      seTenths: userGrades.seTenths,
      assessment: userGrades.assessment,
      included: userGrades.included,
    })
    .from(userGrades)
    .where(and(eq(userGrades.userId, userId), eq(userGrades.level, level)));
  return rows.map((row) => ({ ...row, assessment: row.assessment as Assessment | null }));
}

/** Stores the entries (each replaces its subject's row), in one statement. */
export async function upsertUserGrades(
  db: Db,
  userId: string,
  level: string,
  entries: readonly StoredGrade[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(userGrades)
    .values(
      entries.map((entry) => ({
        userId,
        level,
        subjectKey: entry.key,
        seTenths: entry.seTenths,
        assessment: entry.assessment,
        included: entry.included,
      })),
    )
    .onConflictDoUpdate({
      target: [userGrades.userId, userGrades.level, userGrades.subjectKey],
      set: {
        seTenths: sql`excluded.se_tenths`,
        assessment: sql`excluded.assessment`,
        included: sql`excluded.included`,
        updatedAt: sql`now()`,
      },
    });
}
