/**
 * A pupil's own FSRS-6 parameters (issue 20, ADR 018): once their review log is long enough, the FSRS
 * optimizer fits the 21 parameters to it, in a nightly job (app/jobs/fit-fsrs-parameters.ts); their next
 * reviews are scheduled with them (reviewCardForUser). Until then, and whenever a fit gives no usable
 * parameters, FSRS-6's defaults apply.
 */
import type { Db } from '#app/db/client.server.ts';
import { DEFAULT_TIME_ZONE } from '#app/platform/dates.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import {
  type FsrsParametersRow,
  findFsrsParameters,
  listUsersDueForFit,
  saveFsrsParameters,
} from '#app/modules/reviews/db/fsrs-params.server.ts';
import { listReviews } from '#app/modules/reviews/db/memory.server.ts';
import { DAY_MS } from '#app/modules/reviews/domain/memory.ts';
import { fitWeights, type OptimizerReview } from './fsrs.server.ts';

/**
 * Reviews a pupil needs before their parameters are fitted. The FSRS guide (open-spaced-repetition,
 * fsrs4anki docs/tutorial.md, "Find optimal parameters") advises the defaults below 400 reviews, the
 * minimum Anki's optimizer asks since 24.04 (1,000 before). The optimizer itself (fsrs-rs `compute_parameters`)
 * answers its defaults below 8 usable items and fits only the four initial stabilities below 64, so at
 * 400 reviews most of the fit is real training.
 */
export const MIN_REVIEWS_TO_FIT = 400;
/** A pupil's parameters are fitted again once their log has this many reviews more than the last fit used. */
export const REFIT_AFTER_REVIEWS = 200;
/** Fits per nightly run (about half a second each for a few hundred reviews); the rest wait a night. */
export const MAX_FITS_PER_RUN = 50;
/** FSRS-6 has 21 parameters (w[20] the decay of the forgetting curve). */
export const FSRS6_PARAMETER_COUNT = 21;
/** The optimizer's longest review history (fsrs-rs TrainingConfig.max_seq_len); it leaves longer items out. */
const MAX_ITEM_REVIEWS = 64;
/**
 * A day starts at 04:00 local time, as the optimizer's own converter counts days (fsrs-rs convertor,
 * next_day_starts_at 4): a review at 00:30 belongs to the evening before.
 */
const NEXT_DAY_STARTS_AT_HOURS = 4;

