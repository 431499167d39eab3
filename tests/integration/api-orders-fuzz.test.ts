/**
 * The back office's order endpoints (issue 32) under generated requests: each gets RUNS of them — junk query
 * strings, junk order numbers in the path, junk bodies, bodies that are no JSON or of another media type — with a
 * share of good ones, from a support member (who may), a finance member, a customer, nobody and a forged session.
 * No answer is 5xx; every refusal is in the one error shape with a Dutch message (tests/integration/backoffice-fuzz.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_MESSAGES } from '#app/modules/backoffice/index.ts';
import { STAFF_ORDER_MESSAGES } from '#app/modules/backoffice-orders/index.ts';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { type Caller, recordMails, signedInCaller } from './accounts.ts';
import { backofficeFuzz, JUNK_ALPHABET } from './backoffice-fuzz.ts';
import { chance, dutchMessages, fieldValue, junk, pick, type BodyMix, type Random } from './fuzz.ts';
import { insertTestOrder, type TestOrder } from './orders.ts';
import { newStaff, type Staff } from './staff.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let support: Staff;
let finance: Staff;
let customer: Caller;
const orders: TestOrder[] = [];

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const mails = recordMails(rt);
  support = await newStaff(rt, mails, 'fuzz-orders-support@example.nl', 'support', '192.0.2.211');
  finance = await newStaff(rt, mails, 'fuzz-orders-finance@example.nl', 'finance', '192.0.2.212');
  customer = await signedInCaller(rt, mails, 'fuzz-orders-klant@example.nl', '192.0.2.213');
  const { db } = rt.database;
  for (let i = 0; i < 40; i++) orders.push(await insertTestOrder(db, { status: 'pending' }));
  for (let i = 0; i < 5; i++) orders.push(await insertTestOrder(db, { double: i % 2 ? 'failed' : 'refunded' }));
  orders.push(await insertTestOrder(db, { email: 'Fuzz.Koper@example.nl' }));
}, 60_000);
afterAll(() => rt.close());

const { junkString, junkValue } = junk({
  lengths: [0, 1, 2, 3, 11, 12, 254, 255, 501],
  alphabet: JUNK_ALPHABET,
  numbers: [0, -1, 1, 2_147_483_648, 1e21, Number.MAX_SAFE_INTEGER, 0.5],
  words: ['paid', 'pending', 'ideal', 'SB26-000001', 'tr_1', '', 'null', '1', 'x@example.nl'],
  keys: ['reason', 'note', 'paymentId', 'to', 'number'],
});
const DUTCH = dutchMessages(API_MESSAGES, BACKOFFICE_MESSAGES, STAFF_ORDER_MESSAGES, MESSAGES);
/** The staff member most requests come from: one who may use the endpoint under test; the other one beside. */
let mostly: 'support' | 'finance' = 'support';
const { check, runs } = backofficeFuzz(
  () => rt,
  () =>
    mostly === 'support'
      ? { allowed: support.cookie, other: finance.cookie, customer: customer.cookie }
      : { allowed: finance.cookie, other: support.cookie, customer: customer.cookie },
  DUTCH,
);

/** An order number in the path: a real one, one of nobody, or junk (never '.' or '..'). */
const pathNumber = (random: Random) => {
  const number = pick(random, [
    ...orders.slice(-8).map((o) => o.number),
    pick(random, orders).number,
    'SB26-999999',
    'sb99-0000001',
    junkString(random),
    '%',
    'SB26-1234567890',
  ]);
  return /^\.*$/.test(number) ? 'x' : encodeURIComponent(number);
};
const mix = (object: (random: Random) => Record<string, unknown>): BodyMix => ({
  object,
  values: [junkValue, () => [], () => null, () => 'Dubbel besteld', () => 1],
  notJson: ['{"reason":', '{"note":"x","paymentId":'],
  asText: ['reason=Dubbel+besteld', 'to=x%40example.nl'],
  shares: [0.7, 0.82, 0.9, 0.96],
});
const reasons = {
  good: ['Dubbel besteld', ' Klant belde en wil niet meer. '],
  bad: ['', 'x', 'a'.repeat(501), 1, null],
  junk: junkValue,
};

