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
 * Only a plain decimal integer becomes a number ('12', '-3'; no sign '+', no
 * spaces, no '0x5', '1e1', '5.0' or '٥'): anything else stays text, and the
 * schema refuses it like any wrong type. A checkbox's 'on' (and 'true',
 * 'false') becomes a boolean; an empty field counts as missing.
 */

/** The longest run of digits read as a number (beyond it no id or quantity exists, and it stays exact). */
const DECIMAL_INTEGER = /^-?\d{1,15}$/;

/** A text that is a plain decimal integer as a number; any other value as it is. */
export function decimalInteger(value: unknown): unknown {
  return typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : value;
}

function formNumber(text: string): number {
  if (!DECIMAL_INTEGER.test(text)) throw new TypeError('not a decimal integer');
  return Number(text);
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
