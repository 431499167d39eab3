/** License codes in the back of a book (spec §4 Subject access: license): their form and limits. */

/** A license code is short; anything longer is not one of ours. */
export const MAX_LICENSE_CODE_LENGTH = 40;

/**
 * The query parameter that brings a code to "Mijn vakken en boeken" (an
 * article's license block): the page shows it in the field, ready to activate.
 */
export const LICENSE_CODE_PARAM = 'code';

/**
 * A code from the address as the page's field shows it: trimmed and cut to a
 * code's length. It is only a suggestion; activating checks it like any code.
 */
export function licenseCodeFromQuery(value: string | null): string {
  return (value ?? '').trim().slice(0, MAX_LICENSE_CODE_LENGTH);
}

/**
 * Redeeming licence codes, counted per signed-in user (on the page and in the API alike) on top of the
 * per-client write limits: a person has a few books, guessing codes takes far more tries.
 */
export const LICENSE_ATTEMPTS = { name: 'license', points: 10, durationSeconds: 600 } as const;
