/**
 * The CvTE conversion of a central-exam score into a grade (Regeling omzetting
 * scores in cijfers, College voor Toetsen en Examens, made under
 * Eindexamenbesluit VO art. 42): C = 9 · S / L + N, with S the score, L the
 * maximum score (the length of the score scale) and N the exam's N-term,
 * rounded to one decimal. Near the ends the line bends so that S = 0 always
 * gives 1,0 and S = L always gives 10,0:
 *
 * - N > 1,0: at the low end C = 1,0 + 2 · 9 · S / L, at the high end
 *   C = 10,0 − 0,5 · 9 · (L − S) / L, each where it gives a LOWER grade than the
 *   main formula;
 * - N < 1,0: at the low end C = 1,0 + 0,5 · 9 · S / L, at the high end
 *   C = 10,0 − 2 · 9 · (L − S) / L, each where it gives a HIGHER grade;
 * - N = 1,0: the main formula (it already runs from 1,0 to 10,0).
 *
 * Computed exactly: every line is a fraction over D = 10 · L whose numerator is
 * a whole number, so the three lines are compared and rounded without
 * floating point.
 */
import { type Result, ok, refuse } from '#app/platform/result.ts';
import { divideHalfUp } from './grade.ts';
import { GRADES_MESSAGES } from './messages.ts';

/** The N-term's range: 0,0 to 3,0 with one decimal (ADR 016). */
export const MIN_N_TERM_TENTHS = 0;
export const MAX_N_TERM_TENTHS = 30;

export interface ConversionInput {
  /** The score: a whole number from 0 to `maxScore`. */
  score: number;
  /** The maximum score L: a whole number above 0. */
  maxScore: number;
  /** The N-term with one decimal, 0,0 to 3,0. */
  nTerm: number;
}

export type ConversionRefusalReason = 'invalid_max_score' | 'invalid_score' | 'invalid_n_term';
export type ConversionRefusal = { reason: ConversionRefusalReason; message: string };

export interface ConvertedGrade {
  /** The grade in tenths, 10–100. */
  tenths: number;
  /** The grade with one decimal, 1.0–10.0. */
  grade: number;
  /** Which line gave the grade: the main formula or one of the bends near the ends. */
  line: 'main' | 'low' | 'high';
}

/** The N-term as whole tenths, or null when it is not 0,0–3,0 with one decimal. */
export function nTermTenths(nTerm: number): number | null {
  if (!Number.isFinite(nTerm)) return null;
  const tenths = Math.round(nTerm * 10);
  if (Math.abs(nTerm * 10 - tenths) > 1e-9) return null;
  return tenths >= MIN_N_TERM_TENTHS && tenths <= MAX_N_TERM_TENTHS ? tenths : null;
}

/** An N-term as a pupil types it ('1,1', '1.1', '2') as a number, or NaN when it is not written that way. */
export function nTermFromText(text: string): number {
  const trimmed = text.trim();
  return /^\d(?:[.,]\d)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** The grade of a score, or why the input is not one the conversion takes (ADR 014). */
export function convertScore(input: ConversionInput): Result<ConvertedGrade, ConversionRefusal> {
  const { score, maxScore, nTerm } = input;
  // A scale of 10 million points is no exam; the bound keeps every numerator a safe integer.
  if (!Number.isSafeInteger(maxScore) || maxScore <= 0 || maxScore > 10_000_000) {
    return refuse({ reason: 'invalid_max_score', message: GRADES_MESSAGES.INVALID_MAX_SCORE });
  }
  if (!Number.isSafeInteger(score) || score < 0 || score > maxScore) {
    return refuse({ reason: 'invalid_score', message: GRADES_MESSAGES.INVALID_SCORE(maxScore) });
  }
  const n = nTermTenths(nTerm);
  if (n === null) return refuse({ reason: 'invalid_n_term', message: GRADES_MESSAGES.INVALID_N_TERM });
  return ok(convertTenths(score, maxScore, n));
}

/** The grade with one decimal; throws a RangeError on input `convertScore` would refuse (a caller's bug). */
export function scoreToGrade(score: number, maxScore: number, nTerm: number): number {
  const result = convertScore({ score, maxScore, nTerm });
  if (!result.ok) throw new RangeError(result.message);
  return result.value.grade;
}

/**
 * The conversion on checked whole numbers: S, L and N in tenths. Every line
 * is numerator / D with D = 10 · L:
 *   main  9S/L + N          = (90S + N10 · L) / D
 *   N > 1: low  1 + 18S/L   = (10L + 180S) / D,  high 10 − 4,5(L−S)/L = (100L − 45(L−S)) / D
 *   N < 1: low  1 + 4,5S/L  = (10L + 45S) / D,   high 10 − 18(L−S)/L  = (100L − 180(L−S)) / D
 * Rounded half up to tenths: tenths = round(10 · numerator / D) = round(numerator / L).
 */
export function convertTenths(score: number, maxScore: number, nTenths: number): ConvertedGrade {
  const s = score;
  const l = maxScore;
  const main = 90 * s + nTenths * l;
  let numerator = main;
  let line: ConvertedGrade['line'] = 'main';
  if (nTenths > 10) {
    // Bends that LOWER the grade: the smallest of the three lines.
    const low = 10 * l + 180 * s;
    const high = 100 * l - 45 * (l - s);
    if (low < numerator) [numerator, line] = [low, 'low'];
    if (high < numerator) [numerator, line] = [high, 'high'];
  } else if (nTenths < 10) {
    // Bends that RAISE the grade: the largest of the three lines.
    const low = 10 * l + 45 * s;
    const high = 100 * l - 180 * (l - s);
    if (low > numerator) [numerator, line] = [low, 'low'];
    if (high > numerator) [numerator, line] = [high, 'high'];
  }
  const tenths = divideHalfUp(numerator, l);
  return { tenths, grade: tenths / 10, line };
}

/**
 * The lowest score that gives at least `targetTenths` (e.g. 55 for a 5,5) on a
 * scale of `maxScore` with N-term `nTenths`, or null when even a full score
 * gives less. The conversion is monotone in the score, so a binary search.
 */
export function lowestScoreFor(targetTenths: number, maxScore: number, nTenths: number): number | null {
  if (convertTenths(maxScore, maxScore, nTenths).tenths < targetTenths) return null;
  let low = 0;
  let high = maxScore;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (convertTenths(middle, maxScore, nTenths).tenths >= targetTenths) high = middle;
    else low = middle + 1;
  }
  return low;
}
