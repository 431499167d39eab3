/**
 * Generated requests for the API's fuzz tests: a seeded random source (every run sends the same
 * requests), junk values, bodies as a client might send them, and a client address for each request.
 */
import { expect } from 'vitest';
import { mulberry32 } from '#app/platform/random.ts';
import { apiErrorSchema, type ApiErrorBody } from '#app/platform/schemas/api-error.ts';
import { DEFAULT_MAX_BODY_BYTES } from '#server/api/limits.ts';
import { ORIGIN } from './accounts.ts';
import type { TestRuntime } from './test-db.ts';

/** mulberry32 (the platform's seeded generator), so every run sends the same requests. */
export { mulberry32 };

export type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const chance = (random: Random, p: number) => random() < p;

/** What junk is made of for one endpoint: its lengths and characters, and numbers, words and keys near its own. */
export interface JunkKinds {
  lengths: readonly number[];
  alphabet: readonly string[];
  numbers: readonly number[];
  words: readonly string[];
  keys: readonly string[];
}

/** junkString: text of odd characters; junkValue: anything JSON can carry, nested a little. */
export function junk({ lengths, alphabet, numbers, words, keys }: JunkKinds) {
  function junkString(random: Random): string {
    const length = pick(random, lengths);
    let text = '';
    for (let i = 0; i < length; i += 1) text += pick(random, alphabet);
    return text;
  }

  function junkValue(random: Random, depth = 0): unknown {
    const kind = Math.floor(random() * (depth > 2 ? 6 : 8));
    switch (kind) {
      case 0:
        return null;
      case 1:
        return chance(random, 0.5);
      case 2:
        return pick(random, numbers);
      case 3:
        return junkString(random);
      case 4:
        return pick(random, words);
      case 5:
        return Math.floor(random() * 1e6) - 5e5;
      case 6:
        return Array.from({ length: Math.floor(random() * 4) }, () => junkValue(random, depth + 1));
      default:
        return Object.fromEntries(
          Array.from({ length: Math.floor(random() * 4) }, (_, i) => [
            pick(random, [...keys, 'x', `k${i}`, '']),
            junkValue(random, depth + 1),
          ]),
        );
    }
  }

  return { junkString, junkValue };
}

/** A field's generated values: right ones, wrong ones, and junk. */
export interface FieldValues {
  good: readonly unknown[];
  bad: readonly unknown[];
  junk: (random: Random) => unknown;
}

/**
 * One generated value of a field: where a roll falls below the ascending `shares` picks a good value, a bad
 * one or junk; above them, undefined (the field is left out: JSON does not send it).
 */
export function fieldValue(
  random: Random,
  { good, bad, junk }: FieldValues,
  shares: readonly [good: number, bad: number, junk: number],
): unknown {
  const roll = random();
  if (roll < shares[0]) return pick(random, good);
  if (roll < shares[1]) return pick(random, bad);
  if (roll < shares[2]) return junk(random);
  return undefined;
}

/** Text that is no JSON, whatever the endpoint: empty, cut short, JavaScript's words, a NUL, too deep, long. */
export const NOT_JSON: readonly string[] = [
  '',
  ' ',
  '{',
  '}',
  '[',
  'undefined',
  'NaN',
  '\u0000',
  '{'.repeat(5_000),
  '['.repeat(5_000),
  'x'.repeat(10_000),
];

/** Media types that are not JSON's: others, near misses and an empty Content-Type. */
export const NOT_JSON_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'json',
  '',
] as const;

/**
 * What one endpoint's generated bodies are made of, each kind up to its share of a roll (`shares`, ascending):
 * its own objects, other JSON, text that is no JSON, a body under another media type; above them, no body.
 */
export interface BodyMix {
  /** One of the endpoint's objects: each field right, wrong or missing (sent with a charset now and then). */
  object: (random: Random) => Record<string, unknown>;
  /** Any other JSON: arrays, null, numbers, strings, nested objects. */
  values: readonly ((random: Random) => unknown)[];
  /** The endpoint's own text that is no JSON, sent as JSON along with NOT_JSON. */
  notJson: readonly string[];
  /** A body as text, sent under one of NOT_JSON_TYPES or none. */
  asText: readonly string[];
  shares: readonly [object: number, values: number, notJson: number, asText: number];
}

/** One generated body of `mix`: a roll picks its kind (BodyMix), then it is one of that kind. */
export function generateBody(random: Random, mix: BodyMix): Sent {
  const [objects, values, notJson, asText] = mix.shares;
  const roll = random();
  if (roll < objects) {
    const value = mix.object(random);
    return { kind: 'json', value, ...(chance(random, 0.1) ? { type: 'application/json; charset=utf-8' } : {}) };
  }
  if (roll < values) return { kind: 'json', value: pick(random, mix.values)(random) };
  if (roll < notJson)
    return { kind: 'raw', type: 'application/json', text: pick(random, [...NOT_JSON, ...mix.notJson]) };
  if (roll < asText)
    return { kind: 'raw', type: pick(random, [...NOT_JSON_TYPES, null]), text: pick(random, mix.asText) };
  // No body: with or without a JSON Content-Type.
  return { kind: 'none', type: pick(random, ['application/json', null]) };
}

/** What a case sends: a JSON value (as application/json), raw text with a media type, or nothing at all. */
export type Sent =
  | { kind: 'json'; value: unknown; type?: string }
  | { kind: 'raw'; text: string; type: string | null }
  | { kind: 'none'; type: string | null };

