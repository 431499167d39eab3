import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import type { CardMemory } from '#app/modules/reviews/domain/memory.ts';
import { REVIEW_SECONDS_CAP } from '#app/modules/reviews/schemas/review.ts';
import { cardMemory, cardReviews, studyPlanSettings, subjectExamDates } from './tables.ts';

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
 * Forgets the pupil's memory and review log of these cards (one subject's: a reset of its plan). Answers how
 * many reviews went.
 */
export async function deleteCardsMemory(db: Db, userId: string, cardIds: readonly number[]): Promise<number> {
  if (cardIds.length === 0) return 0;
  const ids = [...cardIds];
  return db.transaction(async (tx) => {
    await tx.delete(cardMemory).where(and(eq(cardMemory.userId, userId), inArray(cardMemory.cardId, ids)));
    const gone = await tx
      .delete(cardReviews)
      .where(and(eq(cardReviews.userId, userId), inArray(cardReviews.cardId, ids)))
      .returning({ id: cardReviews.id });
    return gone.length;
  });
}

/** What a plan needs of the pupil beyond their cards, in one round trip (see `planFacts`). */
export interface PlanFacts {
  dailyMinutes: number | null;
  examDates: Map<number, string>;
  /** Their fitted FSRS-6 parameters, or null (the defaults). */
  weights: number[] | null;
  /** Mean seconds of their latest 100 timed reviews, or null before the first. */
  meanSeconds: number | null;
  /** Reviews since `since` (the start of today, or of a review session) and the seconds measured for them. */
  today: { reviews: number; seconds: number };
}

/**
 * The plan's hot statements, prepared once per database (like the session and cart reads, ADR 009):
 * today's plan, what next and the area home run them on every request.
 */
function buildPlanStatements(db: Db) {
  const userId = sql.placeholder('userId');
  return {
    facts: db
      .select({
        dailyMinutes: sql<
          number | null
        >`(select p.daily_minutes from study_plan_settings p where p.user_id = ${userId})`.mapWith((v: unknown) =>
          v === null ? null : Number(v),
        ),
        weights: sql<number[] | null>`(select f.weights from fsrs_parameters f where f.user_id = ${userId})`,
        meanSeconds: sql<string | null>`(select avg(r.seconds_spent) from (
          select cr.seconds_spent from card_reviews cr
          where cr.user_id = ${userId} and cr.seconds_spent is not null
          order by cr.reviewed_at desc, cr.id desc limit 100) r)`,
        // The measured seconds (ADR 030), each at most the cap (rows written before the cap included); one not
        // timed counts none (`least` would take the cap for its null).
        today: sql<{ reviews: number; seconds: number }>`(select json_build_object('reviews', count(*),
          'seconds', coalesce(sum(least(coalesce(cr.seconds_spent, 0), ${sql.raw(String(REVIEW_SECONDS_CAP))})), 0))
          from card_reviews cr where cr.user_id = ${userId} and cr.reviewed_at >= ${sql.placeholder('since')})`,
        examDates: sql<
          [number, string][]
        >`(select coalesce(json_agg(json_build_array(d.subject_id, d.exam_date)), '[]'::json)
          from subject_exam_dates d where d.user_id = ${userId})`,
      })
      .from(sql`(select 1) as one`)
      .prepare('plan_facts'),
  };
}
const planStatements = preparedPerDatabase(buildPlanStatements);

/** The pupil's plan settings, fitted parameters, review pace and their reviews since `since`: one query. */
export async function planFacts(db: Db, userId: string, since: Date): Promise<PlanFacts> {
  const [row] = await planStatements(db).facts.execute({ userId, since: since.toISOString() });
  const today = row?.today ?? { reviews: 0, seconds: 0 };
  return {
    dailyMinutes: row?.dailyMinutes ?? null,
    examDates: new Map(row?.examDates ?? []),
    weights: row?.weights ?? null,
    meanSeconds: row?.meanSeconds == null ? null : Number(row.meanSeconds),
    today: { reviews: Number(today.reviews), seconds: Number(today.seconds) },
  };
}
