import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { pupilSubjectSummaries, pupilTopicSummaries } from './tables.ts';

export type TopicSummaryRow = typeof pupilTopicSummaries.$inferSelect;
export type SubjectSummaryRow = typeof pupilSubjectSummaries.$inferSelect;

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

/** A topic row as the summary read packs it: topic, level, recall now, on the exam morning, seen, cards, check. */
export type PackedTopic = [number, string, number, number, number, number, number | null];

/**
 * The summaries of these pupils for a subject in one query: one row per pupil, its topics packed into one JSON
 * array (a class of 200 pupils × 20 topics is 200 rows, not 4,000).
 */
export async function listSummaries(db: Db, userIds: readonly string[], subjectId: number) {
  if (userIds.length === 0) return [];
  const s = pupilSubjectSummaries;
  return db
    .select({
      userId: s.userId,
      examDate: s.examDate,
      missing: s.missing,
      recallExam: s.recallExam,
      reviews7d: s.reviews7d,
      seconds7d: s.seconds7d,
      minutesAll7d: s.minutesAll7d,
      minutesAsked7d: s.minutesAsked7d,
      updatedAt: s.updatedAt,
      topics: sql<PackedTopic[] | null>`(select json_agg(json_build_array(t.topic_id, t.level, t.recall_now,
        t.recall_exam, t.cards_seen, t.cards, t.check_share))
        from ${pupilTopicSummaries} t
        where t.user_id = "pupil_subject_summaries"."user_id" and t.subject_id = "pupil_subject_summaries"."subject_id")`,
    })
    .from(s)
    .where(and(eq(s.subjectId, subjectId), inArray(s.userId, [...userIds])));
}

/**
 * When each of these pupils' summaries of these subjects was last written, as one short text (an MD5): the
 * same text, the same summaries; a reader that keeps what it made of them (the class dashboard) knows by it
 * whether they changed. Null when there are none.
 */
export async function pupilSummariesStamp(
  db: Db,
  userIds: readonly string[],
  subjectIds: readonly number[],
): Promise<string | null> {
  if (userIds.length === 0 || subjectIds.length === 0) return null;
  const s = pupilSubjectSummaries;
  const [row] = await db
    .select({
      stamp: sql<string | null>`md5(string_agg(${s.userId} || ':' || ${s.subjectId} || ':' || ${s.updatedAt},
        ',' order by ${s.userId}, ${s.subjectId}))`,
    })
    .from(s)
    // One array parameter each, not one per id: a year group is 200 pupils.
    .where(sql`${s.subjectId} = any(${sql.param([...subjectIds])}) and ${s.userId} = any(${sql.param([...userIds])})`);
  return row?.stamp ?? null;
}
