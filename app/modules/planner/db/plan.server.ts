import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import { studyPlanSettings, subjectExamDates } from './tables.ts';

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

/** What a plan needs of the pupil beyond their cards, in one round trip (see `planFacts`). */
export interface PlanFacts {
  dailyMinutes: number | null;
  examDates: Map<number, string>;
  /** Their fitted FSRS-6 parameters, or null (the defaults). */
  weights: number[] | null;
  /** Mean seconds of their latest 100 timed reviews of cards read before, or null before the first. */
  meanReviewSeconds: number | null;
  /** Mean seconds of their latest 100 timed first reads, or null before the first. */
  meanFirstReadSeconds: number | null;
  /** Reviews since `since` (the start of today, or of a review session) and the seconds measured for them. */
  today: { reviews: number; seconds: number };
}

type Value = SQL | Placeholder;

/**
 * The reviews module's part of the plan facts, as SQL that the plan's statement selects in its own round trip:
 * the reviews module's `reviewFactsSql`, given by the use case (server/plan-context.server.ts). This file names
 * none of the reviews module's tables (docs/architecture.md, rule 5).
 */
export interface ReviewFactsSql {
  /** The pupil's fitted FSRS-6 parameters, or null (the defaults). */
  weights(userId: Value): SQL<number[] | null>;
  /** Mean seconds of their latest 100 timed reviews (`review`) or first reads (`first-read`), or null. */
  meanSeconds(userId: Value, kind: 'review' | 'first-read'): SQL<string | null>;
  /** Their reviews since `since` and the seconds measured for them. */
  spent(userId: Value, since: Value): SQL<{ reviews: number; seconds: number }>;
}

/**
 * The plan's hot statements, prepared once per database (like the session and cart reads, ADR 009):
 * today's plan, what next and the area home run them on every request.
 */
function buildPlanStatements(db: Db, reviews: ReviewFactsSql) {
  const userId = sql.placeholder('userId');
  return {
    facts: db
      .select({
        dailyMinutes: sql<
          number | null
        >`(select p.daily_minutes from study_plan_settings p where p.user_id = ${userId})`.mapWith((v: unknown) =>
          v === null ? null : Number(v),
        ),
        weights: reviews.weights(userId),
        meanReviewSeconds: reviews.meanSeconds(userId, 'review'),
        meanFirstReadSeconds: reviews.meanSeconds(userId, 'first-read'),
        today: reviews.spent(userId, sql.placeholder('since')),
        examDates: sql<
          [number, string][]
        >`(select coalesce(json_agg(json_build_array(d.subject_id, d.exam_date)), '[]'::json)
          from subject_exam_dates d where d.user_id = ${userId})`,
      })
      .from(sql`(select 1) as one`)
      .prepare('plan_facts'),
  };
}

/** The plan facts' read, with the reviews module's part of them (`reviewFactsSql`, passed in by the use case). */
export function createPlanFacts(reviews: ReviewFactsSql) {
  const planStatements = preparedPerDatabase((db: Db) => buildPlanStatements(db, reviews));

  /** The pupil's plan settings, fitted parameters, review pace and their reviews since `since`: one query. */
  return async function planFacts(db: Db, userId: string, since: Date): Promise<PlanFacts> {
    const [row] = await planStatements(db).facts.execute({ userId, since: since.toISOString() });
    const today = row?.today ?? { reviews: 0, seconds: 0 };
    return {
      dailyMinutes: row?.dailyMinutes ?? null,
      examDates: new Map(row?.examDates ?? []),
      weights: row?.weights ?? null,
      meanReviewSeconds: row?.meanReviewSeconds == null ? null : Number(row.meanReviewSeconds),
      meanFirstReadSeconds: row?.meanFirstReadSeconds == null ? null : Number(row.meanFirstReadSeconds),
      today: { reviews: Number(today.reviews), seconds: Number(today.seconds) },
    };
  };
}

/** Which of these (pupil, subject) pairs have a date the pupil entered (their own wins over any timetable). */
export async function ownExamDatePairs(
  db: Db,
  userIds: readonly string[],
  subjectIds: readonly number[],
): Promise<Set<string>> {
  if (userIds.length === 0 || subjectIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: subjectExamDates.userId, subjectId: subjectExamDates.subjectId })
    .from(subjectExamDates)
    .where(and(inArray(subjectExamDates.userId, [...userIds]), inArray(subjectExamDates.subjectId, [...subjectIds])));
  return new Set(rows.map((row) => `${row.userId}:${row.subjectId}`));
}
