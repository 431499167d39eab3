/**
 * The back office's refund API (issue 32) under generated requests: each endpoint gets RUNS of them — junk bodies,
 * bodies that are no JSON or of another media type, junk order and credit note numbers — with a share of good ones,
 * from callers of every kind (an admin, a finance member, a support member, a customer, nobody, a forged session).
 * No answer is 5xx; every answer's status is the one a model of the orders' lines predicts (what is left of each
 * line and of the shipping after the refunds that succeeded), and every refusal is in the one error shape with a
 * Dutch message and no stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_MESSAGES } from '#app/modules/backoffice/index.ts';
import { REFUND_MESSAGES, REFUND_REASONS, refundOrderSchema } from '#app/modules/refunds/index.ts';
import { CHECKOUT_MESSAGES } from '#app/modules/shop/index.ts';
import { API_MESSAGES, apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { type Caller, ORIGIN, recordMails, signedInCaller } from './accounts.ts';
import {
  bodyOf,
  chance,
  dutchMessages,
  fieldValue,
  fuzzClient,
  generateBody,
  junk,
  mulberry32,
  pick,
  sendSent,
  type BodyMix,
  type Random,
} from './fuzz.ts';
import { paidOrder } from './refund-orders.ts';
import { newStaff, type Staff } from './staff.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

/** Generated requests per endpoint. */
const RUNS = 1000;
const FORGED = 'slaagbundel.session_token=forged.value';

let rt: TestRuntime;
let admin: Staff;
let finance: Staff;
let support: Staff;
let customer: Caller;

/** The model: each paid order's lines (units left) and whether its shipping is left; the pending order. */
interface ModelOrder {
  number: string;
  paid: boolean;
  left: number[];
  names: string[];
  shippingLeft: boolean;
}
const model = new Map<string, ModelOrder>();
const creditNotes: string[] = [];

beforeAll(async () => {
  rt = await createTestRuntime({ seed: false, env: { TRUST_PROXY: '1' } });
  const mails = recordMails(rt);
  admin = await newStaff(rt, mails, 'fuzz-admin@example.nl', 'admin', '192.0.2.201');
  finance = await newStaff(rt, mails, 'fuzz-financien@example.nl', 'finance', '192.0.2.202');
  support = await newStaff(rt, mails, 'fuzz-support@example.nl', 'support', '192.0.2.203');
  customer = await signedInCaller(rt, mails, 'fuzz-klant@example.nl', '192.0.2.204');
  const lines = [
    { name: 'Slaagbundel Nederlands havo', quantity: 40, unitPriceCents: 2795 },
    { name: 'Slaagbundel Engels havo', quantity: 25, unitPriceCents: 2495 },
  ];
  for (let i = 0; i < 4; i += 1) {
    const order = await paidOrder(rt, lines, { discountPercent: i * 5 });
    model.set(order.number, {
      number: order.number,
      paid: true,
      left: lines.map((l) => l.quantity),
      names: lines.map((l) => l.name),
      shippingLeft: true,
    });
  }
  const pending = await paidOrder(rt, lines, { status: 'pending' });
  model.set(pending.number, { number: pending.number, paid: false, left: [], names: [], shippingLeft: false });
}, 90_000);
afterAll(() => rt.close());

const { junkString, junkValue } = junk({
  lengths: [0, 1, 2, 6, 11, 12, 64, 300],
  alphabet: ['S', 'B', 'C', 'N', '2', '6', '-', '0', ' ', '/', '?', '%', '"', '\\', '\u0000', 'é', '🙂', '\n'],
  numbers: [0, -1, 1, 2, 40, 1000, 1001, 1e21, Number.MAX_SAFE_INTEGER, 0.5],
  words: [...REFUND_REASONS, 'Teruggestuurd', '', 'null', 'true'],
  keys: ['lines', 'position', 'quantity', 'shipping', 'reason', 'note'],
});

