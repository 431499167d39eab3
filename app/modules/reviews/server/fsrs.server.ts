/**
 * The FSRS optimizer (fsrs-rs, the native package of @open-spaced-repetition/binding): it fits a pupil's own
 * FSRS-6 parameters to their review log (ADR 018). The scheduler that uses them is in domain/memory.ts.
 */
import { createRequire } from 'node:module';

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
