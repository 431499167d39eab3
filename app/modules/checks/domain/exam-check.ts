/**
 * Scoring an exam check (spec §3 Test, §4 "Saving an exam-check result"):
 * points per question, the grade on the Dutch 1–10 scale
 * with the central exam's formula, and the result per topic.
 */

/** A topic with fewer questions than this in a check is marked uncertain: too few to judge. */
export const UNCERTAIN_BELOW_QUESTIONS = 3;

/**
 * The grade in tenths (10–100) for `score` of `maxScore` points: the CE
 * formula 9 · score / max + 1, rounded half up to one decimal, computed in
 * whole numbers so no float error moves a grade.
 */
export function gradeTenths(score: number, maxScore: number): number {
  if (maxScore <= 0) return 10;
  const clamped = Math.min(Math.max(0, score), maxScore);
  // 10 · (9 · s / m) rounded half up = floor((180 · s + m) / (2 · m)).
  return 10 + Math.floor((180 * clamped + maxScore) / (2 * maxScore));
}

/** A grade in tenths as the Dutch write it: 68 → '6,8'. */
export function formatGrade(tenths: number): string {
  return `${Math.floor(tenths / 10)},${tenths % 10}`;
}

/** Whether a grade is a pass (5,5 or more). */
export const isPassingGrade = (tenths: number): boolean => tenths >= 55;

export interface ScoredQuestion {
  topicId: number;
  points: number;
  maxPoints: number;
}

export interface TopicResult {
  topicId: number;
  score: number;
  maxScore: number;
  /** Whole percent of the topic's points. */
  percentage: number;
  /** Too few questions on the topic to judge it (UNCERTAIN_BELOW_QUESTIONS). */
  isUncertain: boolean;
  questions: number;
}

export interface CheckResult {
  score: number;
  maxScore: number;
  gradeTenths: number;
  perTopic: TopicResult[];
}

/** The points of a multiple-choice answer: the question's points when right, else 0. */
export const choicePoints = (chosen: string | null | undefined, correct: string, maxPoints: number): number =>
  chosen === correct ? maxPoints : 0;

/** The points a pupil gives their own open answer, kept within 0 … maxPoints (whole points). */
export const selfScoredPoints = (points: number, maxPoints: number): number =>
  Math.min(Math.max(0, Math.trunc(Number.isFinite(points) ? points : 0)), maxPoints);

/** The result of scored questions: totals, grade and per topic in the order topics first appear. */
export function scoreCheck(questions: readonly ScoredQuestion[]): CheckResult {
  const byTopic = new Map<number, { score: number; maxScore: number; questions: number }>();
  let score = 0;
  let maxScore = 0;
  for (const q of questions) {
    score += q.points;
    maxScore += q.maxPoints;
    const topic = byTopic.get(q.topicId) ?? { score: 0, maxScore: 0, questions: 0 };
    topic.score += q.points;
    topic.maxScore += q.maxPoints;
    topic.questions += 1;
    byTopic.set(q.topicId, topic);
  }
  const perTopic = [...byTopic].map(([topicId, t]) => ({
    topicId,
    score: t.score,
    maxScore: t.maxScore,
    percentage: t.maxScore === 0 ? 0 : Math.round((100 * t.score) / t.maxScore),
    isUncertain: t.questions < UNCERTAIN_BELOW_QUESTIONS,
    questions: t.questions,
  }));
  return { score, maxScore, gradeTenths: gradeTenths(score, maxScore), perTopic };
}

/** A topic scores 'good' from this percentage on (≥ 70 %). */
export const GOOD_FROM_PERCENTAGE = 70;
/** A topic scores 'fair' from this percentage on, 'weak' below it (≥ 50 %). */
export const FAIR_FROM_PERCENTAGE = 50;

/** How a topic's percentage reads in a score box and a chart: green from 70 %, orange from 50 %, red below. */
export function scoreTone(percentage: number): 'good' | 'fair' | 'weak' {
  if (percentage >= GOOD_FROM_PERCENTAGE) return 'good';
  if (percentage >= FAIR_FROM_PERCENTAGE) return 'fair';
  return 'weak';
}
