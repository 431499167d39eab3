/**
 * The FSRS-6 scheduler (ts-fsrs) behind a pupil's reviews (issue 20): a review turns the card's memory
 * into the next one. The forgetting curve and the rest of the rules are in domain/memory.ts. The FSRS
 * optimizer (fsrs-rs, the native package of @open-spaced-repetition/binding) fits a pupil's own parameters (ADR 018).
 */
import { createRequire } from 'node:module';
import { createEmptyCard, fsrs, generatorParameters, type Card } from 'ts-fsrs';
import {
  DAY_MS,
  gradeOf,
  TARGET_RECALL,
  type CardMemory,
  type MemoryState,
  type ReviewLogEntry,
  type ReviewRating,
} from '#app/modules/study/domain/memory.ts';

/** The scheduler with FSRS-6's default parameters, or a pupil's own fitted ones. */
function scheduler(weights?: readonly number[]) {
  return fsrs(
    generatorParameters({
      request_retention: TARGET_RECALL,
      enable_fuzz: false,
      ...(weights ? { w: [...weights] } : {}),
    }),
  );
}
const DEFAULT_SCHEDULER = scheduler();

/** Schedulers of fitted parameters, by their weights: a pupil reviews card after card with the same ones. */
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

/** One review as the FSRS optimizer reads it: the grade and the calendar days since the card's review before. */
export interface OptimizerReview {
  rating: 1 | 2 | 3 | 4;
  /** Whole days; 0 for a card's first review and for another review the same day. */
  deltaT: number;
}

/** The FSRS optimizer's N-API functions (fsrs-rs; the parts of @open-spaced-repetition/binding's API we use). */
interface FsrsOptimizer {
  computeParameters(
    trainSet: unknown[],
    options: { enableShortTerm: boolean; numRelearningSteps: number },
  ): Promise<number[]>;
  FSRSBindingItem: new (reviews: unknown[]) => unknown;
  FSRSBindingReview: new (rating: number, deltaT: number) => unknown;
}

/** The platform's FSRS optimizer package (an optional dependency, ADR 018). */
const OPTIMIZER_PACKAGE = '@open-spaced-repetition/binding-linux-x64-gnu';
let loaded: FsrsOptimizer | undefined;

/**
 * The optimizer's native module, loaded on first use: on a platform without it the fit throws (the job
 * reports it per pupil and the defaults stay), and the server itself starts anywhere.
 */
function optimizer(): FsrsOptimizer {
  loaded ??= createRequire(import.meta.url)(OPTIMIZER_PACKAGE) as FsrsOptimizer;
  return loaded;
}

/**
 * FSRS-6 parameters fitted to these training items (each a card's reviews up to and including the one
 * to predict, oldest first) by the FSRS optimizer: fsrs-rs through the native package of
 * @open-spaced-repetition/binding (ADR 018). The binding is loaded on first use, so a server on a platform without its binary still
 * starts (and schedules with the defaults). With short-term memory on and one relearning step, as
 * ts-fsrs schedules (learning steps 1m 10m, relearning 10m). Answers what the optimizer answers: too
 * little usable data gives its defaults or fits the first four parameters only.
 */
export async function fitWeights(items: readonly (readonly OptimizerReview[])[]): Promise<number[]> {
  const { computeParameters, FSRSBindingItem, FSRSBindingReview } = optimizer();
  const trainSet = items.map(
    (reviews) => new FSRSBindingItem(reviews.map((review) => new FSRSBindingReview(review.rating, review.deltaT))),
  );
  return computeParameters(trainSet, { enableShortTerm: true, numRelearningSteps: 1 });
}
