/**
 * The bench's units of work, each run in a worker thread (worker.ts): one pupil in one cell under every
 * policy; the tuning of (b″)'s retention for a cell; the oracle's parameters for an ACT-R pupil.
 */
import { createRequire } from 'node:module';
import { default_w } from 'ts-fsrs';
import { makePupil, MODELS, type ModelName, type Pupil } from './memory-models.ts';
import { hash } from './random.ts';
import { SEED_BASE, type Cell, type SeedSet } from './setting.ts';
import { simulate, type LoggedReview, type RunResult } from './simulate.ts';

/** FSRS-6's desired retentions run for (b″) and for the equal-minutes comparison; (b′) is 0.9. */
export const RETENTIONS = [0.7, 0.8, 0.85, 0.9, 0.95] as const;
export const B_PRIME_RETENTION = 0.9;
/** The budget binds a policy on a day when it stops something the policy wanted that day; a cell binds
 * when (b′) is stopped so on at least this share of its study days (and (b″)'s retention "fits" below it). */
export const BINDS_SHARE = 0.1;
/** Twins a cell's (b″) retention is tuned on. */
export const TUNING_TWINS = 2;

export const pupilSeed = (set: SeedSet | 'tuning', model: number, index: number) => hash(SEED_BASE[set], model, index);

export const pupilOf = (model: ModelName, set: SeedSet, index: number): Pupil =>
  makePupil(model, pupilSeed(set, MODELS.indexOf(model), index));

/** The figures kept of one run. */
export type Figures = Pick<
  RunResult,
  'recallAll' | 'recallRead' | 'points' | 'minutes' | 'studyDays' | 'capDays' | 'reviewsBeforeExam' | 'unread'
>;

const figures = (r: RunResult): Figures => ({
  recallAll: r.recallAll,
  recallRead: r.recallRead,
  points: r.points,
  minutes: r.minutes,
  studyDays: r.studyDays,
  capDays: r.capDays,
  reviewsBeforeExam: r.reviewsBeforeExam,
  unread: r.unread,
});

export interface PupilRuns {
  ours: Figures;
  /** Null: no oracle parameters (an ACT-R pupil whose fit was not possible). */
  oracle: Figures | null;
  /** FSRS-6 at each of RETENTIONS, in that order. */
  fsrs: Figures[];
  sm2: Figures;
  readOnce: Figures;
  /** (b′) with its daily cap lowered to ours' mean minutes per study day (the equal-minutes match). */
  bPrimeAtOursMinutes: Figures;
}

/** One pupil in one cell under every policy. `oracleWeights`: the true (or, for ACT-R, fitted) parameters. */
export function runPupil(
  cell: Cell,
  model: ModelName,
  set: SeedSet,
  index: number,
  oracleWeights: readonly number[] | null,
): PupilRuns {
  const pupil = pupilOf(model, set, index);
  const weights = pupil.truth.kind === 'fsrs' ? pupil.truth.w : oracleWeights;
  const ours = simulate(pupil, cell, { kind: 'planner' });
  const oursPerDay = ours.minutes / Math.max(1, ours.studyDays);
  return {
    ours: figures(ours),
    oracle: weights ? figures(simulate(pupil, cell, { kind: 'planner', weights })) : null,
    fsrs: RETENTIONS.map((retention) => figures(simulate(pupil, cell, { kind: 'fsrs', retention }))),
    sm2: figures(simulate(pupil, cell, { kind: 'sm2' })),
    readOnce: figures(simulate(pupil, cell, { kind: 'read-once' })),
    bPrimeAtOursMinutes: figures(
      simulate(
        pupil,
        { ...cell, budget: Math.min(cell.budget, oursPerDay) },
        { kind: 'fsrs', retention: B_PRIME_RETENTION },
      ),
    ),
  };
}

/**
 * (b″)'s desired retention for a cell: the highest of RETENTIONS whose workload fits the budget — every card
 * read by its exam and the budget stopping it on fewer than BINDS_SHARE of the study days — found on
 * TUNING_TWINS twins: pupils of FSRS-6's default parameters (what the policy believes of a pupil) with
 * their own seeds, the cell's budget, skip rate, cards and exam days. Never the measured pupils or their
 * outcomes. None fits: the lowest retention, the least work.
 */
