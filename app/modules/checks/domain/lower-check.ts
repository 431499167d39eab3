/**
 * A lower exam-check result (issue 34): the pupil's latest attempt in a subject when it came out lower than
 * the one before, or insufficient, with the topics that cost the most points in it. "What next" (reviews)
 * suggests those topics instead of a redo of an older check. Pure.
 */

/** At most this many topics of a lower check. */
export const LOWER_CHECK_TOPICS = 3;
/** A grade below this is insufficient: its topics count even when it was not lower than before. */
const PASS_GRADE = 5.5;

/** A pupil's attempt at one of a subject's checks: the check's name, the grade and the points per topic. */
export interface CheckAttempt {
  testId: number;
  name: string;
  grade: number;
  perTopic: readonly { topicId: number; name: string; score: number; maxScore: number }[];
}

/**
 * The latest of the attempts (oldest first) when it came out lower than the one before it, or below 5,5,
 * with its topics that cost points (most first, then by id; at most LOWER_CHECK_TOPICS); null otherwise.
 */
export function lowerCheck(attempts: readonly CheckAttempt[]) {
  const latest = attempts.at(-1);
  const before = attempts.at(-2);
  if (!latest || (latest.grade >= PASS_GRADE && (!before || latest.grade >= before.grade))) return null;
  const lost = latest.perTopic
    .map((t) => ({ id: t.topicId, name: t.name, lost: t.maxScore - t.score, maxPoints: t.maxScore }))
    .filter((t) => t.lost > 0)
    .sort((a, b) => b.lost - a.lost || a.id - b.id)
    .slice(0, LOWER_CHECK_TOPICS);
  return lost.length ? { testId: latest.testId, name: latest.name, grade: latest.grade, lost } : null;
}
