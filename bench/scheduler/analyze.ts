/**
 * From the runs to the figures: per cell and memory model the policies' means and the paired differences
 * against (b′) with their 95 % intervals, whether the budget binds, the share of the (b′)→oracle gap ours
 * closes, the comparison at equal minutes, the factor levels, and the issue's Done-when criteria.
 */
import { B_PRIME_RETENTION, BINDS_SHARE, RETENTIONS, type Figures, type PupilRuns } from './experiment.ts';
import { MODELS, type ModelName } from './memory-models.ts';
import { FACTORS, type Cell, type Factor } from './setting.ts';
import { atEqualMinutes, mean, pairedInterval, significantlyBelow, type Interval } from './stats.ts';

export const POLICY_KEYS = ['ours', 'oracle', 'bPrime', 'bDouble', 'sm2', 'readOnce'] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];
export const POLICY_LABELS: Record<PolicyKey, string> = {
  ours: 'ours: planToday with FSRS-6 defaults',
  oracle: 'oracle: planToday with the true parameters',
  bPrime: "(b') FSRS-6 at 0.9, stops at each exam, paced new cards",
  bDouble: "(b'') FSRS-6 at the retention tuned to the budget",
  sm2: '(d) SM-2',
  readOnce: '(c) read once',
};

export interface PolicyMeans {
  /** Shares 0–1. */
  recallAll: number;
  recallRead: number;
  points: number;
  /** Minutes per study day. */
  minutesPerDay: number;
  /** Recall over all cards per hour studied (percentage points an hour). */
  recallPerHour: number;
  /** Per subject, in SUBJECTS order. */
  reviewsBeforeExam: number[];
  unread: number;
}

export interface CellStats {
  cell: Cell;
  model: ModelName;
  pupils: number;
  /** (b′)'s mean share of study days on which the budget stopped it; binds: at least BINDS_SHARE. */
  bPrimeCapShare: number;
  binds: boolean;
  /** (b″)'s retention (tuned per cell, on twins). */
  bDoubleRetention: number;
  means: Partial<Record<PolicyKey, PolicyMeans>>;
  /** ours − (b′), percentage points (recall, points) and minutes per study day. */
  ours: { recallAll: Interval; recallRead: Interval; points: Interval; minutesPerDay: Interval };
  /** Other policies − (b′) on exam-morning recall over all cards, percentage points. */
  versus: Partial<Record<'oracle' | 'bDouble' | 'sm2' | 'readOnce', Interval>>;
  /** (ours − (b′)) / (oracle − (b′)) on recall over all cards; null without an oracle, or where the oracle is
   * less than MIN_GAP above (b′) (there it is no upper bound to close a gap to). */
  gapShare: number | null;
  /** ours − FSRS-6 at ours' minutes (equalMinutes), pp; `clamped`: pupils whose minutes no run reached. */
  equalMinutes: { diff: Interval; clamped: number };
  /** ours' minutes / (b′)'s. */
  minutesRatio: number;
  /** Per pupil, for pooling across cells: ours − (b′) and oracle − (b′) (pp), and both policies' minutes. */
  perPupil: { ours: number[]; oracle: (number | null)[]; oursMinutes: number[]; bPrimeMinutes: number[] };
}

const PP = 100;
/** The gap to the oracle is reported where the oracle is at least this far above (b′) (pp). */
export const MIN_GAP = 0.5;
const bPrimeIndex = RETENTIONS.indexOf(B_PRIME_RETENTION as (typeof RETENTIONS)[number]);

function policyRuns(runs: PupilRuns, key: PolicyKey, bDoubleIndex: number): Figures | null {
  switch (key) {
    case 'ours':
      return runs.ours;
    case 'oracle':
      return runs.oracle;
    case 'bPrime':
      return runs.fsrs[bPrimeIndex]!;
    case 'bDouble':
      return runs.fsrs[bDoubleIndex]!;
    case 'sm2':
      return runs.sm2;
    case 'readOnce':
      return runs.readOnce;
  }
}

const perDay = (f: Figures) => f.minutes / Math.max(1, f.studyDays);

/**
 * FSRS-6's exam-morning recall at the minutes ours studied, per pupil. Ours studied no more than (b′): (b′)
 * with its daily cap lowered to ours' mean minutes per study day. More: FSRS-6 at the desired retention whose
 * minutes match ours', interpolated between the retentions' runs (none spends as much: the highest, `clamped`).
 */
export function equalMinutes(runs: PupilRuns): { value: number; clamped: boolean } {
  const bPrime = runs.fsrs[bPrimeIndex]!;
  if (runs.ours.minutes <= bPrime.minutes) return { value: runs.bPrimeAtOursMinutes.recallAll, clamped: false };
  return atEqualMinutes(
    runs.fsrs.slice(bPrimeIndex).map((f) => ({ minutes: f.minutes, value: f.recallAll })),
    runs.ours.minutes,
  );
}

