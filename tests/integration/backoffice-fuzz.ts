/**
 * What every back-office fuzz file (issue 32) checks of each generated request: no 5xx, JSON, and every refusal
 * in the one error shape with a Dutch message and no stack trace; a body the write guard refuses before it is read
 * answers what it must (bodyOf). Callers of every kind: staff (mostly the first, who may), a customer, nobody, a
 * forged session.
 */
import { expect } from 'vitest';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { ORIGIN } from './accounts.ts';
import { bodyOf, fuzzClient, generateBody, mulberry32, sendSent, type BodyMix, type Random } from './fuzz.ts';
import type { TestRuntime } from './test-db.ts';

/** The characters the back-office fuzz files make junk text of: separators, quotes, a NUL, accents, an emoji. */
export const JUNK_ALPHABET = [
  'a',
  'Z',
  '0',
  '9',
  ' ',
  '@',
  '.',
  '-',
  '_',
  '/',
  '?',
  '&',
  '=',
  '%',
  '"',
  '\\',
  '\u0000',
  'é',
  '🙂',
  '\n',
];

/** Generated requests per endpoint. */
export const RUNS = 600;
export const FORGED = 'slaagbundel.session_token=forged.value';

export function backofficeFuzz(
  rt: () => TestRuntime,
  callers: () => { allowed: string; other: string; customer: string },
  dutch: ReadonlySet<string>,
) {
  function caller(random: Random): string | undefined {
    const roll = random();
    const { allowed, other, customer } = callers();
    if (roll < 0.7) return allowed;
    if (roll < 0.8) return other;
    if (roll < 0.88) return customer;
    if (roll < 0.94) return FORGED;
    return undefined;
  }

  /** Sends one request and checks what every answer must be; answers its status. */
  async function check(method: string, url: string, random: Random, readsBody: boolean, mixOf?: BodyMix) {
    const sent = mixOf ? generateBody(random, mixOf) : ({ kind: 'none', type: null } as const);
    const cookie = caller(random);
    const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': fuzzClient() };
    if (cookie) headers.cookie = cookie;
    const { res, text, bytes, label } = await sendSent(rt(), method, url, sent, headers);
    expect(res.status, label).toBeLessThan(500);
    expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
    if (res.ok) return res.status;
    const error = apiErrorSchema.parse(JSON.parse(text));
    expect(error.status, label).toBe(res.status);
    expect(dutch.has(error.message) || /^[A-Z].*[.!?]$/.test(error.message), label).toBe(true);
    expect(text, label).not.toMatch(/\bat [\w.]+ \(|Error:/);
    if (readsBody) {
      const read = bodyOf(sent, bytes);
      // Anonymous callers and forged sessions are refused before the body is read.
      if ('refusal' in read && cookie !== undefined && cookie !== FORGED)
        expect(res.status, label).toBe(read.refusal.status);
    }
    return res.status;
  }

  /** RUNS requests from `one`, seeded by the name: how often each status was answered. */
  async function runs(name: string, one: (random: Random) => Promise<number>) {
    const random = mulberry32([...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7));
    const statuses = new Map<number, number>();
    for (let run = 0; run < RUNS; run += 1) {
      const status = await one(random);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    return statuses;
  }

  return { check, runs };
}
