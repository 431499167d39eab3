/** The scheduler bench's statistics: means, paired 95 % intervals (Student t) and the equal-minutes match. */

export const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;

export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return Number.NaN;
  const m = mean(values);
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1));
}

const T975_SMALL = [Number.NaN, 12.706, 4.303, 3.182, 2.776];
const Z975 = 1.959964;

/**
 * Student t's 97.5 % quantile for `df` degrees of freedom: exact to 3 decimals below 5, else the
 * Cornish–Fisher expansion around the normal quantile (error below 0.001 from df = 5 on).
 */
export function t975(df: number): number {
  if (df < 1) return Number.NaN;
  if (df < T975_SMALL.length) return T975_SMALL[Math.floor(df)]!;
  const z = Z975;
  return (
    z +
    (z ** 3 + z) / (4 * df) +
    (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2) +
    (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3)
  );
}

export interface Interval {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/** The mean of paired differences with its 95 % t interval (one difference per pupil). */
export function pairedInterval(differences: readonly number[]): Interval {
  const n = differences.length;
  const m = mean(differences);
  if (n < 2) return { mean: m, low: Number.NaN, high: Number.NaN, n };
  const half = (t975(n - 1) * standardDeviation(differences)) / Math.sqrt(n);
  return { mean: m, low: m - half, high: m + half, n };
}

/** Whether the interval lies wholly below 0 (significantly worse) or above 0 (significantly better). */
export const significantlyBelow = (interval: Interval) => interval.high < 0;
export const significantlyAbove = (interval: Interval) => interval.low > 0;

/**
 * The baseline's outcome at `minutes`, read off its runs at several settings (each a point of minutes and
 * outcome, in the order of the setting — here FSRS-6's desired retention, lowest first): linear between
 * the two consecutive runs whose minutes bracket `minutes`; outside them, the nearest end, and `clamped`.
 */
export function atEqualMinutes(
  runs: readonly { minutes: number; value: number }[],
  minutes: number,
): { value: number; clamped: boolean } {
  for (let i = 0; i + 1 < runs.length; i++) {
    const a = runs[i]!;
    const b = runs[i + 1]!;
    const lo = Math.min(a.minutes, b.minutes);
    const hi = Math.max(a.minutes, b.minutes);
    if (minutes < lo || minutes > hi) continue;
    if (hi - lo < 1e-9) return { value: Math.max(a.value, b.value), clamped: false };
    return { value: a.value + ((b.value - a.value) * (minutes - a.minutes)) / (b.minutes - a.minutes), clamped: false };
  }
  let nearest = runs[0]!;
  for (const run of runs) if (Math.abs(run.minutes - minutes) < Math.abs(nearest.minutes - minutes)) nearest = run;
  return { value: nearest.value, clamped: true };
}