const DUTCH = dutchMessages(API_MESSAGES, BACKOFFICE_MESSAGES, MESSAGES, REFUND_MESSAGES, CHECKOUT_MESSAGES);

type Who = 'admin' | 'finance' | 'support' | 'customer' | 'forged' | 'nobody';
function caller(random: Random): { who: Who; cookie: string | undefined } {
  const roll = random();
  if (roll < 0.4) return { who: 'admin', cookie: admin.cookie };
  if (roll < 0.75) return { who: 'finance', cookie: finance.cookie };
  if (roll < 0.83) return { who: 'support', cookie: support.cookie };
  if (roll < 0.9) return { who: 'customer', cookie: customer.cookie };
  if (roll < 0.95) return { who: 'forged', cookie: FORGED };
  return { who: 'nobody', cookie: undefined };
}

const ORDER_NUMBER = /^SB\d{2}-\d{6,}$/;
const CREDIT_NOTE = /^CN\d{2}-\d{6,}$/;

function orderNumber(random: Random): string {
  return pick(random, [
    ...[...model.keys()],
    ...[...model.keys()],
    'SB26-999999',
    'SB26-12345',
    'sb26-000001',
    junkString(random),
  ]);
}
function creditNoteNumber(random: Random): string {
  return pick(random, [...creditNotes, ...creditNotes, 'CN26-999999', 'CN26-1', 'CN26-0000001', junkString(random)]);
}
const segment = (text: string) => (/^\.*$/.test(text) ? 'x' : encodeURIComponent(text));

/** What the use case answers a parsed, allowed refund of `number` (the model's prediction), and the model after. */
function predictRefund(number: string, input: ReturnType<typeof refundOrderSchema.parse>): number {
  const order = model.get(number);
  if (!order) return 404;
  if (!order.paid) return 409;
  const asked = new Map<number, number>();
  for (const { position, quantity } of input.lines) {
    if (quantity === 0) continue;
    if (position >= order.left.length || asked.has(position)) return 400;
    if (quantity > order.left[position]!) return 409;
    asked.set(position, quantity);
  }
  const shipping = input.shipping;
  if (shipping && !order.shippingLeft) return 409;
  if (asked.size === 0 && !shipping) return 400;
  for (const [position, quantity] of asked) order.left[position]! -= quantity;
  if (shipping) order.shippingLeft = false;
  return 201;
}

/** Sends one request, predicts its status, and checks what every answer must be. */
async function check(
  method: string,
  url: string,
  random: Random,
  predict: (who: Who, body: { value: unknown } | null) => number,
  mixOf?: BodyMix,
) {
  const sent = mixOf ? generateBody(random, mixOf) : ({ kind: 'none', type: null } as const);
  const { who, cookie } = caller(random);
  const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': fuzzClient() };
  if (cookie) headers.cookie = cookie;
  const { res, text, bytes, label } = await sendSent(rt, method, url, sent, headers);
  expect(res.status, label).toBeLessThan(500);
  expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
  // The write guard (media type, size) first, then the session, then the body's JSON, the path, the schema.
  const read = mixOf ? bodyOf(sent, bytes) : null;
  const refusal = read && 'refusal' in read ? read.refusal.status : null;
  let expected: number;
  if (refusal === 415 || refusal === 413) expected = refusal;
  else if (who === 'nobody' || who === 'forged') expected = 401;
  else if (refusal !== null) expected = refusal;
  else expected = predict(who, read && 'value' in read ? read : null);
  expect(res.status, label).toBe(expected);
  if (res.ok) return { status: res.status, body: JSON.parse(text) as unknown };
  const error = apiErrorSchema.parse(JSON.parse(text));
  expect(error.status, label).toBe(res.status);
  expect(DUTCH.has(error.message) || /^[A-Z].*[.!?)]$/.test(error.message), label).toBe(true);
  expect(text, label).not.toMatch(/\bat [\w.]+ \(|Error:/);
  return { status: res.status, body: null };
}

