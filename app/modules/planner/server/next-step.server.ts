/**
 * "What next" (issue 20, part 5): one main suggestion, with a one-sentence reason, for the area home and
 * each subject page. Pure: the caller passes the plan's figures and each topic's mastery.
 *
 * Candidates are ranked by expected exam points gained per minute. Points are counted as a share of a
 * subject's exam (0–1), so candidates of different subjects compare on the area home.
 * - A topic's weight (topicWeights) is its share of the exam's points: from the exam checks' points when the
 *   subject has any, else from its share of the cards (the syllabus).
 * - gain = weight × room above current mastery (1 − score, topic-mastery.server.ts) × the kind's effectiveness,
 *   scaled by the part of the room the step covers; gain per minute = gain / expected minutes.
 *
 * The kinds and their effectiveness (modest, documented guesses; change them here):
 * - review (1.0): today's planned reviews. The caller passes their summed gain (reviewGain gives it: per
 *   card its topic's weight per card × the recall it would otherwise lack on the exam morning).
 * - new-cards (0.6): reading N unseen cards of a topic covers N / unseen of the card part of its room; a
 *   first read is not yet lasting recall, hence 0.6.
 * - exam-check (0.3): practising real exam questions on a topic (or the whole subject) and seeing what is
 *   missing; it is mostly a measurement, hence the modest 0.3. A check the pupil made before is not offered
 *   again: a redo measures what they remember of the same questions (issue 34).
 * - check-topics (0.6, as reading): after a lower check result (below the one before, or below 5,5) the
 *   topics that cost the most points in it. They come first, before the ranking (the pupil just saw where the
 *   points went); the caller's reviews of today still come before them.
 * Ties: review before new cards before an exam check, then the shorter step.
 */
import { TARGET_RECALL } from '#app/modules/reviews/index.ts';

export const EFFECTIVENESS = { review: 1, 'new-cards': 0.6, 'check-topics': 0.6, 'exam-check': 0.3 } as const;

/** New cards suggested on a topic when today's plan has none there (a small batch). */
export const NEW_CARD_BATCH = 5;

export type NextStepKind = 'review' | 'new-cards' | 'check-topics' | 'exam-check' | 'done';

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
  /** check-topics: the topics that cost points, most points first. */
  topicIds?: number[];
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
  /** The pupil made it before: not offered again. */
  made?: boolean;
}

/** A topic that cost points in a check: the points lost of its maximum. */
export interface LostTopic {
  id: number;
  name: string;
  lost: number;
  maxPoints: number;
}

