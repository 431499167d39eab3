/**
 * A pupil's memory of a card (issue 20): FSRS-6 turns each review into the card's next state (with
 * ts-fsrs, a pure package; its fitting of a pupil's own parameters loads a native one:
 * server/fsrs.server.ts) and predicts its recall on any later day. Pure: the time is passed in.
 *
 * How a review relates to the spec's learned mark (§4): the mark stays the pupil's own. A review never
 * sets or clears it; a card the pupil knows well (rated Goed or Makkelijk, and its recall stays at 90 %
 * or more for at least a week) is suggested for it, and a card marked learned that they then forget
 * (rated Opnieuw) is pointed out. Either way the pupil decides.
 */
import { createEmptyCard, fsrs, generatorParameters, type Card } from 'ts-fsrs';
import { DAY_MS } from '#app/platform/dates.ts';
import { REVIEW_RATINGS, type ReviewRating } from './ratings.ts';

/** FSRS's states of a reviewed card (0, new, is never stored: a card without memory is new). */
export type MemoryState = 1 | 2 | 3;

/** What is kept of a card after a review (card_memory). */
export interface CardMemory {
  due: Date;
  stability: number;
  difficulty: number;
  state: MemoryState;
  reps: number;
  lapses: number;
  learningSteps: number;
  scheduledDays: number;
  lastReview: Date;
}

/** One review, as the append-only log keeps it (card_reviews). */
export interface ReviewLogEntry {
  rating: 1 | 2 | 3 | 4;
  reviewedAt: Date;
  /** Days since the card's review before (0 for its first). */
  elapsedDays: number;
  before: Pick<CardMemory, 'state' | 'stability' | 'difficulty'> | null;
  after: Pick<CardMemory, 'state' | 'stability' | 'difficulty' | 'due'>;
  secondsSpent: number | null;
}

/** The recall below which a card is reviewed (FSRS's desired retention). */
export const TARGET_RECALL = 0.9;
/** A suggestion to mark a card learned needs its recall to stay at TARGET_RECALL for this many days. */
export const SUGGEST_LEARNED_AFTER_DAYS = 7;

export { DAY_MS };
/** FSRS-6's default decay of the forgetting curve (its 21st parameter, w[20]). */
export const FSRS6_DEFAULT_DECAY = 0.1542;

/** The rating's FSRS grade: 1 Opnieuw … 4 Makkelijk. */
export const gradeOf = (rating: ReviewRating): 1 | 2 | 3 | 4 => REVIEW_RATINGS.find((r) => r.value === rating)!.grade;

/** FSRS-6's forgetting curve: the chance of recall `days` after the last review at this stability. */
export function recallAfter(stability: number, days: number, weights?: readonly number[]): number {
  const decay = -(weights?.[20] ?? FSRS6_DEFAULT_DECAY);
  const factor = 0.9 ** (1 / decay) - 1;
  return (1 + (factor * Math.max(0, days)) / stability) ** decay;
}

/**
 * The inverse of recallAfter: how many days after its last review a card at this stability keeps a recall
 * of at least `recall` (its stability itself for 0.9, by FSRS's definition of stability).
 */
export function daysUntilRecall(stability: number, recall: number, weights?: readonly number[]): number {
  const decay = -(weights?.[20] ?? FSRS6_DEFAULT_DECAY);
  return (stability * (recall ** (1 / decay) - 1)) / (0.9 ** (1 / decay) - 1);
}

/** The predicted recall of a card at `when` (today, or the morning of the exam). */
export function recallAt(memory: CardMemory, when: Date, weights?: readonly number[]): number {
  return recallAfter(memory.stability, (when.getTime() - memory.lastReview.getTime()) / DAY_MS, weights);
}

/** Whether the card is due for a review at `now`. */
export const isDue = (memory: CardMemory, now: Date) => memory.due.getTime() <= now.getTime();

/** What the review means for the learned mark: a suggestion, never a change (see the module's comment). */
export function learnedSuggestion(
  memory: CardMemory,
  rating: ReviewRating,
  learned: boolean,
): 'suggest_learned' | 'forgotten_learned' | null {
  if (learned) return rating === 'again' ? 'forgotten_learned' : null;
  if (rating !== 'good' && rating !== 'easy') return null;
  return memory.scheduledDays >= SUGGEST_LEARNED_AFTER_DAYS ? 'suggest_learned' : null;
}

