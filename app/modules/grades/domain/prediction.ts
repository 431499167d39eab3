/**
 * The predicted CE grade of a subject from the pupil's exam checks in it
 * (ADR 016, "The prediction"): the mean of their latest PREDICTION_ATTEMPTS
 * exam-check grades, with a band of ± 2·σ/√n around it, where n is the number
 * of attempts used and σ their sample standard deviation, at least
 * MIN_SPREAD_TENTHS (one attempt: σ = SINGLE_SPREAD_TENTHS), and the band at
 * least MIN_BAND_TENTHS wide each way (an exam check is not the exam). The
 * exam-check grades use N = 1 (the spec's 9·score/max + 1), so this is an
 * estimate, not the CvTE's conversion of a real exam. No attempts: no
 * prediction.
 */
import { MAX_TENTHS, MIN_TENTHS } from './grade.ts';

/** At most this many of the latest attempts count. */
export const PREDICTION_ATTEMPTS = 5;
/** σ for a single attempt, in tenths (1,5 grade points). */
export const SINGLE_SPREAD_TENTHS = 15;
/** The smallest σ used with two or more attempts, in tenths. */
export const MIN_SPREAD_TENTHS = 10;
/** The smallest half-width of the band, in tenths. */
export const MIN_BAND_TENTHS = 5;

export interface CePrediction {
  /** The predicted CE grade, in tenths. */
  tenths: number;
  /** The band, in tenths, within 1,0–10,0. */
  lowTenths: number;
  highTenths: number;
  /** How many attempts it is based on. */
  attempts: number;
}

/** The prediction from exam-check grades in tenths, oldest first; null without any. */
export function predictCe(gradesTenths: readonly number[]): CePrediction | null {
  const used = gradesTenths.slice(-PREDICTION_ATTEMPTS);
  const n = used.length;
  if (n === 0) return null;
  const mean = used.reduce((a, b) => a + b, 0) / n;
  const spread =
    n === 1
      ? SINGLE_SPREAD_TENTHS
      : Math.max(MIN_SPREAD_TENTHS, Math.sqrt(used.reduce((sum, g) => sum + (g - mean) ** 2, 0) / (n - 1)));
  const half = Math.max(MIN_BAND_TENTHS, Math.round((2 * spread) / Math.sqrt(n)));
  const tenths = Math.min(MAX_TENTHS, Math.max(MIN_TENTHS, Math.round(mean)));
  return {
    tenths,
    lowTenths: Math.max(MIN_TENTHS, tenths - half),
    highTenths: Math.min(MAX_TENTHS, tenths + half),
    attempts: n,
  };
}
