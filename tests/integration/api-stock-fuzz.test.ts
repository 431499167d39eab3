/**
 * The back office's stock endpoints (issue 32, item 4) under generated requests: each gets RUNS of them — junk
 * query strings, junk product ids in the path, junk bodies, bodies that are no JSON or of another media type —
 * with a share of good ones, from a finance member (who may), a support member (who may read, not adjust), a
 * customer, nobody and a forged session. No answer is 5xx; every refusal is in the one error shape with a Dutch
 * message (tests/integration/backoffice-fuzz.ts); the stock never goes below 0.
 */
import { eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_MESSAGES } from '#app/modules/backoffice/index.ts';
import { products } from '#app/modules/catalog/db/tables.ts';
import { STOCK_MESSAGES } from '#app/modules/backoffice-stock/index.ts';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { type Caller, recordMails, signedInCaller } from './accounts.ts';
import { backofficeFuzz } from './backoffice-fuzz.ts';
import { chance, dutchMessages, fieldValue, junk, pick, type BodyMix, type Random } from './fuzz.ts';
import { newStaff, type Staff } from './staff.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let finance: Staff;
let support: Staff;
let customer: Caller;
/** Products to adjust and read: some in stock, one sold out. */
let productIds: number[] = [];

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const mails = recordMails(rt);
  finance = await newStaff(rt, mails, 'fuzz-stock-finance@example.nl', 'finance', '192.0.2.221');
  support = await newStaff(rt, mails, 'fuzz-stock-support@example.nl', 'support', '192.0.2.222');
  customer = await signedInCaller(rt, mails, 'fuzz-stock-klant@example.nl', '192.0.2.223');
  const rows = await rt.database.db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(eq(products.isOrderable, 'Y'));
  productIds = rows.slice(0, 5).map((r) => r.id);
  const soldOut = rows.find((r) => r.sku === 'SB-HAVO-AK-2027');
  if (soldOut) productIds.push(soldOut.id);
}, 60_000);
afterAll(() => rt.close());

const { junkString, junkValue } = junk({
  lengths: [0, 1, 2, 3, 100, 101, 254, 255, 501],
  alphabet: [
    'a',
    'Z',
    '0',
    '9',
    ' ',
    '@',
    '.',
    '-',
    '+',
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
  ],
  numbers: [0, -1, 1, 2, -3, 1_000_000, 1_000_001, -1_000_001, 2_147_483_648, 1e21, Number.MAX_SAFE_INTEGER, 0.5],
  words: ['1', '0', '-3', '+5', 'SB-HAVO-AK', '', 'null', 'wiskunde', 'Telling'],
  keys: ['quantity', 'delta', 'reason', 'q', 'low'],
});
const DUTCH = dutchMessages(API_MESSAGES, BACKOFFICE_MESSAGES, STOCK_MESSAGES, MESSAGES);
const { check, runs } = backofficeFuzz(
  () => rt,
  () => ({ allowed: finance.cookie, other: support.cookie, customer: customer.cookie }),
  DUTCH,
);

/** A product id in the path: a real one, one of nobody, or junk (never '.' or '..'). */
const pathId = (random: Random) => {
  const id = pick(random, [
    ...productIds.map(String),
    pick(random, productIds).toString(),
    '999999',
    '0',
    '-1',
    '1e3',
    '2147483648',
    junkString(random),
    '%',
  ]);
  return /^\.*$/.test(id) ? 'x' : encodeURIComponent(id);
};
const mix = (object: (random: Random) => Record<string, unknown>): BodyMix => ({
  object,
  values: [junkValue, () => [], () => null, () => 'Telling magazijn', () => 1],
  notJson: ['{"delta":', '{"quantity":5,"reason":'],
  asText: ['delta=5&reason=Telling', 'quantity=3'],
  shares: [0.7, 0.82, 0.9, 0.96],
});

describe('generated requests to the stock endpoints never answer 5xx', () => {
  it('GET /v1/backoffice/stock', async () => {
    const query = (random: Random) =>
      Array.from({ length: Math.floor(random() * 4) }, () => {
        const key = pick(random, ['q', 'low', 'after', 'x']);
        const value = pick(random, [
          'wiskunde',
          'SB-HAVO',
          '1',
          '0',
          'ja',
          '',
          'SB-VMBOB-NE-2027',
          '%',
          '_',
          'x'.repeat(101),
          String(junkValue(random)),
          junkString(random),
        ]);
        return `${key}=${encodeURIComponent(value)}`;
      }).join('&');
    const statuses = await runs('stock-list', (random) =>
      check('GET', `/api/v1/backoffice/stock?${query(random)}`, random, false),
    );
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(401)).toBeGreaterThan(0);
  }, 120_000);

  it('GET /v1/backoffice/stock/{productId}/changes', async () => {
    const statuses = await runs('stock-changes', (random) => {
      const before = chance(random, 0.3)
        ? `?before=${encodeURIComponent(pick(random, ['1', '0', '-1', '99999999999', 'x', junkString(random)]))}`
        : '';
      return check('GET', `/api/v1/backoffice/stock/${pathId(random)}/changes${before}`, random, false);
    });
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
  }, 120_000);

  it('POST /v1/backoffice/stock/{productId}/adjustments', async () => {
    const reasons = {
      good: ['Telling magazijn', ' Herdruk binnen ', `${'r'.repeat(500)}`],
      bad: ['', 'x', 'ab', 'a'.repeat(501), 1, null],
      junk: junkValue,
    };
    const statuses = await runs('stock-adjust', (random) =>
      check(
        'POST',
        `/api/v1/backoffice/stock/${pathId(random)}/adjustments`,
        random,
        true,
        mix((r) => ({
          ...(chance(r, 0.55)
            ? {
                delta: fieldValue(
                  r,
                  { good: [1, 5, -1, -3, -200, 50], bad: [0, 1.5, '5', 1_000_001, null], junk: junkValue },
                  [0.7, 0.9, 0.97],
                ),
              }
            : {}),
          ...(chance(r, 0.5)
            ? {
                quantity: fieldValue(
                  r,
                  { good: [0, 3, 40, 1_000_000], bad: [-1, 1.5, '3', 1_000_001, null], junk: junkValue },
                  [0.7, 0.9, 0.97],
                ),
              }
            : {}),
          reason: fieldValue(r, reasons, [0.7, 0.88, 0.96]),
        })),
      ),
    );
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(403)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
    expect(await rt.database.db.select().from(products).where(lt(products.totalQuantity, 0))).toEqual([]);
  }, 180_000);
});
