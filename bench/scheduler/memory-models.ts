/**
 * The simulated pupils' TRUE memory: three models the planner never sees (issue 33).
 *
 * - `fsrs-near`: FSRS-6 near its defaults: w0–w3 (initial stabilities) and w8–w11 (growth, lapses) times
 *   lognormal(0, 0.25). The planner's own model, slightly off: its predictions are close to exact.
 * - `fsrs-wide`: FSRS-6 with a wide spread, the decay w20 included: w0–w3 × lognormal(0, 0.6), w4 + N(0, 1),
 *   w5–w6 × lognormal(0, 0.3), w8–w11 × lognormal(0, 0.4), w12–w14 × lognormal(0, 0.3), w15–w16 ×
 *   lognormal(0, 0.2), w20 = 0.1542 × lognormal(0.3, 0.6) (median 0.21; the planner assumes 0.1542).
 * - `act-r`: another family, ACT-R's power-law forgetting with the spacing effect (Pavlik & Anderson 2005,
 *   2008): each presentation j leaves a trace that decays as age^(−d_j), with d_j = c·e^(m_j) + α_card set
 *   by the activation m_j at the moment it was made (massed study decays faster); activation m = ability +
 *   β_card + ln Σ_j age_j^(−d_j), recall = 1 / (1 + e^((τ − m)/s)). Ages are Pavlik's psychological time in
 *   seconds: the first hour in full, later time at h = 0.025 (a day ≈ 5,700 s). Cards differ in difficulty:
 *   β_card ~ N(0, 0.3) and α_card = α × lognormal(0, 0.1). Pupil: ability ~ N(0, 0.2), c = 0.5 ×
 *   lognormal(0, 0.2), α = 0.25 × lognormal(0, 0.1), s = 0.25, τ = −2.449: one study of an average card
 *   is recalled at 76 % a day later, 49 % a week later, 21 % a month later; three looks within five minutes
 *   at 42 % a month later, three on days 0, 1 and 3 at 79 %.
 *
 * All FSRS arithmetic is ts-fsrs's own (`next_state` with the true parameters; elapsed days counted as ts-fsrs
 * counts them, whole UTC days), so the oracle — the planner given the true parameters — predicts an FSRS
 * pupil exactly. The recall that decides a review's outcome and the exam-morning recall use the exact time.
 */
import { clipParameters, default_w, fsrs, generatorParameters, type FSRS, type Grade } from 'ts-fsrs';
import { type CardStreams, hash, mulberry32, normal, pick } from './random.ts';

export const MODELS = ['fsrs-near', 'fsrs-wide', 'act-r'] as const;
export type ModelName = (typeof MODELS)[number];

export const MODEL_LABELS: Record<ModelName, string> = {
  'fsrs-near': 'FSRS-6 near its defaults',
  'fsrs-wide': 'FSRS-6 with a wide spread, decay included',
  'act-r': 'ACT-R power-law forgetting with card difficulty spread',
};

const DAY_MS = 86_400_000;
/** ACT-R's psychological time (s): the first hour in full, later time at ACTR_H; at least a second. */
const ACTR_H = 0.025;
const actrAge = (ms: number) => {
  const seconds = ms / 1000;
  return Math.max(1, Math.min(seconds, 3600) + ACTR_H * Math.max(0, seconds - 3600));
};
/** A trace's decay is kept below this (numbers stay finite however massed the study). */
const ACTR_MAX_DECAY = 2;

export interface FsrsTruth {
  kind: 'fsrs';
  /** The pupil's true FSRS-6 parameters, clipped to ts-fsrs's ranges. */
  w: number[];
}

export interface ActrTruth {
  kind: 'act-r';
  ability: number;
  c: number;
  alpha: number;
  tau: number;
  s: number;
  /** The seed of the cards' difficulties. */
  cardSeed: number;
}

export interface Pupil {
  model: ModelName;
  /** The pupil's seed: their memory, cards, skipped days and outcomes follow from it. */
  seed: number;
  truth: FsrsTruth | ActrTruth;
}

