import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { cardReviews, pupilSubjectSummaries, pupilTopicSummaries } from './tables.ts';

export type TopicSummaryRow = typeof pupilTopicSummaries.$inferSelect;
export type SubjectSummaryRow = typeof pupilSubjectSummaries.$inferSelect;

/** The pupil's reviews since `since`: which card, and the seconds they said it took (null: not timed). */
export function reviewsSince(db: Db, userId: string, since: Date) {
  return db
    .select({ cardId: cardReviews.cardId, secondsSpent: cardReviews.secondsSpent })
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), gte(cardReviews.reviewedAt, since)));
}

/** Replaces a pupil's summary of a subject: its subject row and its topic rows, in one transaction. */
export async function replaceSummary(
  db: Db,
  subject: SubjectSummaryRow,
  topics: readonly TopicSummaryRow[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const own = and(
      eq(pupilTopicSummaries.userId, subject.userId),
      eq(pupilTopicSummaries.subjectId, subject.subjectId),
    );
    await tx.delete(pupilTopicSummaries).where(own);
    if (topics.length > 0) await tx.insert(pupilTopicSummaries).values([...topics]);
    await tx
      .insert(pupilSubjectSummaries)
      .values(subject)
      .onConflictDoUpdate({
        target: [pupilSubjectSummaries.userId, pupilSubjectSummaries.subjectId],
        set: {
          examDate: subject.examDate,
          missing: subject.missing,
          recallExam: subject.recallExam,
          reviews7d: subject.reviews7d,
          seconds7d: subject.seconds7d,
          minutesAll7d: subject.minutesAll7d,
          minutesAsked7d: subject.minutesAsked7d,
          updatedAt: subject.updatedAt,
        },
      });
  });
}

/** The summaries of these pupils for a subject: one row per pupil, and their topic rows. Two queries. */
export async function listSummaries(db: Db, userIds: readonly string[], subjectId: number) {
  if (userIds.length === 0) return { subjects: [] as SubjectSummaryRow[], topics: [] as TopicSummaryRow[] };
  const ids = [...userIds];
  const [subjects, topics] = await Promise.all([
    db
      .select()
      .from(pupilSubjectSummaries)
      .where(and(eq(pupilSubjectSummaries.subjectId, subjectId), inArray(pupilSubjectSummaries.userId, ids))),
    db
      .select()
      .from(pupilTopicSummaries)
      .where(and(eq(pupilTopicSummaries.subjectId, subjectId), inArray(pupilTopicSummaries.userId, ids))),
  ]);
  return { subjects, topics };
}