describe('generated requests to the order endpoints never answer 5xx', () => {
  it('GET /v1/backoffice/orders and /dashboard', async () => {
    const query = (random: Random) =>
      Array.from({ length: Math.floor(random() * 5) }, () => {
        const key = pick(random, ['q', 'status', 'method', 'from', 'until', 'flagged', 'before', 'x']);
        const value = pick(random, [
          'fuzz.koper@EXAMPLE.nl',
          orders.at(-1)!.number,
          'paid',
          'pending',
          'betaald',
          'ideal',
          'contant',
          '2026-11-30',
          '2026-02-30',
          '1',
          '0',
          '-1',
          '99999999999',
          String(junkValue(random)),
          junkString(random),
        ]);
        return `${key}=${encodeURIComponent(value)}`;
      }).join('&');
    const statuses = await runs('orders-list', (random) => {
      const path = pick(random, ['/orders', '/orders', '/orders', '/dashboard']);
      return check('GET', `/api/v1/backoffice${path}?${query(random)}`, random, false);
    });
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 120_000);

  it('GET /v1/backoffice/orders/{number}', async () => {
    const statuses = await runs('orders-one', (random) =>
      check('GET', `/api/v1/backoffice/orders/${pathNumber(random)}`, random, false),
    );
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
  }, 120_000);

  it('POST /v1/backoffice/orders/{number}/resend-confirmation', async () => {
    const statuses = await runs('orders-resend', (random) =>
      check(
        'POST',
        `/api/v1/backoffice/orders/${pathNumber(random)}/resend-confirmation`,
        random,
        true,
        mix((r) =>
          chance(r, 0.5)
            ? {}
            : {
                to: fieldValue(
                  r,
                  {
                    good: ['ander@example.nl', ''],
                    bad: ['geen-adres', `${'a'.repeat(250)}@example.nl`, 7],
                    junk: junkValue,
                  },
                  [0.5, 0.85, 0.95],
                ),
              },
        ),
      ),
    );
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
  }, 120_000);

  it('POST /v1/backoffice/orders/{number}/cancel', async () => {
    const statuses = await runs('orders-cancel', (random) =>
      check(
        'POST',
        `/api/v1/backoffice/orders/${pathNumber(random)}/cancel`,
        random,
        true,
        mix((r) => ({ reason: fieldValue(r, reasons, [0.6, 0.85, 0.95]) })),
      ),
    );
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
  }, 120_000);

  it('POST /v1/backoffice/orders/{number}/double-payments/handled', async () => {
    const doubled = orders.filter((o) => o.extraPaymentId);
    mostly = 'finance';
    const statuses = await runs('orders-handled', (random) => {
      const order = pick(random, doubled);
      const number = chance(random, 0.8) ? order.number : pathNumber(random);
      return check(
        'POST',
        `/api/v1/backoffice/orders/${encodeURIComponent(number)}/double-payments/handled`,
        random,
        true,
        mix((r) => ({
          paymentId: fieldValue(
            r,
            {
              good: [order.extraPaymentId!, pick(r, doubled).extraPaymentId!],
              bad: ['', 'tr_x', 'a'.repeat(101), 3],
              junk: junkValue,
            },
            [0.6, 0.85, 0.95],
          ),
          note: fieldValue(r, reasons, [0.6, 0.85, 0.95]),
        })),
      );
    });
    mostly = 'support';
    // Five double payments: each is marked handled once, then answers 409; support may not (403).
    expect(statuses.get(200)).toBe(5);
    expect(statuses.get(409)).toBeGreaterThan(0);
    expect(statuses.get(403)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
  }, 120_000);
});