const lognormal = (random: () => number, sigma: number, mu = 0) => Math.exp(mu + sigma * normal(random));

/** A pupil of `model` drawn from `seed`. */
export function makePupil(model: ModelName, seed: number): Pupil {
  const random = mulberry32(hash(seed, 0x5eed));
  if (model === 'act-r') {
    return {
      model,
      seed,
      truth: {
        kind: 'act-r',
        ability: 0.2 * normal(random),
        c: 0.5 * lognormal(random, 0.2),
        alpha: 0.25 * lognormal(random, 0.1),
        tau: -2.449,
        s: 0.25,
        cardSeed: hash(seed, 0xca4d),
      },
    };
  }
  const w = [...default_w];
  const scale = (indexes: number[], sigma: number) => {
    for (const i of indexes) w[i] = w[i]! * lognormal(random, sigma);
  };
  if (model === 'fsrs-near') {
    scale([0, 1, 2, 3, 8, 9, 10, 11], 0.25);
  } else {
    scale([0, 1, 2, 3], 0.6);
    w[4] = w[4]! + normal(random);
    scale([5, 6], 0.3);
    scale([8, 9, 10, 11], 0.4);
    scale([12, 13, 14], 0.3);
    scale([15, 16], 0.2);
    w[20] = w[20]! * lognormal(random, 0.6, 0.3);
  }
  // Stabilities must rise with the rating, as FSRS's optimizer keeps them.
  for (let i = 1; i < 4; i++) w[i] = Math.max(w[i]!, w[i - 1]! * 1.05);
  return { model, seed, truth: { kind: 'fsrs', w: clipParameters(w, 1, true) } };
}

/** The true memory of one pupil's cards in one run. Card `i` is the run's i-th card. */
export interface TrueMemory {
  /** The chance of recall at `atMs` (0 for a card never read). */
  recall(card: number, atMs: number): number;
  /** A review (or first read) at `atMs` with this outcome. */
  review(card: number, atMs: number, grade: Grade): void;
  read(card: number): boolean;
}

/** FSRS-6's forgetting curve at fractional `days` (ts-fsrs's formula, unrounded). */
export function fsrsRecall(stability: number, days: number, decay: number): number {
  const factor = 0.9 ** (-1 / decay) - 1;
  return (1 + (factor * Math.max(0, days)) / stability) ** -decay;
}

/** Whole UTC days between two instants, as ts-fsrs counts a card's elapsed days. */
const utcDays = (from: number, to: number) => Math.floor(to / DAY_MS) - Math.floor(from / DAY_MS);

const algorithms = new Map<string, FSRS>();
function algorithm(w: readonly number[]): FSRS {
  const key = w.join(',');
  let found = algorithms.get(key);
  if (!found) {
    found = fsrs(generatorParameters({ w: [...w], enable_fuzz: false }));
    if (algorithms.size > 200) algorithms.clear();
    algorithms.set(key, found);
  }
  return found;
}

class FsrsMemory implements TrueMemory {
  private readonly stability: Float64Array;
  private readonly difficulty: Float64Array;
  private readonly last: Float64Array;
  private readonly algorithm: FSRS;
  private readonly decay: number;
  constructor(w: readonly number[], cards: number) {
    this.stability = new Float64Array(cards);
    this.difficulty = new Float64Array(cards);
    this.last = new Float64Array(cards).fill(Number.NaN);
    this.algorithm = algorithm(w);
    this.decay = w[20]!;
  }
  read(card: number) {
    return !Number.isNaN(this.last[card]!);
  }
  recall(card: number, atMs: number) {
    const last = this.last[card]!;
    if (Number.isNaN(last)) return 0;
    return fsrsRecall(this.stability[card]!, (atMs - last) / DAY_MS, this.decay);
  }
  review(card: number, atMs: number, grade: Grade) {
    const last = this.last[card]!;
    const before = Number.isNaN(last) ? null : { difficulty: this.difficulty[card]!, stability: this.stability[card]! };
    const next = this.algorithm.next_state(before, before ? utcDays(last, atMs) : 0, grade);
    this.stability[card] = next.stability;
    this.difficulty[card] = next.difficulty;
    this.last[card] = atMs;
  }
}

