/**
 * How often the predicted CE grade's band held (issue 33, ADR 032): each CE grade a pupil entered after their
 * exam tests the prediction they had before it (kept at entry by the grades module). Per basis of that prediction
 * (exam checks, the cards' recall, or none), two figures:
 *
 * - the share inside the band: how many real grades lay within low–high (both ends included), over all real
 *   grades with a prediction of that basis; a band of ± 2σ should hold about 95 % of them;
 * - the mean absolute error: mean |real − predicted| in grade points (tenths / 10).
 *
 * A real grade without a prediction counts apart (`none`): only how many. The tally keeps sums, not grades. Pure.
 */

/** What the prediction a real grade is judged against came from; `none`: the pupil had no prediction. */
export const CE_BASES = ['checks', 'recall', 'none'] as const;
export type CeBasis = (typeof CE_BASES)[number];

export const CE_BASIS_LABELS: Record<CeBasis, string> = {
  checks: 'Uit examenchecks en oude examens',
  recall: 'Uit wat de leerling van de kaarten weet',
  none: 'Geen verwachting vóór het examen',
};

/** A prediction's grade and band, in tenths. */
export interface CeBand {
  tenths: number;
  lowTenths: number;
  highTenths: number;
}

/** Sums that make the figures of one basis. */
export interface CeTally {
  grades: number;
  inside: number;
  absErrorTenths: number;
}

export const emptyCeTally = (): CeTally => ({ grades: 0, inside: 0, absErrorTenths: 0 });

/** Adds one real CE grade (tenths) and the prediction it is judged against (null: none). */
export function addCeGrade(tally: CeTally, ceTenths: number, band: CeBand | null): void {
  tally.grades += 1;
  if (!band) return;
  if (ceTenths >= band.lowTenths && ceTenths <= band.highTenths) tally.inside += 1;
  tally.absErrorTenths += Math.abs(ceTenths - band.tenths);
}

/**
 * The figures of a tally: the real grades, and (with a prediction) how many fell inside the band, their share
 * (0–1) and the mean absolute error in grade points. Null without a single real grade.
 */
export function ceFiguresOf(
  tally: CeTally,
  basis: CeBasis,
): { grades: number; inside: number | null; share: number | null; meanAbsError: number | null } | null {
  if (tally.grades === 0) return null;
  if (basis === 'none') return { grades: tally.grades, inside: null, share: null, meanAbsError: null };
  return {
    grades: tally.grades,
    inside: tally.inside,
    share: round(tally.inside / tally.grades, 4),
    meanAbsError: round(tally.absErrorTenths / tally.grades / 10, 3),
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
