/**
 * The FSRS-6 scheduler (ts-fsrs, a pure package) behind a pupil's reviews (issue 20): a review turns the card's
 * memory into the next one. The forgetting curve and the rest of the rules are in memory.ts. Pure: the time is
 * passed in. The FSRS optimizer that fits a pupil's own parameters loads a native package: server/fsrs.server.ts.
 */
import { createEmptyCard, fsrs, generatorParameters, type Card } from 'ts-fsrs';
import {
  DAY_MS,
  gradeOf,
  TARGET_RECALL,
  type CardMemory,
  type MemoryState,
  type ReviewLogEntry,
  type ReviewRating,
} from './memory.ts';

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
