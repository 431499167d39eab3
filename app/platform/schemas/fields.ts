import { z } from './z.ts';
import { MESSAGES } from './messages.ts';

/**
 * Field schemas shared by forms and the API (spec §5). Inputs are strings as
 * form data gives them; an empty (or blank) string counts as missing. String
 * fields are trimmed (spec §5 "String fields can be trimmed").
 */

const blankToUndefined = (value: string | undefined): string | undefined =>
  value === undefined || value === '' ? undefined : value;

/** String.prototype.toWellFormed, also in browsers without it (Safari before 16.4 validates forms with this too). */
const wellFormed: (value: string) => string =
  'toWellFormed' in String.prototype
    ? (value) => value.toWellFormed()
    : (value) =>
        value.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, (unit) =>
          unit.length === 2 ? unit : '\ufffd',
        );

/**
 * Text PostgreSQL can store: without the NUL character (text and jsonb cannot
 * hold it) and with lone UTF-16 surrogates (not valid Unicode) replaced by U+FFFD.
 */
export const storableText = (value: string): string => wellFormed(value).replaceAll('\u0000', '');

/**
 * Typed text as every form field and API body reads it: storable (above),
 * then trimmed (spec §5). Still a string schema, so bounds chain onto it.
 */
function text(params?: { error: string }) {
  return z.string(params).overwrite(storableText).trim();
}

/** Trimmed non-empty string; missing or blank → 'Dit veld is verplicht' (spec §5). */
export function requiredString() {
  return text({ error: MESSAGES.REQUIRED }).min(1, { error: MESSAGES.REQUIRED, abort: true });
}

/** Trimmed string; missing, '' or blank → undefined (spec §5). */
export function optionalTrimmedString() {
  return text().optional().transform(blankToUndefined);
}

/**
 * Required e-mail address (spec §5), trimmed. Missing or blank → REQUIRED;
 * otherwise invalid → 'Dit is geen geldige e-mail' (or the given message,
 * e.g. MESSAGES.EMAIL_INVALID_ALT).
 */
export function email(invalidMessage: string = MESSAGES.EMAIL_INVALID) {
  return requiredString().pipe(z.email({ error: invalidMessage }));
}

/** Dutch postcode: 4 digits, optional space, 2 letters (spec §5). */
export const POSTCODE_PATTERN = /^\d{4} ?[A-Za-z]{2}$/;