/** "over 10 minuten", "morgen", "over 3 dagen", "over 2 maanden": when the next review is. */
export function nextReviewText(due: Date, now: Date): string {
  const minutes = Math.max(1, Math.round((due.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 20) return `over ${hours} uur`;
  const days = Math.round(minutes / 1440);
  if (days <= 1) return 'morgen';
  if (days < 45) return `over ${days} dagen`;
  const months = Math.round(days / 30.4);
  return `over ${months} ${months === 1 ? 'maand' : 'maanden'}`;
}

/**
 * FSRS's same-day learning steps of a card read for the first time (ADR 031): one, of 10 minutes, for a first
 * read rated Opnieuw or Moeilijk; a first read rated Goed or Makkelijk goes straight to its first interval (a few
 * days). ts-fsrs's default (1 and 10 minutes) brings every Goed back after 10 minutes as well: a second look on
 * the same day that adds next to nothing on an exam morning months away, while it costs a review for every card.
 * A card rated Opnieuw later keeps FSRS's one relearning step of 10 minutes.
 */
export const LEARNING_STEPS = ['10m'] as const;

/** The scheduler with FSRS-6's default parameters, or a pupil's own fitted ones. */
function scheduler(weights?: readonly number[]) {
  return fsrs(
    generatorParameters({
      request_retention: TARGET_RECALL,
      enable_fuzz: false,
      learning_steps: [...LEARNING_STEPS],
      ...(weights ? { w: [...weights] } : {}),
    }),
  );
}
const DEFAULT_SCHEDULER = scheduler();

/**
 * Schedulers of fitted parameters, by their weights: a pupil reviews card after card with the same ones. A
 * scheduler follows from its weights alone, so this memo changes no answer; it only saves building one per review.
 */
const FITTED_SCHEDULERS = new Map<string, ReturnType<typeof scheduler>>();
const FITTED_SCHEDULERS_KEPT = 500;

function fittedScheduler(weights: readonly number[]) {
  const key = weights.join(',');
  let found = FITTED_SCHEDULERS.get(key);
  if (found) {
    // Most recently used last, so the first is the one to let go.
    FITTED_SCHEDULERS.delete(key);
  } else {
    found = scheduler(weights);
    if (FITTED_SCHEDULERS.size >= FITTED_SCHEDULERS_KEPT) {
      FITTED_SCHEDULERS.delete(FITTED_SCHEDULERS.keys().next().value!);
    }
  }
  FITTED_SCHEDULERS.set(key, found);
  return found;
}

function toFsrs(memory: CardMemory | null, now: Date): Card {
  if (!memory) return createEmptyCard(now);
  return {
    due: memory.due,
    stability: memory.stability,
    difficulty: memory.difficulty,
    elapsed_days: 0,
    scheduled_days: memory.scheduledDays,
    learning_steps: memory.learningSteps,
    reps: memory.reps,
    lapses: memory.lapses,
    state: memory.state,
    last_review: memory.lastReview,
  };
}

/**
 * The stability a review rated `grade` at `now` would leave, and nothing else of the review: FSRS-6's
 * next-stability formulas as ts-fsrs computes them in `next_state` (elapsed UTC calendar days; same-day reviews by
 * the short-term formula), without its rounding, difficulty or scheduling, for weighing plans by the thousand
 * (a unit test holds them to ts-fsrs). `memory` null: a first read. The pupil's parameters or the defaults.
 */
export function stabilityAfterReview(weights?: readonly number[]) {
  const f = weights ? fittedScheduler(weights) : DEFAULT_SCHEDULER;
  const w = f.parameters.w;
  const decay = w[20]!;
  const factor = 0.9 ** (-1 / decay) - 1;
  const shortTermFloor = Math.exp(w[17]! * w[18]!);
  const clamp = (x: number) => Math.min(Math.max(x, MIN_STABILITY), MAX_STABILITY);
  return (memory: CardMemory | null, grade: 1 | 2 | 3 | 4, now: Date): number => {
    if (!memory) return Math.max(w[grade - 1]!, 0.1);
    const { stability: s, difficulty: d } = memory;
    // ts-fsrs counts the days between the two UTC dates (dateDiffInDays), not whole 24-hour spans.
    const t = Math.max(0, Math.floor(now.getTime() / DAY_MS) - Math.floor(memory.lastReview.getTime() / DAY_MS));
    if (t === 0) {
      const sinc = s ** -w[19]! * Math.exp(w[17]! * (grade - 3 + w[18]!));
      return clamp(s * (grade >= 2 ? Math.max(sinc, 1) : sinc));
    }
    const r = (1 + (factor * t) / s) ** -decay;
    if (grade === 1) {
      const forgot = clamp(w[11]! * d ** -w[12]! * ((s + 1) ** w[13]! - 1) * Math.exp((1 - r) * w[14]!));
      return Math.min(Math.max(s / shortTermFloor, MIN_STABILITY), forgot);
    }
    const bonus = grade === 2 ? w[15]! : grade === 4 ? w[16]! : 1;
    return clamp(s * (1 + Math.exp(w[8]!) * (11 - d) * s ** -w[9]! * (Math.exp((1 - r) * w[10]!) - 1) * bonus));
  };
}
/** ts-fsrs's bounds of a stability (S_MIN and its 36,500-day ceiling). */
const MIN_STABILITY = 0.001;
const MAX_STABILITY = 36_500;

/** A review: the card's memory after it and the log entry. `memory` null is the card's first review. */
export function reviewCard(
  memory: CardMemory | null,
  rating: ReviewRating,
  now: Date,
  { secondsSpent = null, weights }: { secondsSpent?: number | null; weights?: readonly number[] } = {},
): { memory: CardMemory; log: ReviewLogEntry } {
  const f = weights ? fittedScheduler(weights) : DEFAULT_SCHEDULER;
  // A review "before" the last one (a clock that went back) counts as at the same moment.
  const at = memory && now < memory.lastReview ? memory.lastReview : now;
  const { card } = f.next(toFsrs(memory, at), at, gradeOf(rating));
  const next: CardMemory = {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    state: card.state as MemoryState,
    reps: card.reps,
    lapses: card.lapses,
    learningSteps: card.learning_steps,
    scheduledDays: card.scheduled_days,
    lastReview: at,
  };
  return {
    memory: next,
    log: {
      rating: gradeOf(rating),
      reviewedAt: at,
      elapsedDays: memory ? (at.getTime() - memory.lastReview.getTime()) / DAY_MS : 0,
      before: memory ? { state: memory.state, stability: memory.stability, difficulty: memory.difficulty } : null,
      after: { state: next.state, stability: next.stability, difficulty: next.difficulty, due: next.due },
      secondsSpent,
    },
  };
}