/** ACT-R card parameters for the card with this key (the same card in every cell of the grid). */
export function actrCard(truth: ActrTruth, key: number) {
  const random = mulberry32(hash(truth.cardSeed, key));
  return { beta: 0.3 * normal(random), alpha: truth.alpha * lognormal(random, 0.1) };
}

class ActrMemory implements TrueMemory {
  private readonly times: number[][];
  private readonly decays: number[][];
  private readonly beta: Float64Array;
  private readonly alpha: Float64Array;
  private readonly truth: ActrTruth;
  constructor(truth: ActrTruth, keys: readonly number[]) {
    this.truth = truth;
    this.times = keys.map(() => []);
    this.decays = keys.map(() => []);
    this.beta = new Float64Array(keys.length);
    this.alpha = new Float64Array(keys.length);
    keys.forEach((key, i) => {
      const card = actrCard(truth, key);
      this.beta[i] = card.beta;
      this.alpha[i] = card.alpha;
    });
  }
  read(card: number) {
    return this.times[card]!.length > 0;
  }
  /** ability + β + ln Σ age^(−d): −Infinity before the first presentation. */
  activation(card: number, atMs: number) {
    const times = this.times[card]!;
    const decays = this.decays[card]!;
    if (times.length === 0) return Number.NEGATIVE_INFINITY;
    let sum = 0;
    for (let j = 0; j < times.length; j++) sum += actrAge(atMs - times[j]!) ** -decays[j]!;
    return this.truth.ability + this.beta[card]! + Math.log(sum);
  }
  recall(card: number, atMs: number) {
    const m = this.activation(card, atMs);
    if (m === Number.NEGATIVE_INFINITY) return 0;
    return 1 / (1 + Math.exp((this.truth.tau - m) / this.truth.s));
  }
  review(card: number, atMs: number) {
    const m = this.activation(card, atMs);
    const decay = Math.min(
      ACTR_MAX_DECAY,
      (m === Number.NEGATIVE_INFINITY ? 0 : this.truth.c * Math.exp(m)) + this.alpha[card]!,
    );
    this.times[card]!.push(atMs);
    this.decays[card]!.push(decay);
  }
}

/** The pupil's true memory of the run's cards; `keys` name each card (the same key: the same card). */
export function trueMemory(pupil: Pupil, keys: readonly number[]): TrueMemory {
  return pupil.truth.kind === 'fsrs' ? new FsrsMemory(pupil.truth.w, keys.length) : new ActrMemory(pupil.truth, keys);
}

/** FSRS's simulator (fsrs-rs): shares of Opnieuw, Moeilijk, Goed, Makkelijk on a first read. */
export const FIRST_RATING = [0.24, 0.094, 0.495, 0.171];
/** Remembered: Moeilijk, Goed, Makkelijk. */
export const RECALLED_RATING = [0.15, 0.7, 0.15];

/**
 * The pupil's answer: a first read draws its rating from FIRST_RATING; a review is remembered with the
 * true recall's chance (then Moeilijk / Goed / Makkelijk by RECALLED_RATING), else Opnieuw. Two draws a
 * review from the card's own stream, whatever the outcome, so every policy meets the same chances.
 */
export function answer(memory: TrueMemory, streams: CardStreams, card: number, atMs: number): Grade {
  const u = streams.next(card);
  const v = streams.next(card);
  if (!memory.read(card)) return (1 + pick(u, FIRST_RATING)) as Grade;
  if (u >= memory.recall(card, atMs)) return 1;
  return (2 + pick(v, RECALLED_RATING)) as Grade;
}
