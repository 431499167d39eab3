/**
 * Generated requests for the API's fuzz tests: a seeded random source (every run sends the same
 * requests), junk values, bodies as a client might send them, and a client address for each request.
 */
import { DEFAULT_MAX_BODY_BYTES } from '#server/api/limits.ts';
import type { TestRuntime } from './test-db.ts';

/** mulberry32: a small seeded generator, so every run sends the same requests. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
