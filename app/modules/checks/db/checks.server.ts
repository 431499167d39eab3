import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import {
  testAttempts,
  testDrafts,
  testQuestions,
  tests,
  type AttemptAnswerRow,
  type DraftAnswerRow,
  type PerTopicRow,
} from './tables.ts';

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
  const [row] = await checkStatements(db).test.execute({ testId });
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
  const [row] = await checkStatements(db).latest.execute({ userId, testId });
  return row ?? null;
}

/**
 * Every attempt of the user (oldest first), without the answers: a pupil makes a few dozen, and a page asks for
 * them by subject, for the latest per subject and for their grades (server/check-state.server.ts reads this once
 * per request and answers each of those from it).
 */
export async function listAllAttempts(db: Db, userId: string) {
  return checkStatements(db).attempts.execute({ userId });
}

export type AttemptSummaryRow = Awaited<ReturnType<typeof listAllAttempts>>[number];

/** The pupil's unfinished attempt of a test, or null. */
export async function findDraft(db: Db, userId: string, testId: number) {
  const [row] = await checkStatements(db).draft.execute({ userId, testId });
  return row ?? null;
}

/** The pupil's unfinished attempts in a subject: the question shown last and the answers so far. */
export async function draftsInSubject(db: Db, userId: string, subjectId: number) {
  return checkStatements(db).drafts.execute({ userId, subjectId });
}

/** Keeps the pupil's unfinished attempt of a test (one per pupil and test: the last save wins). */
export async function upsertDraft(db: Db, userId: string, testId: number, step: number, answers: DraftAnswerRow[]) {
  await db
    .insert(testDrafts)
    .values({ userId, testId, step, answers })
    .onConflictDoUpdate({
      target: [testDrafts.userId, testDrafts.testId],
      set: { step, answers, updatedAt: new Date() },
    });
}

/** Removes the pupil's unfinished attempt of a test (handed in). */
export async function deleteDraft(db: Db, userId: string, testId: number) {
  await db.delete(testDrafts).where(and(eq(testDrafts.userId, userId), eq(testDrafts.testId, testId)));
}

/** An attempt without its answers (the lists and summaries). */
const attemptSummaryColumns = {
  id: testAttempts.id,
  testId: testAttempts.testId,
  subjectId: testAttempts.subjectId,
  score: testAttempts.score,
  maxScore: testAttempts.maxScore,
  gradeTenths: testAttempts.gradeTenths,
  perTopic: testAttempts.perTopic,
  createdAt: testAttempts.createdAt,
};

export const attemptColumns = { ...attemptSummaryColumns, answers: testAttempts.answers };

/** A subject's exam checks with their sizes, in order: the same for every pupil (cached by subjectChecks). */
export function listSubjectTests(db: Db, subjectId: number) {
  return db
    .select({
      id: tests.id,
      key: tests.key,
      title: tests.title,
      description: tests.description,
      light: tests.light,
      questionCount: sql<number>`(select count(*)::int from test_questions q where q.test_id = "tests"."id")`,
      maxScore: sql<number>`(select coalesce(sum(q.max_points), 0)::int from test_questions q where q.test_id = "tests"."id")`,
    })
    .from(tests)
    .where(eq(tests.subjectId, subjectId))
    .orderBy(asc(tests.position), asc(tests.id));
}

export type SubjectTestRow = Awaited<ReturnType<typeof listSubjectTests>>[number];

/** The points of a subject's exam-check questions per topic (the same for every pupil: cached by the caller). */
export async function checkPointsPerTopic(db: Db, subjectId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ topicId: testQuestions.topicId, points: sql<number>`sum(${testQuestions.maxPoints})::int` })
    .from(testQuestions)
    .innerJoin(tests, eq(tests.id, testQuestions.testId))
    .where(eq(tests.subjectId, subjectId))
    .groupBy(testQuestions.topicId);
  return new Map(rows.filter((r) => r.topicId !== null).map((r) => [r.topicId!, r.points]));
}

/**
 * The reads of a pupil's checks that the study area's pages make on nearly every request (their subjects' latest
 * grades, a subject's unfinished checks, an opened check), prepared once per database (ADR 009).
 */
const checkStatements = preparedPerDatabase((db: Db) => {
  const userId = sql.placeholder('userId');
  const testId = sql.placeholder('testId');
  return {
    /** A check's subject and whether it is in the light stream. */
    test: db
      .select({ id: tests.id, subjectId: tests.subjectId, light: tests.light })
      .from(tests)
      .where(eq(tests.id, testId))
      .prepare('check_by_id'),
    /** The pupil's latest attempt of a check, with its answers. */
    latest: db
      .select(attemptColumns)
      .from(testAttempts)
      .where(and(eq(testAttempts.userId, userId), eq(testAttempts.testId, testId)))
      .orderBy(desc(testAttempts.createdAt), desc(testAttempts.id))
      .limit(1)
      .prepare('check_latest_attempt'),
    /** The pupil's unfinished attempt of a check. */
    draft: db
      .select({ step: testDrafts.step, answers: testDrafts.answers, updatedAt: testDrafts.updatedAt })
      .from(testDrafts)
      .where(and(eq(testDrafts.userId, userId), eq(testDrafts.testId, testId)))
      .prepare('check_draft'),
    /** All the pupil's attempts without their answers, oldest first. */
    attempts: db
      .select(attemptSummaryColumns)
      .from(testAttempts)
      .where(eq(testAttempts.userId, userId))
      .orderBy(asc(testAttempts.createdAt), asc(testAttempts.id))
      .prepare('attempts_of_user'),
    /** The pupil's unfinished attempts of the checks of a subject. */
    drafts: db
      .select({ testId: testDrafts.testId, step: testDrafts.step, answers: testDrafts.answers })
      .from(testDrafts)
      .innerJoin(tests, eq(tests.id, testDrafts.testId))
      .where(and(eq(testDrafts.userId, userId), eq(tests.subjectId, sql.placeholder('subjectId'))))
      .prepare('drafts_in_subject'),
  };
});
