/**
 * "What next" (issue 20, part 5): one main suggestion, with a one-sentence reason, for the area home and
 * each subject page. Pure: the caller passes the plan's figures and each topic's mastery.
 *
 * Candidates are ranked by expected exam points gained per minute. Points are counted as a share of a
 * subject's exam (0–1), so candidates of different subjects compare on the area home.
 * - A topic's weight (topicWeights) is its share of the exam's points: from the exam checks' points when the
 *   subject has any, else from its share of the cards (the syllabus).
 * - gain = weight × room above current mastery (1 − score, mastery.ts) × the kind's effectiveness, scaled by
 *   the part of the room the step covers; gain per minute = gain / expected minutes.
 *
 * The kinds and their effectiveness (modest, documented guesses; change them here):
 * - review (1.0): today's planned reviews. The caller passes their summed gain (reviewGain gives it: per
 *   card its topic's weight per card × the recall it would otherwise lack on the exam morning).
 * - new-cards (0.6): reading N unseen cards of a topic covers N / unseen of the card part of its room; a
 *   first read is not yet lasting recall, hence 0.6.
 * - exam-check (0.3): practising real exam questions on a topic (or the whole subject) and seeing what is
 *   missing; it is mostly a measurement, hence the modest 0.3.
 * Ties: review before new cards before an exam check, then the shorter step.
 */
import { TARGET_RECALL } from './memory.ts';

export const EFFECTIVENESS = { review: 1, 'new-cards': 0.6, 'exam-check': 0.3 } as const;
/** New cards suggested on a topic when today's plan has none there (a small batch). */
export const NEW_CARD_BATCH = 5;

export type NextStepKind = 'review' | 'new-cards' | 'exam-check' | 'done';

export interface NextStep {
  kind: NextStepKind;
  /** What to do, in Dutch: "Herhaal 14 kaarten (±9 min)". */
  text: string;
  /** Why, in one Dutch sentence. */
  reason: string;
  /** Expected minutes (0 for done). */
  minutes: number;
  subjectId: number;
  topicId?: number;
  testId?: number;
  cardCount?: number;
  /** Expected gain as a share of the subject's exam points (0 for done). */
  gain: number;
  /** gain / minutes: what the ranking uses. */
  gainPerMinute: number;
}

export interface WeightedTopic {
  id: number;
  cardCount: number;
  /** Points of the subject's exam checks on this topic (0 when none). */
  checkPoints: number;
}

/**
 * Each topic's share of the exam's points, summing to 1: from the exam checks' points when the subject has
 * any (a topic the checks do not ask about then weighs 0), else from card counts, else equal shares.
 */
export function topicWeights(topics: readonly WeightedTopic[]): Map<number, number> {
  const positive = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);
  const checkTotal = topics.reduce((sum, t) => sum + positive(t.checkPoints), 0);
  const cardTotal = topics.reduce((sum, t) => sum + positive(t.cardCount), 0);
  const weights = new Map<number, number>();
  for (const t of topics) {
    const weight =
      checkTotal > 0
        ? positive(t.checkPoints) / checkTotal
        : cardTotal > 0
          ? positive(t.cardCount) / cardTotal
          : 1 / topics.length;
    weights.set(t.id, weight);
  }
  return weights;
}

/**
 * The expected gain of reviewing these cards: per card its topic's weight divided by the topic's card count
 * (its share of the exam), times the recall it would lack on the exam morning without the review
 * (target − predicted exam-morning recall, at least 0), times the review's effectiveness. A card without a
 * known topic counts as one card of the whole subject.
 */
export function reviewGain(
  cards: readonly { topicId: number | null; examRecall: number }[],
  topics: readonly { id: number; weight: number; cardCount: number }[],
  target: number = TARGET_RECALL,
): number {
  const perCard = new Map(topics.map((t) => [t.id, t.cardCount > 0 ? t.weight / t.cardCount : 0]));
  const subjectCards = topics.reduce((sum, t) => sum + t.cardCount, 0);
  let gain = 0;
  for (const card of cards) {
    const share = card.topicId === null ? undefined : perCard.get(card.topicId);
    const weight = share ?? (subjectCards > 0 ? 1 / subjectCards : 0);
    gain += weight * Math.max(0, target - card.examRecall);
  }
  return gain * EFFECTIVENESS.review;
}

export interface NextStepTopic {
  id: number;
  name: string;
  /** Share of the exam's points (topicWeights). */
  weight: number;
  /** Current mastery 0–1 (topicMastery().score). */
  score: number;
  /** The topic's cards never read. */
  unseen: number;
  /** The share of the score that the cards make (1 without check questions, ½ with; default 1). */
  cardPart?: number;
  /** New cards today's plan reads on this topic (0 or absent: a small batch, when any are unseen). */
  plannedNew?: number;
}

export interface NextStepCheck {
  testId: number;
  /** Its name as the pupil knows it, e.g. "Differentiëren". */
  name: string;
  /** The topic it tests; absent or null: the whole subject. */
  topicId?: number | null;
  questionCount: number;
  /** Expected minutes to make it. */
  minutes: number;
}