export function tuneRetention(cell: Cell): { retention: number; capShare: number[]; unread: number[] } {
  const capShare: number[] = [];
  const unread: number[] = [];
  for (const retention of RETENTIONS) {
    let share = 0;
    let left = 0;
    for (let twin = 0; twin < TUNING_TWINS; twin++) {
      const pupil: Pupil = {
        model: 'fsrs-near',
        seed: pupilSeed('tuning', 0, twin),
        truth: { kind: 'fsrs', w: [...default_w] },
      };
      const run = simulate(pupil, cell, { kind: 'fsrs', retention });
      share += run.capDays / Math.max(1, run.studyDays) / TUNING_TWINS;
      left += run.unread / TUNING_TWINS;
    }
    capShare.push(share);
    unread.push(left);
  }
  let retention: number = RETENTIONS[0];
  RETENTIONS.forEach((r, i) => {
    if (capShare[i]! < BINDS_SHARE && unread[i] === 0) retention = r;
  });
  return { retention, capShare, unread };
}

/** The cell whose long review log the ACT-R oracle's parameters are fitted on. */
export const FIT_CELL: Cell = { budget: 40, skip: 0.2, cards: 300, firstExam: 160 };
/** The optimizer's longest review history (fsrs-rs max_seq_len), as the app's fit keeps it. */
const MAX_ITEM_REVIEWS = 64;
const DAY_MS = 86_400_000;

interface Optimizer {
  computeParameters(
    items: unknown[],
    options: { enableShortTerm: boolean; numRelearningSteps: number },
  ): Promise<number[]>;
  FSRSBindingItem: new (reviews: unknown[]) => unknown;
  FSRSBindingReview: new (rating: number, deltaT: number) => unknown;
}

/** The FSRS optimizer the app's nightly fit uses (fsrs-rs through its N-API binding), or null where absent. */
function optimizer(): Optimizer | null {
  try {
    return createRequire(import.meta.url)('@open-spaced-repetition/binding-linux-x64-gnu') as Optimizer;
  } catch {
    return null;
  }
}

/**
 * The app's training items (fsrs-params.server.ts trainingItems): per card, one item per review from its first
 * review on a later day on, holding the reviews up to it, with whole days between them (sessions never
 * cross a UTC midnight, so UTC days are the pupil's days).
 */
export function trainingItems(log: readonly LoggedReview[]): { rating: number; deltaT: number }[][] {
  const histories = new Map<number, { day: number; reviews: { rating: number; deltaT: number }[] }>();
  for (const entry of [...log].sort((a, b) => a.at - b.at)) {
    const day = Math.floor(entry.at / DAY_MS);
    const card = histories.get(entry.card);
    if (!card) histories.set(entry.card, { day, reviews: [{ rating: entry.grade, deltaT: 0 }] });
    else {
      card.reviews.push({ rating: entry.grade, deltaT: day - card.day });
      card.day = day;
    }
  }
  const items: { rating: number; deltaT: number }[][] = [];
  for (const { reviews } of histories.values()) {
    const first = reviews.findIndex((review, i) => i > 0 && review.deltaT > 0);
    if (first < 0) continue;
    for (let length = first + 1; length <= Math.min(reviews.length, MAX_ITEM_REVIEWS); length++)
      items.push(reviews.slice(0, length));
  }
  return items;
}

/**
 * The ACT-R oracle's parameters: FSRS-6 fitted by the app's optimizer to a long log of the pupil (FIT_CELL
 * under (b′), with outcome draws of their own — not those measured). No exact FSRS parameters exist for
 * another family: this is the best the planner can be told. Null without the optimizer.
 */
export async function fitOracle(set: SeedSet, index: number): Promise<number[] | null> {
  const binding = optimizer();
  if (!binding) return null;
  const pupil = pupilOf('act-r', set, index);
  const log: LoggedReview[] = [];
  simulate(pupil, FIT_CELL, { kind: 'fsrs', retention: B_PRIME_RETENTION }, { log, streamSalt: SEED_BASE.fit });
  const items = trainingItems(log).map(
    (reviews) => new binding.FSRSBindingItem(reviews.map((r) => new binding.FSRSBindingReview(r.rating, r.deltaT))),
  );
  const weights = await binding.computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 });
  return weights.length === 21 && weights.every(Number.isFinite) ? weights : null;
}