/** A refusal the API answers before it looks at what a body says. */
export interface BodyRefusal {
  status: 400 | 413 | 415;
  error?: 'invalid_json';
}

/**
 * What the API makes of a sent body before validating it: a refusal for its media type (415), its size
 * (413) or its JSON (400), else the value it validates. No body: declared as JSON it is no JSON;
 * undeclared, nothing is parsed and the body counts as {}.
 */
export function bodyOf(sent: Sent, bytes: number): { refusal: BodyRefusal } | { value: unknown } {
  const isJsonType = (type: string | null | undefined) =>
    type === undefined || (type !== null && type.split(';')[0]!.trim().toLowerCase() === 'application/json');
  if (sent.kind === 'none')
    return sent.type !== null ? { refusal: { status: 400, error: 'invalid_json' } } : { value: {} };
  // The write guard: another media type, or a body without one.
  if (sent.kind === 'raw' && !isJsonType(sent.type)) return { refusal: { status: 415 } };
  if (bytes > DEFAULT_MAX_BODY_BYTES) return { refusal: { status: 413 } };
  if (sent.kind === 'json') return { value: JSON.parse(JSON.stringify(sent.value) ?? 'null') };
  try {
    return { value: JSON.parse(sent.text) };
  } catch {
    return { refusal: { status: 400, error: 'invalid_json' } };
  }
}

/**
 * Sends `sent` as a client would (the body's length in bytes as Content-Length) with `headers`; answers the
 * response, its text, the body's size and a label that shows both for a failing assertion.
 */
export async function sendSent(
  rt: TestRuntime,
  method: string,
  url: string,
  sent: Sent,
  headers: Record<string, string>,
) {
  const all = { ...headers };
  let body: string | undefined;
  if (sent.kind === 'json') {
    body = JSON.stringify(sent.value);
    all['content-type'] = sent.type ?? 'application/json';
  } else if (sent.kind === 'raw') {
    body = sent.text;
    if (sent.type !== null) all['content-type'] = sent.type;
  } else if (sent.type !== null) all['content-type'] = sent.type;
  const bytes = body === undefined ? 0 : Buffer.byteLength(body);
  if (body !== undefined) all['content-length'] = String(bytes);
  const res = await rt.app.request(url, { method, headers: all, ...(body === undefined ? {} : { body }) });
  const text = await res.text();
  const label = `${all['content-type'] ?? '(no type)'} ${(body ?? '(no body)').slice(0, 200)} → ${res.status} ${text.slice(0, 300)}`;
  return { res, text, bytes, label };
}

/** The answer a generated body must get: its status and, for a refusal, its error code where that is known. */
export interface ExpectedAnswer {
  status: number;
  error?: string;
}

/**
 * Sends `runs` bodies of `bodies` (seeded: every run sends the same) to `method url` as the signed-in
 * `cookie`, each from a client address of its own, and checks what every answer must be: never 5xx, the
 * status of a refusal before the body is read (bodyOf) or else the one `expected` gives for what is read,
 * JSON, and for a refusal the one error shape with its status, a message of `dutch` and the expected code.
 * `accepted` and `refused` check the rest of the answers to what was read; answers how often each status came.
 */
export async function sendGeneratedBodies<E extends ExpectedAnswer>(
  rt: TestRuntime,
  request: {
    method: string;
    url: string;
    cookie: string;
    seed: number;
    runs: number;
    bodies: BodyMix;
    expected: (value: unknown) => E;
    dutch: ReadonlySet<string>;
    accepted: (answer: unknown, want: E, label: string) => void;
    refused: (error: ApiErrorBody, want: E, label: string) => void;
  },
): Promise<Map<number, number>> {
  const random = mulberry32(request.seed);
  const statuses = new Map<number, number>();
  for (let run = 0; run < request.runs; run += 1) {
    const sent = generateBody(random, request.bodies);
    const headers = { origin: ORIGIN, cookie: request.cookie, 'x-forwarded-for': fuzzClient() };
    const { res, text, bytes, label: said } = await sendSent(rt, request.method, request.url, sent, headers);
    const read = bodyOf(sent, bytes);
    const own = 'refusal' in read ? undefined : request.expected(read.value);
    const want = 'refusal' in read ? read.refusal : own!;
    const label = `#${run} ${said}`;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    expect(res.status, label).toBeLessThan(500);
    expect(res.status, label).toBe(want.status);
    expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
    const answer: unknown = JSON.parse(text);
    // Only a body that was read can be accepted (each refusal of bodyOf is a 4xx).
    if (res.ok) {
      request.accepted(answer, own!, label);
      continue;
    }
    const error = apiErrorSchema.parse(answer);
    expect(error.status, label).toBe(res.status);
    expect(request.dutch.has(error.message), label).toBe(true);
    if (want.error) expect(error.error, label).toBe(want.error);
    if (own) request.refused(error, own, label);
  }
  return statuses;
}

let fuzzClients = 0;
/** A client address of its own for each generated request (TRUST_PROXY=1): no rate limit is ever reached. */
export function fuzzClient(): string {
  fuzzClients += 1;
  return `10.${(fuzzClients >> 16) & 255}.${(fuzzClients >> 8) & 255}.${fuzzClients & 255}`;
}

/** The messages an answer may show: every text of these message tables (the Dutch of the API and a module). */
export function dutchMessages(...tables: object[]): Set<string> {
  return new Set(
    tables.flatMap((table) => Object.values(table) as unknown[]).filter((m): m is string => typeof m === 'string'),
  );
}
