/**
 * Grades on the Dutch 1–10 scale, held as whole tenths (5,5 → 55) so that no
 * floating-point error can move a grade across a border: every rule of this
 * module (the CvTE conversion, the final grade, the CE average, the
 * combination grade) compares and rounds whole numbers only.
 */

/** The lowest and highest grade, in tenths. */
export const MIN_TENTHS = 10;
export const MAX_TENTHS = 100;

/**
 * A grade written with at most one decimal (5.5, 7, 6.0) as whole tenths, or
 * null when it is not such a grade between 1,0 and 10,0. 5.45 is null: a grade
 * with two decimals is a school's intermediate value, not a grade of the
 * national rules (round it first: `roundToTenths`).
 */
export function toTenths(grade: number): number | null {
  if (!Number.isFinite(grade)) return null;
  const tenths = Math.round(grade * 10);
  // 5.5 * 10 is 55.00000000000001 in floating point: allow that, refuse 5.45 (54.5).
  if (Math.abs(grade * 10 - tenths) > 1e-9) return null;
  if (tenths < MIN_TENTHS || tenths > MAX_TENTHS) return null;
  return tenths;
}

/**
 * A value with any number of decimals rounded half up to tenths, exactly as
 * written in decimal: 5.45 → 55 (not 54, though 5.45 is 5.4499999… as a
 * double). Used for an SE average a school computed with more decimals; the
 * national rule gives the SE grade one decimal, the school's rules may round
 * it otherwise (ADR 016).
 */
export function roundToTenths(value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Not a grade: ${value}`);
  // Shortest decimal text that round-trips is the number as the user wrote it ("5.45").
  const [whole = '0', fraction = ''] = value.toString().split('.');
  if (value.toString().includes('e')) return Math.round(value * 10);
  const digits = fraction.padEnd(2, '0');
  const tenths = Number(whole) * 10 + Number(digits[0]);
  return Number(digits[1]) >= 5 ? tenths + 1 : tenths;
}

/** Tenths as a number with one decimal: 55 → 5.5. */
export const fromTenths = (tenths: number): number => tenths / 10;

/** A grade in tenths as the Dutch write it: 55 → '5,5', 100 → '10,0'. */
export function formatTenths(tenths: number): string {
  return `${Math.floor(tenths / 10)},${tenths % 10}`;
}

/** `numerator / denominator` rounded half up to a whole number, both whole and the denominator positive. */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`Not whole numbers: ${numerator} / ${denominator}`);
  }
  // floor((2n + d) / 2d), with floor done on integers so no float division decides a border.
  const a = 2 * numerator + denominator;
  const b = 2 * denominator;
  const remainder = ((a % b) + b) % b;
  return (a - remainder) / b;
}

/** A grade in tenths rounded half up to a whole grade: 54 → 5, 55 → 6. */
export const roundTenthsToWhole = (tenths: number): number => divideHalfUp(tenths, 10);