export interface NextStepInput {
  subjectId: number;
  topics: readonly NextStepTopic[];
  /** Today's planned reviews of the subject (none when absent or count 0). */
  review?: { count: number; gain: number; secondsPerReview: number } | null;
  /** Expected seconds to read a new card. */
  secondsPerNew: number;
  checks?: readonly NextStepCheck[];
  /**
   * The subject's latest check when it came out lower (checks' `lowerCheck`): its topics that cost the most
   * points, most first. They come first.
   */
  lowerCheck?: { testId: number; name: string; grade: number; lost: readonly LostTopic[] } | null;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const wholeMinutes = (minutes: number) => Math.max(1, Math.round(minutes));

export const REASONS = {
  review: 'Deze kaarten zakken anders weg voor je examen.',
  'new-cards': 'Daar win je nu de meeste examenpunten per minuut.',
  'exam-check': 'Daar win je nu de meeste examenpunten per minuut: je oefent met echte examenvragen.',
  'check-topics': 'Daar verloor je punten in je laatste examencheck.',
  done: 'Alles voor vandaag is gedaan; morgen staat er weer iets voor je klaar.',
  idle: 'Je kaarten komen terug zodra ze dreigen weg te zakken; dan staan ze hier.',
} as const;

/** Only after work today (issue 34): without it, nothing planned is not "done". */
export const DONE_TEXT = 'Je bent klaar voor vandaag';
export const IDLE_TEXT = 'Er staat vandaag niets voor je klaar';

export const reviewText = (n: number, minutes: number) =>
  `Herhaal ${n} ${plural(n, 'kaart', 'kaarten')} (±${wholeMinutes(minutes)} min)`;
export const newCardsText = (n: number, topic: string) =>
  `Lees ${n} ${plural(n, 'nieuwe kaart', 'nieuwe kaarten')} over ${topic}`;
export const examCheckText = (name: string) => `Maak de examencheck ${name}`;
const list = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} en ${names.at(-1)}` : (names[0] ?? '');
export const checkTopicsText = (names: readonly string[]) => `Oefen ${list(names)}`;
const grade = (value: number) => value.toFixed(1).replace('.', ',');
export const checkTopicsReason = (check: { name: string; grade: number }, lost: readonly LostTopic[]) =>
  `In ${check.name} (${grade(check.grade)}) verloor je de meeste punten op ${list(lost.map((t) => `${t.name} (${t.lost} van ${t.maxPoints})`))}.`;

const KIND_ORDER: Record<NextStepKind, number> = {
  review: 0,
  'check-topics': 1,
  'new-cards': 2,
  'exam-check': 3,
  done: 4,
};

/** The candidates of one subject, unranked. */
function candidatesOf(input: NextStepInput): NextStep[] {
  const { subjectId, topics } = input;
  const candidates: NextStep[] = [];
  const step = (s: Omit<NextStep, 'gainPerMinute' | 'reason'> & { reason?: string }) =>
    candidates.push({
      reason: REASONS[s.kind],
      ...s,
      gainPerMinute: s.minutes > 0 ? s.gain / s.minutes : 0,
    });

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

  const lower = input.lowerCheck;
  if (lower && lower.lost.length > 0) {
    const room = lower.lost.reduce((sum, t) => {
      const topic = topics.find((x) => x.id === t.id);
      return sum + (topic ? topic.weight * Math.max(0, 1 - topic.score) : 0);
    }, 0);
    step({
      kind: 'check-topics',
      text: checkTopicsText(lower.lost.map((t) => t.name)),
      reason: checkTopicsReason(lower, lower.lost),
      minutes: (lower.lost.length * NEW_CARD_BATCH * input.secondsPerNew) / 60,
      subjectId,
      topicIds: lower.lost.map((t) => t.id),
      testId: lower.testId,
      gain: room * EFFECTIVENESS['check-topics'],
    });
  }

  for (const check of input.checks ?? []) {
    if (check.made) continue;
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

/** The topics of a lower check first; then most exam points per minute; ties: by kind, then the shorter step. */
const byValue = (a: NextStep, b: NextStep) =>
  Number(b.kind === 'check-topics') - Number(a.kind === 'check-topics') ||
  b.gainPerMinute - a.gainPerMinute ||
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
  a.minutes - b.minutes;

/**
 * The best next step and the ranked candidates, for one subject or (area home) several. 'done' when no
 * candidate is left: no planned reviews, no unseen cards, no exam check with room above mastery. It says
 * "klaar voor vandaag" only when the pupil reviewed today (`workedToday`), else that nothing is planned.
 */
export function nextStep(
  subjects: NextStepInput | readonly NextStepInput[],
  { workedToday = false }: { workedToday?: boolean } = {},
): {
  best: NextStep;
  candidates: NextStep[];
} {
  const list: readonly NextStepInput[] = Array.isArray(subjects) ? subjects : [subjects as NextStepInput];
  const candidates = list.flatMap(candidatesOf).sort(byValue);
  const best = candidates[0] ?? {
    kind: 'done',
    text: workedToday ? DONE_TEXT : IDLE_TEXT,
    reason: workedToday ? REASONS.done : REASONS.idle,
    minutes: 0,
    subjectId: list[0]?.subjectId ?? 0,
    gain: 0,
    gainPerMinute: 0,
  };
  return { best, candidates };
}