/** Canonical postcode form '1234 AB' (one space, upper-case letters); assumes a valid postcode (spec §5). */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 4)} ${compact.slice(4)}`;
}

/**
 * Required postcode (spec §5): missing or blank → REQUIRED; not 4 digits,
 * optional space, 2 letters → 'Voer een postcode in, bijvoorbeeld: 1234 AA'.
 * Output is normalised to '1234 AB'.
 */
export function postcode() {
  return requiredString().regex(POSTCODE_PATTERN, { error: MESSAGES.POSTCODE }).transform(normalisePostcode);
}

/**
 * Required house number (spec §5): missing → REQUIRED; not digits only →
 * 'Huisnummer mag alleen cijfers bevatten'; more than 5 digits →
 * 'Maximaal 5 cijfers'. Output is the trimmed digit string.
 */
export function houseNumber() {
  return requiredString()
    .regex(/^\d+$/, { error: MESSAGES.HOUSE_NUMBER_DIGITS, abort: true })
    .max(5, { error: MESSAGES.HOUSE_NUMBER_MAX });
}

/**
 * Optional house number extension (spec §5), trimmed, '' → undefined: a '#'
 * → 'De toevoeging mag geen # bevatten'; more than 10 characters →
 * 'Maximaal 10 karakters' (both may be reported, '#' first).
 */
export function houseNumberExtension() {
  return text()
    .refine((value) => !value.includes('#'), { error: MESSAGES.EXTENSION_NO_HASH })
    .max(10, { error: MESSAGES.EXTENSION_MAX })
    .optional()
    .transform(blankToUndefined);
}

/** The largest id a row can have (PostgreSQL's integer). */
export const MAX_ROW_ID = 2_147_483_647;

/** A row's id (a product's, a bundle's): a whole number from 1 to MAX_ROW_ID; anything else → `message`. */
export function rowId(message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_ROW_ID, { error: message });
}

/**
 * Required digit string (spec §5 minimum/maximum length): missing → REQUIRED;
 * other characters → 'Voer alleen cijfers in.' (addition); shorter than
 * `min` → 'Voer minimaal {min} cijfers in.'; longer than `max` →
 * 'Voer maximaal {max} cijfers in.'.
 */
export function digits(bounds: { min?: number; max?: number } = {}) {
  const { min, max } = bounds;
  if (min !== undefined && max !== undefined && min > max) {
    throw new RangeError(`digits(): min ${min} is above max ${max}`);
  }
  let schema = requiredString().regex(/^\d+$/, { error: MESSAGES.DIGITS_ONLY, abort: true });
  if (min !== undefined) schema = schema.min(min, { error: MESSAGES.minLength(min) });
  if (max !== undefined) schema = schema.max(max, { error: MESSAGES.maxLength(max) });
  return schema;
}

/**
 * Trimmed text of at most `n` characters (spec §5): longer →
 * 'Voer maximaal {n} karakters in.'. Optional by default ('' → undefined);
 * with `{ required: true }` missing or blank → REQUIRED.
 */
export function maxChars(n: number, options: { required: true }): z.ZodString;
/** Optional variant of maxChars: '' or missing → undefined; longer than `n` → 'Voer maximaal {n} karakters in.' (spec §5). */
export function maxChars(n: number, options?: { required?: false }): z.ZodType<string | undefined, string | undefined>;
export function maxChars(n: number, options: { required?: boolean } = {}) {
  if (options.required === true) return requiredString().max(n, { error: MESSAGES.maxChars(n) });
  return text()
    .max(n, { error: MESSAGES.maxChars(n) })
    .optional()
    .transform(blankToUndefined);
}

/**
 * A number someone types, one schema for a form and the API: a form's text is read in Dutch notation by the
 * form step (`formSchema`, app/platform/schemas/form.ts: '12,5' is 12.5; '12.5', '1.000' and letters stay text),
 * the API takes a JSON number. Each way it can be wrong answers its own message, so the field says what to
 * change: no number at all (`notANumber`: 'abc', '12.5'), a fraction where only whole numbers fit (`notWhole`:
 * '12,5' minutes is refused, never read as 125), or outside `min`–`max` (`range`: 0, 999, −5). Missing →
 * 'Dit veld is verplicht' (spec §5); chain `.optional()` for a field that may be left out.
 */
export function numberField(options: {
  min: number;
  max: number;
  /** Only whole numbers (minutes, a score in points). */
  whole?: boolean;
  range: string;
  notANumber?: string;
  notWhole?: string;
}) {
  const { min, max, range } = options;
  const notANumber = options.notANumber ?? MESSAGES.NUMBER_INVALID;
  const number = z.number({ error: (issue) => (issue.input === undefined ? MESSAGES.REQUIRED : notANumber) });
  const counted = options.whole ? number.int({ error: options.notWhole ?? MESSAGES.WHOLE_NUMBER }) : number;
  return counted.min(min, { error: range }).max(max, { error: range });
}

/** Reads a form number: trims, accepts a decimal comma; '' → undefined; non-numbers → NaN. */
function toNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/**
 * Required number below 100 (spec §5 value limit). Accepts a number or a
 * numeric string ('7,5' or '7.5'). Missing → REQUIRED; not a number →
 * 'Voer een geldig getal in.' (addition); 100 or more →
 * 'Waarde moet kleiner zijn dan 100.'.
 */
export function valueBelow100() {
  return z.preprocess(
    toNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? MESSAGES.REQUIRED : MESSAGES.NUMBER_INVALID) })
      .lt(100, { error: MESSAGES.VALUE_LIMIT }),
  );
}

/**
 * Required checkbox (spec §5): true (JSON; a form's 'on' becomes true in
 * `formSchema`, app/platform/schemas/form.ts); anything else, absence
 * included → 'Dit veld is verplicht.'.
 */
export function requiredCheckbox() {
  return z.literal(true, { error: MESSAGES.REQUIRED_CHECKBOX });
}

/** Optional checkbox: true or false (JSON; a form's 'on' in `formSchema`), missing → false; anything else → CHECKBOX_INVALID. */
export function optionalCheckbox() {
  return z
    .boolean({ error: MESSAGES.CHECKBOX_INVALID })
    .optional()
    .transform((value) => value === true);
}

/**
 * Refinement for any object with a password and its repeat (spec §5): when
 * both are non-empty strings and differ, reports
 * 'Nieuw wachtwoord en herhaling wachtwoord komen niet overeen.' on the
 * repeat field's path. Use with `.superRefine(...)`.
 */
export function passwordRepeatRefinement<K extends string, R extends string>(passwordKey: K, repeatKey: R) {
  return (value: Record<K | R, unknown>, ctx: z.RefinementCtx): void => {
    const password = value[passwordKey];
    const repeat = value[repeatKey];
    if (
      typeof password === 'string' &&
      typeof repeat === 'string' &&
      password !== '' &&
      repeat !== '' &&
      password !== repeat
    ) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.PASSWORD_REPEAT, path: [repeatKey], input: repeat });
    }
  };
}

/**
 * New password with its repeat (spec §5): `{ newPassword, newPasswordRepeat }`,
 * both required; a mismatch puts PASSWORD_REPEAT on `newPasswordRepeat`.
 * Passwords are not trimmed (spaces may be part of a password).
 */
export function passwordWithRepeat() {
  const password = () => z.string({ error: MESSAGES.REQUIRED }).min(1, { error: MESSAGES.REQUIRED });
  return z
    .object({ newPassword: password(), newPasswordRepeat: password() })
    .superRefine(passwordRepeatRefinement('newPassword', 'newPasswordRepeat'));
}
