import { attemptColumns } from '#app/modules/study/db/study.server.ts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { testAttempts, testQuestions, tests, type AttemptAnswerRow, type PerTopicRow } from './tables.ts';

/** The questions of a test with their answers (the server's copy: which option is right). */
export async function listQuestions(db: Db, testId: number) {
  return db
    .select({
      id: testQuestions.id,
      topicId: testQuestions.topicId,
      kind: testQuestions.kind,
      promptHtml: testQuestions.promptHtml,
      options: testQuestions.options,
      explanationHtml: testQuestions.explanationHtml,
      modelAnswerHtml: testQuestions.modelAnswerHtml,
      scoringPoints: testQuestions.scoringPoints,
      maxPoints: testQuestions.maxPoints,
    })
    .from(testQuestions)
    .where(eq(testQuestions.testId, testId))
    .orderBy(asc(testQuestions.position));
}

export type QuestionRow = Awaited<ReturnType<typeof listQuestions>>[number];

/** A test's subject. */
export async function findTest(db: Db, testId: number) {
  const [row] = await db
    .select({ id: tests.id, subjectId: tests.subjectId, light: tests.light })
    .from(tests)
    .where(eq(tests.id, testId));
  return row ?? null;
}

export interface AttemptRow {
  id: number;
  testId: number;
  subjectId: number;
  score: number;
  maxScore: number;
  gradeTenths: number;
  perTopic: PerTopicRow[];
  answers: AttemptAnswerRow[];
  createdAt: Date;
}

export async function insertAttempt(
  db: Db,
  values: Omit<AttemptRow, 'id' | 'createdAt'> & { userId: string },
): Promise<AttemptRow> {
  const [row] = await db.insert(testAttempts).values(values).returning(attemptColumns);
  return row!;
}

/** The user's latest attempt of a test. */
export async function findLatestAttempt(db: Db, userId: string, testId: number): Promise<AttemptRow | null> {
  const [row] = await db
    .select(attemptColumns)
    .from(testAttempts)
    .where(and(eq(testAttempts.userId, userId), eq(testAttempts.testId, testId)))
    .orderBy(desc(testAttempts.createdAt), desc(testAttempts.id))
    .limit(1);
  return row ?? null;
}

/** The user's attempts in a subject (oldest first), without the answers: for grades over time. */
export async function listAttempts(db: Db, userId: string, subjectId: number) {
  return db
    .select({
      id: testAttempts.id,
      testId: testAttempts.testId,
      subjectId: testAttempts.subjectId,
      score: testAttempts.score,
      maxScore: testAttempts.maxScore,
      gradeTenths: testAttempts.gradeTenths,
      perTopic: testAttempts.perTopic,
      createdAt: testAttempts.createdAt,
    })
    .from(testAttempts)
    .where(and(eq(testAttempts.userId, userId), eq(testAttempts.subjectId, subjectId)))
    .orderBy(asc(testAttempts.createdAt), asc(testAttempts.id));
}

export type AttemptSummaryRow = Awaited<ReturnType<typeof listAttempts>>[number];

/** The latest attempt in each of these subjects (spec §3 User subject latestTestAttempt). */
export async function latestAttemptPerSubject(
  db: Db,
  userId: string,
  subjectIds: readonly number[],
): Promise<Map<number, AttemptSummaryRow>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([testAttempts.subjectId], {
      id: testAttempts.id,
      testId: testAttempts.testId,
      subjectId: testAttempts.subjectId,
      score: testAttempts.score,
      maxScore: testAttempts.maxScore,
      gradeTenths: testAttempts.gradeTenths,
      perTopic: testAttempts.perTopic,
      createdAt: testAttempts.createdAt,
    })
    .from(testAttempts)
    .where(and(eq(testAttempts.userId, userId), inArray(testAttempts.subjectId, [...subjectIds])))
    .orderBy(testAttempts.subjectId, desc(testAttempts.createdAt), desc(testAttempts.id));
  return new Map(rows.map((r) => [r.subjectId, r]));
}