export interface NextStepInput {
  subjectId: number;
  topics: readonly NextStepTopic[];
  /** Today's planned reviews of the subject (none when absent or count 0). */
  review?: { count: number; gain: number; secondsPerReview: number } | null;
  /** Expected seconds to read a new card. */
  secondsPerNew: number;
  checks?: readonly NextStepCheck[];
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const wholeMinutes = (minutes: number) => Math.max(1, Math.round(minutes));

export const REASONS = {
  review: 'Deze kaarten zakken anders weg voor je examen.',
  'new-cards': 'Daar win je nu de meeste examenpunten per minuut.',
  'exam-check': 'Daar win je nu de meeste examenpunten per minuut: je oefent met echte examenvragen.',
  done: 'Alles voor vandaag is gedaan; morgen staat er weer iets voor je klaar.',
} as const;

export const DONE_TEXT = 'Je bent klaar voor vandaag';

export const reviewText = (n: number, minutes: number) =>
  `Herhaal ${n} ${plural(n, 'kaart', 'kaarten')} (±${wholeMinutes(minutes)} min)`;
export const newCardsText = (n: number, topic: string) =>
  `Lees ${n} ${plural(n, 'nieuwe kaart', 'nieuwe kaarten')} over ${topic}`;
export const examCheckText = (name: string) => `Maak de examencheck ${name}`;

const KIND_ORDER: Record<NextStepKind, number> = { review: 0, 'new-cards': 1, 'exam-check': 2, done: 3 };

/** The candidates of one subject, unranked. */
function candidatesOf(input: NextStepInput): NextStep[] {
  const { subjectId, topics } = input;
  const candidates: NextStep[] = [];
  const step = (s: Omit<NextStep, 'gainPerMinute' | 'reason'>) =>
    candidates.push({ ...s, reason: REASONS[s.kind], gainPerMinute: s.minutes > 0 ? s.gain / s.minutes : 0 });

  const review = input.review;
  if (review && review.count > 0) {
    const minutes = (review.count * review.secondsPerReview) / 60;
    step({
      kind: 'review',
      text: reviewText(review.count, minutes),
      minutes,
      subjectId,
      cardCount: review.count,
      gain: Math.max(0, review.gain),
    });
  }

  for (const topic of topics) {
    if (topic.unseen <= 0) continue;
    const count = Math.min(topic.unseen, topic.plannedNew && topic.plannedNew > 0 ? topic.plannedNew : NEW_CARD_BATCH);
    const room = Math.max(0, 1 - topic.score);
    const cardRoom = Math.min(room, topic.cardPart ?? 1);
    step({
      kind: 'new-cards',
      text: newCardsText(count, topic.name),
      minutes: (count * input.secondsPerNew) / 60,
      subjectId,
      topicId: topic.id,
      cardCount: count,
      gain: topic.weight * cardRoom * (count / topic.unseen) * EFFECTIVENESS['new-cards'],
    });
  }

  for (const check of input.checks ?? []) {
    const topic = check.topicId == null ? undefined : topics.find((t) => t.id === check.topicId);
    if (check.topicId != null && !topic) continue;
    // A check on the whole subject: its room is the weighted room of all topics.
    const weightedRoom = topic
      ? topic.weight * Math.max(0, 1 - topic.score)
      : topics.reduce((sum, t) => sum + t.weight * Math.max(0, 1 - t.score), 0);
    const gain = weightedRoom * EFFECTIVENESS['exam-check'];
    if (!(gain > 0) || check.questionCount <= 0) continue;
    step({
      kind: 'exam-check',
      text: examCheckText(check.name),
      minutes: Math.max(1, check.minutes),
      subjectId,
      ...(topic ? { topicId: topic.id } : {}),
      testId: check.testId,
      gain,
    });
  }
  return candidates;
}

/** Most exam points per minute first; ties: review, new cards, exam check; then the shorter step. */
const byValue = (a: NextStep, b: NextStep) =>
  b.gainPerMinute - a.gainPerMinute || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.minutes - b.minutes;

/**
 * The best next step and the ranked candidates, for one subject or (area home) several. 'done' when no
 * candidate is left: no planned reviews, no unseen cards, no exam check with room above mastery.
 */
export function nextStep(subjects: NextStepInput | readonly NextStepInput[]): {
  best: NextStep;
  candidates: NextStep[];
} {
  const list: readonly NextStepInput[] = Array.isArray(subjects) ? subjects : [subjects as NextStepInput];
  const candidates = list.flatMap(candidatesOf).sort(byValue);
  const best = candidates[0] ?? {
    kind: 'done',
    text: DONE_TEXT,
    reason: REASONS.done,
    minutes: 0,
    subjectId: list[0]?.subjectId ?? 0,
    gain: 0,
    gainPerMinute: 0,
  };
  return { best, candidates };
}