function means(list: Figures[]): PolicyMeans {
  return {
    recallAll: mean(list.map((f) => f.recallAll)),
    recallRead: mean(list.map((f) => f.recallRead)),
    points: mean(list.map((f) => f.points)),
    minutesPerDay: mean(list.map(perDay)),
    recallPerHour: mean(list.map((f) => (f.recallAll * PP) / Math.max(1e-9, f.minutes / 60))),
    reviewsBeforeExam: list[0]!.reviewsBeforeExam.map((_, s) => mean(list.map((f) => f.reviewsBeforeExam[s]!))),
    unread: mean(list.map((f) => f.unread)),
  };
}

export function cellStats(cell: Cell, model: ModelName, runs: PupilRuns[], bDoubleRetention: number): CellStats {
  const bDoubleIndex = RETENTIONS.indexOf(bDoubleRetention as (typeof RETENTIONS)[number]);
  const of = (key: PolicyKey) => runs.map((r) => policyRuns(r, key, bDoubleIndex));
  const bPrime = of('bPrime') as Figures[];
  const ours = of('ours') as Figures[];
  const oracle = of('oracle');
  const hasOracle = oracle.every((f) => f !== null);
  const diff = (list: (Figures | null)[], pick: (f: Figures) => number, scale: number) =>
    pairedInterval(list.map((f, i) => (pick(f!) - pick(bPrime[i]!)) * scale));

  const stats: CellStats['means'] = {};
  for (const key of POLICY_KEYS) {
    const list = of(key);
    if (list.every((f) => f !== null)) stats[key] = means(list as Figures[]);
  }
  const versus: CellStats['versus'] = {};
  for (const key of ['oracle', 'bDouble', 'sm2', 'readOnce'] as const) {
    const list = of(key);
    if (list.every((f) => f !== null)) versus[key] = diff(list, (f) => f.recallAll, PP);
  }
  const oursDiff = diff(ours, (f) => f.recallAll, PP);
  const gap = versus.oracle?.mean;
  const matched = runs.map((r) => equalMinutes(r));
  const capShare = mean(bPrime.map((f) => f.capDays / Math.max(1, f.studyDays)));
  return {
    cell,
    model,
    pupils: runs.length,
    bPrimeCapShare: capShare,
    binds: capShare >= BINDS_SHARE,
    bDoubleRetention,
    means: stats,
    ours: {
      recallAll: oursDiff,
      recallRead: diff(ours, (f) => f.recallRead, PP),
      points: diff(ours, (f) => f.points, PP),
      minutesPerDay: diff(ours, perDay, 1),
    },
    versus,
    gapShare: hasOracle && gap !== undefined && gap >= MIN_GAP ? oursDiff.mean / gap : null,
    equalMinutes: {
      diff: pairedInterval(matched.map((m, i) => (ours[i]!.recallAll - m.value) * PP)),
      clamped: matched.filter((m) => m.clamped).length,
    },
    minutesRatio: mean(ours.map((f) => f.minutes)) / mean(bPrime.map((f) => f.minutes)),
    perPupil: {
      ours: ours.map((f, i) => (f.recallAll - bPrime[i]!.recallAll) * PP),
      oracle: oracle.map((f, i) => (f ? (f.recallAll - bPrime[i]!.recallAll) * PP : null)),
      oursMinutes: ours.map((f) => f.minutes),
      bPrimeMinutes: bPrime.map((f) => f.minutes),
    },
  };
}

/**
 * ours − (b′) pooled over a set of cells: per pupil (of each model; pupils are the same across a model's
 * cells) the mean over the cells, then the interval over the pupils of all models.
 */
export function pooled(stats: readonly CellStats[]): Interval {
  const perPupil = new Map<string, number[]>();
  for (const s of stats)
    s.perPupil.ours.forEach((d, i) => {
      const key = `${s.model}:${i}`;
      const list = perPupil.get(key);
      if (list) list.push(d);
      else perPupil.set(key, [d]);
    });
  return pairedInterval([...perPupil.values()].map(mean));
}

/**
 * Σ (ours − (b′)) / Σ (oracle − (b′)) over the cells where the oracle is at least MIN_GAP above (b′) (where
 * there is a gap to close); null where there is no such cell.
 */
export function pooledGapShare(stats: readonly CellStats[]): number | null {
  const withGap = gapCells(stats);
  if (withGap.length === 0) return null;
  const gap = withGap.reduce((a, s) => a + s.versus.oracle!.mean, 0);
  return withGap.reduce((a, s) => a + s.ours.recallAll.mean, 0) / gap;
}

/** The cells where the oracle is at least MIN_GAP above (b′). */
export const gapCells = (stats: readonly CellStats[]) =>
  stats.filter((s) => s.versus.oracle && s.versus.oracle.mean >= MIN_GAP);

