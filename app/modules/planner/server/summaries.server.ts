/**
 * The pupil topic summary (issue 31, ADR 025): what a class's dashboard, a pupil's drill-down and a parent's
 * page read of a pupil's study of a subject, so that none of them computes 30 plans on a view. A review or a
 * handed-in check queues its refresh (`queueSummaryRefresh`: one job per pupil and subject at a time, a
 * few seconds later, so a run of reviews is one refresh); the refresh computes mastery with the same
 * functions as the pupil's own mastery page (`subjectMastery`) and stores it (queued by
 * app/platform/server/summary-refresh.ts).
 */
import { getMe } from '#app/modules/accounts/index.server.ts';
import { DAY_MS } from '#app/platform/dates.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { queueSummaryRefresh } from '#app/platform/server/summary-refresh.ts';
import { DEFAULT_REVIEW_SECONDS, reviewsSince } from '#app/modules/reviews/index.server.ts';
import { listSummaries, replaceSummary, type SubjectSummaryRow } from '../db/summaries.server.ts';
import type { MasteryLevel } from './topic-mastery.server.ts';
import { subjectMastery } from './mastery.server.ts';
import { planContext } from './plan-context.server.ts';

/**
 * Computes and stores a pupil's summary of a subject now. Without a plan for it (no exam year, a teacher,
 * or no access to the subject) the summary says so and has no topics.
 */
export async function refreshPupilSummary(
  s: Scope,
  userId: string,
  subjectId: number,
  now = new Date(),
): Promise<{ topics: number; missing: string | null }> {
  const user = await getMe(s, userId);
  const base: SubjectSummaryRow = {
    userId,
    subjectId,
    examDate: null,
    missing: null,
    recallExam: null,
    reviews7d: 0,
    seconds7d: 0,
    minutesAll7d: 0,
    minutesAsked7d: 0,
    updatedAt: now,
  };
  if (!user) return { topics: 0, missing: 'gone' };
  const [mastery, context, reviews] = await Promise.all([
    subjectMastery(s, user, subjectId, now),
    planContext(s, user, now),
    reviewsSince(s.db, userId, new Date(now.getTime() - 7 * DAY_MS)),
  ]);
  if (!mastery.ok || !context) {
    const missing = !mastery.ok && mastery.reason === 'not_yours' ? 'no_access' : 'no_plan';
    await replaceSummary(s.db, { ...base, missing }, []);
    return { topics: 0, missing };
  }
  const perReview = context.secondsPerReview || DEFAULT_REVIEW_SECONDS;
  let seconds = 0;
  let secondsAll = 0;
  let count = 0;
  for (const review of reviews) {
    const spent = review.secondsSpent ?? perReview;
    secondsAll += spent;
    if (context.cardById.get(review.cardId)?.subjectId === subjectId) {
      seconds += spent;
      count += 1;
    }
  }
  const { topics, examDate } = mastery.value;
  const weight = topics.reduce((sum, topic) => sum + topic.weight, 0);
  const recallExam =
    topics.length === 0
      ? null
      : weight > 0
        ? topics.reduce((sum, topic) => sum + topic.weight * topic.recallOnExam, 0) / weight
        : topics.reduce((sum, topic) => sum + topic.recallOnExam, 0) / topics.length;
  await replaceSummary(
    s.db,
    {
      ...base,
      examDate: examDate.date,
      recallExam,
      reviews7d: count,
      seconds7d: Math.round(seconds),
      minutesAll7d: Math.round(secondsAll / 60),
      minutesAsked7d: context.dailyMinutes * 7,
    },
    topics.map((topic) => ({
      userId,
      subjectId,
      topicId: topic.id,
      level: topic.level,
      recallNow: topic.recallNow,
      recallExam: topic.recallOnExam,
      cardsSeen: topic.cardsSeen,
      cards: topic.cards,
      checkShare: topic.checkShare,
      updatedAt: now,
    })),
  );
  return { topics: topics.length, missing: null };
}

/** A pupil's summary of a subject as its readers get it. */
export interface PupilSummary {
  userId: string;
  examDate: string | null;
  missing: 'no_plan' | 'no_access' | null;
  recallExam: number | null;
  reviews7d: number;
  minutes7d: number;
  minutesAll7d: number;
  minutesAsked7d: number;
  updatedAt: Date;
  topics: Map<
    number,
    {
      level: MasteryLevel;
      recallNow: number;
      recallExam: number;
      cardsSeen: number;
      cards: number;
      checkShare: number | null;
    }
  >;
}

/**
 * The stored summaries of these pupils for a subject (two queries, whatever their history); a pupil
 * without one yet is left out, and their refresh is queued.
 */
export async function pupilSummaries(
  s: Scope,
  userIds: readonly string[],
  subjectId: number,
): Promise<Map<string, PupilSummary>> {
  const rows = await listSummaries(s.db, userIds, subjectId);
  const summaries = new Map<string, PupilSummary>();
  for (const row of rows) {
    const topics: PupilSummary['topics'] = new Map();
    for (const [topicId, level, recallNow, recallExam, cardsSeen, cards, checkShare] of row.topics ?? []) {
      topics.set(topicId, { level: level as MasteryLevel, recallNow, recallExam, cardsSeen, cards, checkShare });
    }
    summaries.set(row.userId, {
      userId: row.userId,
      examDate: row.examDate,
      missing: row.missing === 'no_plan' || row.missing === 'no_access' ? row.missing : null,
      recallExam: row.recallExam,
      reviews7d: row.reviews7d,
      minutes7d: Math.round(row.seconds7d / 60),
      minutesAll7d: row.minutesAll7d,
      minutesAsked7d: row.minutesAsked7d,
      updatedAt: new Date(row.updatedAt),
      topics,
    });
  }
  for (const userId of userIds) if (!summaries.has(userId)) queueSummaryRefresh(s, userId, subjectId);
  return summaries;
}
