/**
 * The back office's licence code endpoints (issue 32, item 3) under generated requests. The writes (revoke,
 * reissue, batch) each get RUNS bodies — junk, no JSON, other media types, good ones — whose status a model
 * predicts: a body the write guard refuses before it is read (bodyOf), a body the schema refuses (400), the use
 * case's answer (a code revoked already: 409; an unknown code: 404; an unknown product: 400) or success. The reads
 * (search, a code, a batch's CSV) get RUNS junk queries and paths from callers of every kind. No answer is 5xx;
 * every refusal is in the one error shape with a Dutch message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_MESSAGES } from '#app/modules/backoffice/index.ts';
import {
  CODE_ADMIN_MESSAGES,
  codeBatchCreatedSchema,
  codeBatchSchema,
  codeChangedSchema,
  codeReasonSchema,
  LICENSE_MESSAGES,
} from '#app/modules/licenses/index.ts';
import { API_MESSAGES, apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { type Caller, ORIGIN, recordMails, signedInCaller } from './accounts.ts';
import {
  chance,
  dutchMessages,
  fieldValue,
  fuzzClient,
  junk,
  mulberry32,
  pick,
  sendGeneratedBodies,
  sendSent,
  type BodyMix,
  type Random,
} from './fuzz.ts';
import { codePool, type CodePool } from './license-codes.ts';
import { newStaff, type Staff } from './staff.ts';
import { JUNK_ALPHABET } from './backoffice-fuzz.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

/** Generated requests per endpoint. */
const RUNS = 600;
const FORGED = 'slaagbundel.session_token=forged.value';

let rt: TestRuntime;
let support: Staff;
let finance: Staff;
let customer: Caller;
let pool: CodePool;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const mails = recordMails(rt);
  support = await newStaff(rt, mails, 'fuzz-codes-support@example.nl', 'support', '192.0.2.211');
  finance = await newStaff(rt, mails, 'fuzz-codes-finance@example.nl', 'finance', '192.0.2.212');
  customer = await signedInCaller(rt, mails, 'fuzz-codes-klant@example.nl', '192.0.2.213');
  pool = await codePool(rt, 40, 'F');
}, 60_000);
afterAll(() => rt.close());

const { junkString, junkValue } = junk({
  lengths: [0, 1, 2, 3, 40, 41, 254, 255, 501],
  alphabet: JUNK_ALPHABET,
  numbers: [0, -1, 1, 2, 5000, 5001, 1000, 1001, 2027, 123456, 1e21, Number.MAX_SAFE_INTEGER, 0.5],
  words: ['print', 'class', 'Print', '', 'null', 'reden', 'SB-POOL-F-0001'],
  keys: ['reason', 'label', 'productId', 'kind', 'count', 'seats', 'examYear'],
});

const DUTCH = dutchMessages(API_MESSAGES, BACKOFFICE_MESSAGES, MESSAGES, CODE_ADMIN_MESSAGES, LICENSE_MESSAGES);

const reasonValues = {
  good: ['Klant is de mail kwijt', 'abc', ` ${'r'.repeat(500)} `, 'Gelekt 🙂'],
  bad: ['', '  ', 'ab', 'r'.repeat(501), 42, null, ['reden']],
  junk: junkValue,
};
const mix = (object: (random: Random) => Record<string, unknown>): BodyMix => ({
  object,
  values: [junkValue, () => [], () => null, () => 'reden', () => 1],
  notJson: ['{"reason":', '{"reason":"abc"'],
  asText: ['reason=abc', 'label=x&count=1'],
  shares: [0.75, 0.85, 0.92, 0.97],
});

interface Want {
  status: number;
  error?: string;
}

/**
 * A revoke or reissue: RUNS bodies spread over codes of the pool (the first good body on a code succeeds, the
 * next ones find it revoked) and an unknown code.
 */