/** The guard after the path and body were read: a customer 404, support 403, finance and admin go on. */
const guarded = (who: Who, next: () => number) => (who === 'customer' ? 404 : who === 'support' ? 403 : next());

async function runs(name: string, one: (random: Random) => Promise<number>) {
  const random = mulberry32([...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7));
  const statuses = new Map<number, number>();
  for (let run = 0; run < RUNS; run += 1) {
    const status = await one(random);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return statuses;
}

const lineValue = (r: Random) =>
  chance(r, 0.85)
    ? {
        position: fieldValue(
          r,
          { good: [0, 1, 0, 1], bad: [2, 7, -1, 1001, 0.5, '0'], junk: junkValue },
          [0.8, 0.95, 0.99],
        ),
        quantity: fieldValue(
          r,
          { good: [0, 1, 1, 2, 3], bad: [-1, 1001, 1.5, '1', 41], junk: junkValue },
          [0.8, 0.95, 0.99],
        ),
      }
    : junkValue(r);
const mix = (): BodyMix => ({
  object: (r) => ({
    lines: chance(r, 0.9) ? Array.from({ length: Math.floor(r() * 3) }, () => lineValue(r)) : junkValue(r),
    shipping: fieldValue(r, { good: [false, false, true], bad: ['on', 1, 'true'], junk: junkValue }, [0.6, 0.8, 0.9]),
    reason: fieldValue(
      r,
      { good: [...REFUND_REASONS], bad: ['', 'Anders', 'refund'], junk: junkValue },
      [0.85, 0.93, 0.97],
    ),
    note: fieldValue(
      r,
      { good: ['', 'Retour', ' Beschadigd '], bad: ['x'.repeat(501), 5], junk: junkValue },
      [0.6, 0.8, 0.9],
    ),
    ...(chance(r, 0.1) ? { extra: junkValue(r) } : {}),
  }),
  values: [junkValue, () => [], () => null, () => 'returned', () => 1],
  notJson: ['{"lines":', '{"reason":"returned"'],
  asText: ['reason=returned&lines[0].quantity=1', 'reason=returned'],
  shares: [0.8, 0.88, 0.93, 0.97],
});

describe('generated requests never answer 5xx, and answer what the model predicts', () => {
  it('POST /v1/backoffice/orders/{number}/refunds', async () => {
    const statuses = await runs('refund', async (random) => {
      const number = orderNumber(random);
      const answer = await check(
        'POST',
        `/api/v1/backoffice/orders/${segment(number)}/refunds`,
        random,
        (who, body) => {
          if (!ORDER_NUMBER.test(number)) return 400;
          const parsed = refundOrderSchema.safeParse(body?.value);
          if (!parsed.success) return 400;
          return guarded(who, () => predictRefund(number, parsed.data));
        },
        mix(),
      );
      if (answer.status === 201)
        creditNotes.push((answer.body as { creditNote: { number: string } }).creditNote.number);
      return answer.status;
    });
    expect(statuses.get(201)).toBeGreaterThan(10);
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
  }, 300_000);

  it('GET /v1/backoffice/orders/{number}/refunds', async () => {
    const statuses = await runs('list', async (random) => {
      const number = orderNumber(random);
      const answer = await check('GET', `/api/v1/backoffice/orders/${segment(number)}/refunds`, random, (who) =>
        !ORDER_NUMBER.test(number) ? 400 : guarded(who, () => (model.has(number) ? 200 : 404)),
      );
      return answer.status;
    });
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 120_000);

  it('GET /v1/backoffice/credit-notes/{number}', async () => {
    const statuses = await runs('credit-note', async (random) => {
      const number = creditNoteNumber(random);
      const answer = await check('GET', `/api/v1/backoffice/credit-notes/${segment(number)}`, random, (who) =>
        !CREDIT_NOTE.test(number) || number.length > 20
          ? 400
          : guarded(who, () => (creditNotes.includes(number) ? 200 : 404)),
      );
      return answer.status;
    });
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
  }, 120_000);
});
