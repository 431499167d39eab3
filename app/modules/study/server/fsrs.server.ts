/**
 * The FSRS-6 scheduler (ts-fsrs) behind a pupil's reviews (issue 20): a review turns the card's memory
 * into the next one. The forgetting curve and the rest of the rules are in domain/memory.ts.
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
  const f = weights ? scheduler(weights) : DEFAULT_SCHEDULER;
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