async function reasonWrites(action: 'revoke' | 'reissue', seed: number) {
  const codes = [pool.next(), pool.next(), pool.next(), pool.next().toLowerCase(), 'SB-ONBEKEND-0000'];
  const revoked = new Set<string>();
  const totals = new Map<number, number>();
  for (const [index, code] of codes.entries()) {
    const statuses = await sendGeneratedBodies<Want>(rt, {
      method: 'POST',
      url: `/api/v1/backoffice/license-codes/${encodeURIComponent(code)}/${action}`,
      cookie: support.cookie,
      seed: seed + index,
      runs: RUNS / codes.length,
      bodies: mix((r) => ({
        reason: fieldValue(r, reasonValues, [0.6, 0.85, 0.95]),
        ...(chance(r, 0.1) ? { extra: junkValue(r) } : {}),
      })),
      expected: (value) => {
        if (!codeReasonSchema.safeParse(value).success) return { status: 400 };
        if (code.startsWith('SB-ONBEKEND')) return { status: 404 };
        const key = code.toUpperCase();
        if (revoked.has(key)) return { status: 409 };
        revoked.add(key);
        return { status: 200 };
      },
      dutch: DUTCH,
      accepted: (answer, _want, label) => {
        const changed = codeChangedSchema.parse(answer);
        expect(changed.code.code, label).toBe(code.toUpperCase());
        expect(changed.code.status, label).toBe('revoked');
      },
      refused: (error, want, label) => {
        if (want.status === 409) expect(error.message, label).toBe(CODE_ADMIN_MESSAGES.REVOKED_ALREADY);
        if (want.status === 404) expect(error.message, label).toBe(CODE_ADMIN_MESSAGES.NOT_FOUND);
      },
    });
    for (const [status, n] of statuses) totals.set(status, (totals.get(status) ?? 0) + n);
  }
  return totals;
}