/** One entry of the review log, as the fit reads it. */
export interface LoggedReview {
  cardId: number;
  /** The FSRS grade: 1 Opnieuw, 2 Moeilijk, 3 Goed, 4 Makkelijk. */
  rating: number;
  reviewedAt: Date;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The pupil's day of `at` (starting at 04:00 in `timeZone`), as a whole number of days since 1970-01-01. */
function dayNumber(at: Date, timeZone: string): number {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const [year, month, day] = format
    .format(at.getTime() - NEXT_DAY_STARTS_AT_HOURS * 3_600_000)
    .split('-')
    .map(Number);
  return Date.UTC(year!, month! - 1, day!) / DAY_MS;
}

const asGrade = (rating: number): OptimizerReview['rating'] => {
  if (rating === 1 || rating === 2 || rating === 3 || rating === 4) return rating;
  throw new RangeError(`Not an FSRS grade: ${rating}`);
};

/**
 * The log as the optimizer reads it: per card (in the order of its first review), its reviews oldest
 * first, each with the grade and the pupil's calendar days since the card's review before (0 for its
 * first review and for a second one the same day).
 */
export function reviewHistories(
  log: readonly LoggedReview[],
  timeZone: string = DEFAULT_TIME_ZONE,
): OptimizerReview[][] {
  const sorted = [...log].sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
  const cards = new Map<number, { day: number; reviews: OptimizerReview[] }>();
  for (const entry of sorted) {
    const day = dayNumber(entry.reviewedAt, timeZone);
    const card = cards.get(entry.cardId);
    const rating = asGrade(entry.rating);
    if (!card) {
      cards.set(entry.cardId, { day, reviews: [{ rating, deltaT: 0 }] });
    } else {
      card.reviews.push({ rating, deltaT: Math.max(0, day - card.day) });
      card.day = day;
    }
  }
  return [...cards.values()].map((card) => card.reviews);
}

/**
 * The optimizer's training items (its FSRSItem): one per review after a card's first, holding the card's
 * reviews up to and including it, so the optimizer learns to predict that review from the ones before.
 * Left out: an item without a review on a later day than the one before (all on the card's first day:
 * fsrs-rs panics on it, and a panic in the binding aborts the whole process) and one longer than the
 * optimizer keeps.
 */
export function trainingItems(histories: readonly (readonly OptimizerReview[])[]): OptimizerReview[][] {
  const items: OptimizerReview[][] = [];
  for (const history of histories) {
    const firstLaterDay = history.findIndex((review, index) => index > 0 && review.deltaT > 0);
    if (firstLaterDay < 0) continue;
    for (let length = firstLaterDay + 1; length <= Math.min(history.length, MAX_ITEM_REVIEWS); length++) {
      items.push(history.slice(0, length));
    }
  }
  return items;
}

/** Whether the optimizer's answer can schedule: FSRS-6's 21 parameters, each a finite number. */
export const areUsableWeights = (weights: readonly number[]): boolean =>
  weights.length === FSRS6_PARAMETER_COUNT && weights.every((w) => Number.isFinite(w));

export type FitOutcome =
  | { status: 'too_few_reviews'; reviewCount: number }
  | { status: 'fitted'; reviewCount: number; weights: number[] }
  | { status: 'invalid'; reviewCount: number; weights: number[] };

/**
 * Fits the user's parameters to their whole review log and keeps them with the review count and the
 * time (`now`). Fewer than MIN_REVIEWS_TO_FIT reviews: nothing is fitted or stored. An answer that is
 * not 21 finite numbers is not stored either (the defaults, or the parameters of an earlier fit, stay).
 * Without a Scope, for the demo seed; services call fitPersonalParameters.
 */
export async function fitUserParameters(db: Db, userId: string, now: Date): Promise<FitOutcome> {
  const log = await listReviews(db, userId);
  const reviewCount = log.length;
  if (reviewCount < MIN_REVIEWS_TO_FIT) return { status: 'too_few_reviews', reviewCount };
  const weights = await fitWeights(trainingItems(reviewHistories(log)));
  if (!areUsableWeights(weights)) return { status: 'invalid', reviewCount, weights };
  await saveFsrsParameters(db, userId, { weights, reviewCount, fittedAt: now });
  return { status: 'fitted', reviewCount, weights };
}

/** Fits the user's own FSRS-6 parameters (fitUserParameters); an unusable answer is logged. */
export async function fitPersonalParameters(s: Scope, userId: string, now: Date = new Date()): Promise<FitOutcome> {
  const outcome = await fitUserParameters(s.db, userId, now);
  if (outcome.status === 'invalid') {
    s.logger.warn(
      { userId, reviewCount: outcome.reviewCount, weights: outcome.weights },
      'FSRS optimizer gave unusable parameters; the defaults stay',
    );
  }
  return outcome;
}

/**
 * The nightly fit (app/jobs/fit-fsrs-parameters.ts): every user due for one (listUsersDueForFit), at
 * most MAX_FITS_PER_RUN, one after the other. A fit that fails is reported and the others go on; the
 * user is due again the next night. Answers the counts, kept as the job's output.
 */
export async function fitDueParameters(s: Scope, now: Date = new Date()) {
  const due = await listUsersDueForFit(s.db, {
    minReviews: MIN_REVIEWS_TO_FIT,
    refitAfter: REFIT_AFTER_REVIEWS,
    limit: MAX_FITS_PER_RUN,
  });
  const counts = { due: due.length, fitted: 0, invalid: 0, failed: 0 };
  for (const { userId } of due) {
    try {
      const outcome = await fitPersonalParameters(s, userId, now);
      if (outcome.status === 'fitted') counts.fitted += 1;
      else if (outcome.status === 'invalid') counts.invalid += 1;
    } catch (error) {
      counts.failed += 1;
      s.errors.capture(error, { job: 'fit-fsrs-parameters', userId });
    }
  }
  return counts;
}

/** The user's own FSRS-6 parameters and when they were fitted, or null (FSRS-6's defaults apply). */
export async function getPersonalParameters(s: Scope, userId: string): Promise<FsrsParametersRow | null> {
  return findFsrsParameters(s.db, userId);
}
