import { parseWithZod } from '@conform-to/zod/v4';
import { configureCoercion } from '@conform-to/zod/v4/future';
import { z } from './z.ts';

/**
 * JSON strict, forms coerce. A write has one schema, in JSON types
 * (`z.number()`, `z.boolean()`): the API takes a JSON body as it is, so
 * `"5"`, `true` or `"0x5"` where a number belongs is a 400 with the field's
 * Dutch message. A form (a page action, Conform in the browser) sends only
 * text: `formSchema(schema)` is the same schema with a step before it that
 * turns the text of its number and boolean fields into numbers and booleans,
 * and `parseForm` parses a form with it. Paths and queries are text as well:
 * `textNumber` reads a number there.
 *
 * A number is read in Dutch notation (`dutchNumber`): digits with at most one
 * decimal comma, an optional minus ('12', '-3', '12,5' is 12.5; the minus
 * sign '−' of a phone's keyboard too). Anything else stays text ('abc', '12.5'
 * — in Dutch the point groups thousands —, '1.000', '+5', spaces, '0x5', '1e1',
 * '٥'), and the schema refuses it like any wrong type, with the field's message:
 * no character is ever dropped. A whole-number field refuses '12,5' with its
 * own message (`.int()`), never reading it as 125. A checkbox's 'on' (and
 * 'true', 'false') becomes a boolean; an empty field counts as missing.
 */

/** The longest run of digits read as a number (beyond it no id or quantity exists, and it stays exact). */
const DECIMAL_INTEGER = /^-?\d{1,15}$/;
/** Dutch notation: an optional minus (hyphen or U+2212), digits, at most one decimal comma with digits after it. */
const DUTCH_NUMBER = /^[-\u2212]?\d{1,15}(?:,\d{1,15})?$/;

/** A text that is a plain decimal integer as a number; any other value as it is. */
export function decimalInteger(value: unknown): unknown {
  return typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : value;
}

/** A number typed in Dutch notation ('12', '-3', '12,5'), or null when the text is no such number. */
export function dutchNumber(text: string): number | null {
  if (!DUTCH_NUMBER.test(text)) return null;
  return Number(text.replace('\u2212', '-').replace(',', '.'));
}

function formNumber(text: string): number {
  const number = dutchNumber(text);
  if (number === null) throw new TypeError('not a number in Dutch notation');
  return number;
}

function formBoolean(text: string): boolean {
  if (text === 'on' || text === 'true') return true;
  if (text === 'false') return false;
  throw new TypeError('not a checkbox value');
}

const coercion = configureCoercion({ type: { number: formNumber, boolean: formBoolean } });
const derived = new WeakMap<z.ZodType, z.ZodType>();

/** The form parser of a write's (JSON) schema: the same schema behind the form's text → number/boolean step. */
export function formSchema<S extends z.ZodType>(schema: S): z.ZodType<z.output<S>, z.input<S>> {
  let form = derived.get(schema);
  if (!form) {
    form = coercion.coerceFormValue(schema) as unknown as z.ZodType;
    derived.set(schema, form);
  }
  return form as z.ZodType<z.output<S>, z.input<S>>;
}

/**
 * Conform's `parseWithZod` with our form step instead of its own (which
 * reads '0x5' or ' 5 ' as 5): every form's action and its validation in the
 * browser parse with this.
 */
export function parseForm<S extends z.ZodType>(payload: FormData | URLSearchParams, options: { schema: S }) {
  return parseWithZod(payload, { schema: formSchema(options.schema), disableAutoCoercion: true });
}

/**
 * A number read from text (a path parameter, a query value): a plain decimal
 * integer becomes a number, anything else is refused by `schema` with its own
 * message. Never for a JSON body (there a number is a number).
 */
export function textNumber<S extends z.ZodType<number | undefined>>(schema: S) {
  return z.preprocess(decimalInteger, schema);
}
