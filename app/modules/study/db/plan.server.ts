import { and, asc, eq, gte, inArray, isNull, min, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import type { CardMemory } from '#app/modules/study/domain/memory.ts';
import { toMemory } from './memory.server.ts';
import {
  cardMemory,
  cardReviews,
  cards,
  cardTopics,
  studyPlanSettings,
  studySubjects,
  subjectExamDates,
  testQuestions,
  tests,
} from './tables.ts';

/** A pupil's plan settings as stored: null minutes is the default; exam dates they entered, by subject id. */
export interface StoredPlanSettings {
  dailyMinutes: number | null;
  examDates: Map<number, string>;
}

export async function readPlanSettings(db: Db, userId: string): Promise<StoredPlanSettings> {
  const [settings, dates] = await Promise.all([
    db
      .select({ dailyMinutes: studyPlanSettings.dailyMinutes })
      .from(studyPlanSettings)
      .where(eq(studyPlanSettings.userId, userId)),
    db
      .select({ subjectId: subjectExamDates.subjectId, examDate: subjectExamDates.examDate })
      .from(subjectExamDates)
      .where(eq(subjectExamDates.userId, userId)),
  ]);
  return {
    dailyMinutes: settings[0]?.dailyMinutes ?? null,
    examDates: new Map(dates.map((row) => [row.subjectId, row.examDate])),
  };
}

/**
 * Stores the minutes a day (when given) and the exam dates given per subject: a date replaces the one
 * stored, null removes it (back to the timetable's). One transaction.
 */
export async function writePlanSettings(
  db: Db,
  userId: string,
  update: { dailyMinutes?: number | undefined; examDates: readonly { subjectId: number; date: string | null }[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (update.dailyMinutes !== undefined) {
      await tx
        .insert(studyPlanSettings)
        .values({ userId, dailyMinutes: update.dailyMinutes })
        .onConflictDoUpdate({
          target: studyPlanSettings.userId,
          set: { dailyMinutes: update.dailyMinutes, updatedAt: sql`now()` },
        });
    }
    const cleared = update.examDates.filter((d) => d.date === null).map((d) => d.subjectId);
    if (cleared.length) {
      await tx
        .delete(subjectExamDates)
        .where(and(eq(subjectExamDates.userId, userId), inArray(subjectExamDates.subjectId, cleared)));
    }
    const set = update.examDates.filter((d): d is { subjectId: number; date: string } => d.date !== null);
    if (set.length) {
      await tx
        .insert(subjectExamDates)
        .values(set.map((d) => ({ userId, subjectId: d.subjectId, examDate: d.date })))
        .onConflictDoUpdate({
          target: [subjectExamDates.userId, subjectExamDates.subjectId],
          set: { examDate: sql`excluded.exam_date`, updatedAt: sql`now()` },
        });
    }
  });
}

/** A card the plan can schedule, with the pupil's memory of it. */
export interface PlanCardRow {
  id: number;
  subjectId: number;
  topicId: number | null;
  title: string;
  light: boolean;
  memory: CardMemory | null;
}

/**
 * The learnable cards of the subjects (no sheet, not the corrections card), in reading order per
 * subject, each with its first topic and the pupil's memory of it (null: never reviewed). One query.
 */
export async function listPlanCards(db: Db, userId: string, subjectIds: readonly number[]): Promise<PlanCardRow[]> {
  if (subjectIds.length === 0) return [];
  const topic = db
    .select({ cardId: cardTopics.cardId, topicId: min(cardTopics.topicId).as('topic_id') })
    .from(cardTopics)
    .groupBy(cardTopics.cardId)
    .as('first_topic');
  const rows = await db
    .select({
      id: cards.id,
      subjectId: cards.subjectId,
      title: cards.title,
      light: cards.light,
      topicId: topic.topicId,
      memory: cardMemory,
    })
    .from(cards)
    .leftJoin(studySubjects, eq(studySubjects.subjectId, cards.subjectId))
    .leftJoin(topic, eq(topic.cardId, cards.id))
    .leftJoin(cardMemory, and(eq(cardMemory.cardId, cards.id), eq(cardMemory.userId, userId)))
    .where(
      and(
        inArray(cards.subjectId, [...subjectIds]),
        eq(cards.isDownload, false),
        or(isNull(studySubjects.correctionsCardId), ne(cards.id, studySubjects.correctionsCardId)),
      ),
    )
    .orderBy(asc(cards.subjectId), asc(cards.position), asc(cards.id));
  return rows.map(({ memory, ...row }) => ({
    ...row,
    topicId: row.topicId ?? null,
    memory: memory ? toMemory(memory) : null,
  }));
}

/** Forgets the pupil's memory and review log of one subject's cards (a reset of its plan). Answers how many reviews went. */
export async function deleteSubjectMemory(db: Db, userId: string, subjectId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = tx.select({ id: cards.id }).from(cards).where(eq(cards.subjectId, subjectId));
    await tx.delete(cardMemory).where(and(eq(cardMemory.userId, userId), inArray(cardMemory.cardId, ids)));
    const gone = await tx
      .delete(cardReviews)
      .where(and(eq(cardReviews.userId, userId), inArray(cardReviews.cardId, ids)))
      .returning({ id: cardReviews.id });
    return gone.length;
  });
}

/** The reviews the pupil gave since `since` and the seconds they took (untimed ones at `assumedSeconds`). */
export async function reviewsSince(
  db: Db,
  userId: string,
  since: Date,
  assumedSeconds: number,
): Promise<{ reviews: number; seconds: number }> {
  const [row] = await db
    .select({
      reviews: sql<number>`count(*)::int`,
      seconds: sql<number>`coalesce(sum(coalesce(${cardReviews.secondsSpent}, ${assumedSeconds})), 0)::int`,
    })
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), gte(cardReviews.reviewedAt, since)));
  return { reviews: row?.reviews ?? 0, seconds: row?.seconds ?? 0 };
}

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