describe('generated bodies get the status the model predicts, never 5xx', () => {
  it('POST /v1/backoffice/license-codes/{code}/revoke', async () => {
    const statuses = await reasonWrites('revoke', 3_201);
    expect(statuses.get(200)).toBe(4);
    expect(statuses.get(409)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 180_000);

  it('POST /v1/backoffice/license-codes/{code}/reissue', async () => {
    const statuses = await reasonWrites('reissue', 3_301);
    expect(statuses.get(200)).toBe(4);
    expect(statuses.get(409)).toBeGreaterThan(0);
  }, 180_000);

  it('POST /v1/backoffice/license-code-batches', async () => {
    const statuses = await sendGeneratedBodies<Want>(rt, {
      method: 'POST',
      url: '/api/v1/backoffice/license-code-batches',
      cookie: finance.cookie,
      seed: 3_401,
      runs: RUNS,
      bodies: mix((r) => ({
        label: fieldValue(
          r,
          { good: ['Drukwerk', ' x ', 'a'.repeat(100)], bad: ['', ' ', 'a'.repeat(101), 1], junk: junkValue },
          [0.7, 0.9, 0.97],
        ),
        productId: fieldValue(
          r,
          { good: [pool.productId], bad: [999_999, 0, -1, String(pool.productId), 1.5], junk: junkValue },
          [0.7, 0.9, 0.97],
        ),
        kind: fieldValue(
          r,
          { good: ['print', 'class'], bad: ['', 'Print', 'school', 1], junk: junkValue },
          [0.7, 0.9, 0.97],
        ),
        count: fieldValue(r, { good: [1, 2, 3], bad: [0, 5001, -1, 1.5, '2'], junk: junkValue }, [0.7, 0.9, 0.97]),
        ...(chance(r, 0.6)
          ? { seats: fieldValue(r, { good: [1, 30, 1000], bad: [0, 1001, '30'], junk: junkValue }, [0.7, 0.9, 0.97]) }
          : {}),
        ...(chance(r, 0.4)
          ? {
              examYear: fieldValue(
                r,
                { good: [2027, 2020, 2100], bad: [2019, 2101, '2027'], junk: junkValue },
                [0.7, 0.9, 0.97],
              ),
            }
          : {}),
      })),
      expected: (value) => {
        const parsed = codeBatchSchema.safeParse(value);
        if (!parsed.success) return { status: 400 };
        if (parsed.data.productId !== pool.productId) return { status: 400 };
        return { status: 201 };
      },
      dutch: DUTCH,
      accepted: (answer, _want, label) => {
        const { batch } = codeBatchCreatedSchema.parse(answer);
        expect(batch.count, label).toBeLessThanOrEqual(3);
      },
      refused: () => {},
    });
    expect(statuses.get(201)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 240_000);
});

function caller(random: Random): string | undefined {
  const roll = random();
  if (roll < 0.6) return support.cookie;
  if (roll < 0.75) return finance.cookie;
  if (roll < 0.85) return customer.cookie;
  if (roll < 0.93) return FORGED;
  return undefined;
}

/** Sends one read and checks what every answer must be: never 5xx, JSON (or the CSV), refusals in the one shape. */
async function read(url: string, random: Random) {
  const cookie = caller(random);
  const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': fuzzClient() };
  if (cookie) headers.cookie = cookie;
  const { res, text, label } = await sendSent(rt, 'GET', url, { kind: 'none', type: null }, headers);
  expect(res.status, label).toBeLessThan(500);
  if (cookie === undefined || cookie === FORGED) expect(res.status, label).toBe(401);
  if (cookie === customer.cookie) expect([400, 404], label).toContain(res.status);
  if (res.ok && url.includes('.csv')) {
    expect(res.headers.get('content-type'), label).toBe('text/csv; charset=utf-8');
    return res.status;
  }
  expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
  if (res.ok) return res.status;
  const error = apiErrorSchema.parse(JSON.parse(text));
  expect(error.status, label).toBe(res.status);
  expect(DUTCH.has(error.message) || /^[A-Z].*[.!?]$/.test(error.message), label).toBe(true);
  expect(text, label).not.toMatch(/\bat [\w.]+ \(|Error:/);
  return res.status;
}

async function runs(name: string, one: (random: Random) => Promise<number>) {
  const random = mulberry32([...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7));
  const statuses = new Map<number, number>();
  for (let run = 0; run < RUNS; run += 1) {
    const status = await one(random);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return statuses;
}

const segment = (random: Random) => {
  const value = pick(random, [
    pool.first,
    pool.first.toLowerCase(),
    'SB-ONBEKEND',
    junkString(random),
    '%',
    'a'.repeat(41),
  ]);
  return /^\.*$/.test(value) ? 'x' : encodeURIComponent(value);
};

describe('generated reads never answer 5xx', () => {
  it('GET /v1/backoffice/license-codes and its CSV', async () => {
    const statuses = await runs('search', (random) => {
      const q = pick(random, [
        pool.first,
        'fuzz-codes-klant@example.nl',
        'SB26-000001',
        junkString(random),
        'x'.repeat(255),
      ]);
      const key = pick(random, ['q', 'q', 'after', 'x']);
      const path = chance(random, 0.25) ? 'license-codes.csv' : 'license-codes';
      return read(`/api/v1/backoffice/${path}?${key}=${encodeURIComponent(q)}`, random);
    });
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 120_000);

  it('GET /v1/backoffice/license-codes/{code}', async () => {
    const statuses = await runs('code', (random) =>
      read(`/api/v1/backoffice/license-codes/${segment(random)}`, random),
    );
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
  }, 120_000);

  it('GET /v1/backoffice/license-code-batches and its CSV', async () => {
    const statuses = await runs('batches', (random) => {
      const id = pick(random, [String(pool.batchId), '0', '-1', '999999', '1e3', junkString(random) || 'x']);
      const url = chance(random, 0.2)
        ? '/api/v1/backoffice/license-code-batches'
        : `/api/v1/backoffice/license-code-batches/${encodeURIComponent(id)}/codes.csv`;
      return read(url, random);
    });
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
  }, 120_000);
});
