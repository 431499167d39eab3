import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import type { PastExamScore, PastExamTijdvak } from '#app/modules/grades/domain/past-exams.ts';
import { userPastExams } from './tables.ts';

const columns = {
  id: userPastExams.id,
  key: userPastExams.subjectKey,
  year: userPastExams.year,
  tijdvak: userPastExams.tijdvak,
  score: userPastExams.score,
  maxScore: userPastExams.maxScore,
  nTenths: userPastExams.nTenths,
};

const toScore = (row: Omit<PastExamScore, 'tijdvak'> & { tijdvak: number }): PastExamScore => ({
  ...row,
  tijdvak: row.tijdvak as PastExamTijdvak,
});

/** The past exams the pupil entered for a level, the newest exam first. */
export async function listPastExams(db: Db, userId: string, level: string): Promise<PastExamScore[]> {
  const rows = await pastExamStatements(db).ofUser.execute({ userId, level });
  return rows.map(toScore);
}

/** The grades page reads them on every visit: prepared once per database (ADR 009). */
const pastExamStatements = preparedPerDatabase((db: Db) => ({
  ofUser: db
    .select(columns)
    .from(userPastExams)
    .where(and(eq(userPastExams.userId, sql.placeholder('userId')), eq(userPastExams.level, sql.placeholder('level'))))
    .orderBy(desc(userPastExams.year), desc(userPastExams.tijdvak), userPastExams.subjectKey)
    .prepare('user_past_exams_of_level'),
}));

/** Stores a past exam; the same exam entered again replaces its score. */
export async function upsertPastExam(
  db: Db,
  userId: string,
  level: string,
  exam: Omit<PastExamScore, 'id'>,
): Promise<PastExamScore> {
  const [row] = await db
    .insert(userPastExams)
    .values({ userId, level, subjectKey: exam.key, ...exam })
    .onConflictDoUpdate({
      target: [
        userPastExams.userId,
        userPastExams.level,
        userPastExams.subjectKey,
        userPastExams.year,
        userPastExams.tijdvak,
      ],
      set: { score: sql`excluded.score`, maxScore: sql`excluded.max_score`, nTenths: sql`excluded.n_tenths` },
    })
    .returning(columns);
  return toScore(row!);
}

/** Deletes one of the pupil's past exams; false when they have none with that id. */
export async function deletePastExam(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(userPastExams)
    .where(and(eq(userPastExams.id, id), eq(userPastExams.userId, userId)))
    .returning({ id: userPastExams.id });
  return rows.length > 0;
}

/** The past exams the pupil entered for a level with when each was entered, the newest exam first. */
export async function listPastExamsEntered(
  db: Db,
  userId: string,
  level: string,
): Promise<(PastExamScore & { createdAt: Date })[]> {
  const rows = await db
    .select({ ...columns, createdAt: userPastExams.createdAt })
    .from(userPastExams)
    .where(and(eq(userPastExams.userId, userId), eq(userPastExams.level, level)))
    .orderBy(desc(userPastExams.year), desc(userPastExams.tijdvak), userPastExams.subjectKey);
  return rows.map((row) => ({ ...toScore(row), createdAt: row.createdAt }));
}