export interface LevelRow {
  factor: Factor;
  level: number;
  cells: number;
  binding: number;
  ours: Interval;
  gapShare: number | null;
  minutesRatio: number;
}

/** ours − (b′) per level of each factor, pooled per pupil over the cells at that level. */
export function levelRows(stats: readonly CellStats[]): LevelRow[] {
  const rows: LevelRow[] = [];
  for (const factor of FACTORS) {
    const levels = [...new Set(stats.map((s) => s.cell[factor]))].sort((a, b) => a - b);
    for (const level of levels) {
      const at = stats.filter((s) => s.cell[factor] === level);
      rows.push({
        factor,
        level,
        cells: at.length,
        binding: at.filter((s) => s.binds).length,
        ours: pooled(at),
        gapShare: pooledGapShare(at),
        minutesRatio: minutesRatio(at),
      });
    }
  }
  return rows;
}

/** ours' minutes over (b′)'s, summed over the cells' pupils. */
export function minutesRatio(stats: readonly CellStats[]): number {
  const sum = (pick: (s: CellStats) => number[]) => stats.reduce((a, s) => a + pick(s).reduce((x, y) => x + y, 0), 0);
  return sum((s) => s.perPupil.oursMinutes) / sum((s) => s.perPupil.bPrimeMinutes);
}

export interface Criterion {
  name: string;
  pass: boolean;
  detail: string;
  figures: Record<string, unknown>;
}

const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');
export const formatInterval = (i: Interval, digits = 1) =>
  `${i.mean >= 0 ? '+' : ''}${fmt(i.mean, digits)} [${fmt(i.low, digits)}, ${fmt(i.high, digits)}]`;

/** The issue's Done-when criteria on these cells (reported, not asserted). */
export function criteria(stats: readonly CellStats[]): Criterion[] {
  const below = stats.filter((s) => significantlyBelow(s.ours.recallAll));
  const binding = stats.filter((s) => s.binds);
  const sufficing = stats.filter((s) => !s.binds);
  const bindingDiff = pooled(binding);
  const sufficingDiff = pooled(sufficing);
  const sufficingMinutes = sufficing.length ? minutesRatio(sufficing) : Number.NaN;
  const gap = pooledGapShare(stats);
  const name = (s: CellStats) =>
    `${s.model} ${s.cell.budget}m/${Math.round(s.cell.skip * 100)}%/${s.cell.cards}c/${s.cell.firstExam}d`;
  return [
    {
      name: "never significantly below (b') in any cell",
      pass: below.length === 0,
      detail:
        `${below.length} of ${stats.length} cell × model combinations have ours − (b') wholly below 0` +
        (below.length ? ` (${below.slice(0, 6).map(name).join(', ')}${below.length > 6 ? ', …' : ''})` : ''),
      figures: { below: below.length, of: stats.length, cells: below.map(name) },
    },
    {
      name: "where the budget binds: ≥ 3 pp above (b') on average, interval above 0",
      pass: binding.length > 0 && bindingDiff.mean >= 3 && bindingDiff.low > 0,
      detail: binding.length
        ? `${binding.length} binding cell × model combinations: ${formatInterval(bindingDiff)} pp`
        : 'no cell where the budget binds',
      figures: { cells: binding.length, diff: bindingDiff },
    },
    {
      name: "where the budget suffices: within 0.5 pp of (b') with ≥ 15 % fewer minutes",
      pass: sufficing.length > 0 && sufficingDiff.mean >= -0.5 && sufficingMinutes <= 0.85,
      detail: sufficing.length
        ? `${sufficing.length} sufficing cell × model combinations: ${formatInterval(sufficingDiff)} pp, with ` +
          `${fmt(sufficingMinutes * 100, 0)} % of (b')'s minutes`
        : 'no cell where the budget suffices',
      figures: { cells: sufficing.length, diff: sufficingDiff, minutesRatio: sufficingMinutes },
    },
    {
      name: 'closes ≥ 50 % of the gap to the oracle on average',
      pass: gap !== null && gap >= 0.5,
      detail:
        gap === null
          ? 'the oracle is nowhere 0.5 pp or more above (b′): no gap to close'
          : `over the ${gapCells(stats).length} of ${stats.length} cell × model combinations where the oracle is ` +
            `≥ ${MIN_GAP} pp above (b'), Σ(ours − (b')) / Σ(oracle − (b')) = ${fmt(gap * 100, 0)} % (per model: ` +
            `${MODELS.map((m) => {
              const g = pooledGapShare(stats.filter((s) => s.model === m));
              return `${m} ${g === null ? 'n/a' : `${fmt(g * 100, 0)} %`}`;
            }).join(', ')}); the oracle is below (b') in ${
              stats.filter((s) => s.versus.oracle && s.versus.oracle.high < 0).length
            } (significantly)`,
      figures: { gapShare: gap, gapCells: gapCells(stats).length },
    },
  ];
}
