import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import type { Assessment, StoredGrade } from '#app/modules/grades/domain/simulator.ts';
import { userGrades } from './tables.ts';

/** What the pupil stored for a level. */
export async function listUserGrades(db: Db, userId: string, level: string): Promise<StoredGrade[]> {
  const rows = await gradeStatements(db).ofUser.execute({ userId, level });
  return rows.map((row) => ({ ...row, assessment: row.assessment as Assessment | null }));
}

/** The grades page reads them on every visit: prepared once per database (ADR 009). */
const gradeStatements = preparedPerDatabase((db: Db) => ({
  ofUser: db
    .select({
      key: userGrades.subjectKey,
      seTenths: userGrades.seTenths,
      assessment: userGrades.assessment,
      included: userGrades.included,
    })
    .from(userGrades)
    .where(and(eq(userGrades.userId, sql.placeholder('userId')), eq(userGrades.level, sql.placeholder('level'))))
    .prepare('user_grades_of_level'),
}));

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
