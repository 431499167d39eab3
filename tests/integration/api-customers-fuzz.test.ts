/**
 * The back office's customer endpoints (issue 32, item 5) under generated requests: each gets RUNS of them — junk
 * search texts, junk user ids in the path, junk bodies, bodies that are no JSON or of another media type — with a
 * share of good ones, from a support member (who may), a content member (who may not), a customer, nobody and a
 * forged session. No answer is 5xx; every refusal is in the one error shape with a Dutch message
 * (tests/integration/backoffice-fuzz.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_MESSAGES } from '#app/modules/backoffice/index.ts';
import { CUSTOMER_MESSAGES } from '#app/modules/backoffice-customers/index.ts';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { type Caller, recordMails, signedInCaller, storedUser } from './accounts.ts';
import { backofficeFuzz, JUNK_ALPHABET } from './backoffice-fuzz.ts';
import { chance, dutchMessages, fieldValue, junk, pick, type BodyMix, type Random } from './fuzz.ts';
import { insertTestOrder, type TestOrder } from './orders.ts';
import { newStaff, type Staff } from './staff.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let support: Staff;
let content: Staff;
let customer: Caller;
let order: TestOrder;
/** Unverified accounts (a verification mail goes), and accounts the delete endpoint may delete. */
const unverified: string[] = [];
const deletable: string[] = [];

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const mails = recordMails(rt);
  support = await newStaff(rt, mails, 'fuzz-klanten-support@example.nl', 'support', '192.0.2.221');
  content = await newStaff(rt, mails, 'fuzz-klanten-content@example.nl', 'content', '192.0.2.222');
  customer = await signedInCaller(rt, mails, 'fuzz-klanten-klant@example.nl', '192.0.2.223');
  const { db } = rt.database;
  order = await insertTestOrder(db, { email: 'fuzz-klanten-klant@example.nl' });
  for (let i = 0; i < 3; i++) unverified.push(await storedUser(db));
  for (let i = 0; i < 30; i++) deletable.push(await storedUser(db));
}, 60_000);
afterAll(() => rt.close());

const { junkString, junkValue } = junk({
  lengths: [0, 1, 2, 3, 99, 100, 101, 254, 255, 501],
  alphabet: JUNK_ALPHABET,
  numbers: [0, -1, 1, 2_147_483_648, 1e21, Number.MAX_SAFE_INTEGER, 0.5],
  words: ['SB26-000001', '', 'null', '1', 'x@example.nl', 'Sanne', '%', '_'],
  keys: ['reason', 'email', 'q', 'userId'],
});
const DUTCH = dutchMessages(API_MESSAGES, BACKOFFICE_MESSAGES, CUSTOMER_MESSAGES, MESSAGES);
const { check, runs } = backofficeFuzz(
  () => rt,
  () => ({ allowed: support.cookie, other: content.cookie, customer: customer.cookie }),
  DUTCH,
);

/** A user id in the path: the customer, a staff member, nobody, or junk (never '.' or '..'). */
const pathUser = (random: Random, extra: readonly string[] = []) => {
  const id = pick(random, [
    customer.id,
    customer.id,
    support.id,
    ...extra,
    'onbekend',
    junkString(random),
    '%',
    'a'.repeat(101),
    '../export',
  ]);
  return /^\.*$/.test(id) ? 'x' : encodeURIComponent(id);
};
const mix = (object: (random: Random) => Record<string, unknown>): BodyMix => ({
  object,
  values: [junkValue, () => [], () => null, () => 'Verzoek', () => 1],
  notJson: ['{"reason":', '{"email":"x","reason":'],
  asText: ['reason=Verzoek', 'email=x%40example.nl'],
  shares: [0.7, 0.82, 0.9, 0.96],
});

describe('generated requests to the customer endpoints never answer 5xx', () => {
  it('GET /v1/backoffice/customers', async () => {
    const query = (random: Random) =>
      Array.from({ length: Math.floor(random() * 3) + 1 }, () => {
        const key = pick(random, ['q', 'q', 'q', 'x']);
        const value = pick(random, [
          'FUZZ-klanten-klant@example.nl',
          'fuzz',
          order.number,
          order.number.toLowerCase(),
          'SB26-999999',
          'a',
          '%',
          '_',
          '\\',
          'a'.repeat(255),
          String(junkValue(random)),
          junkString(random),
        ]);
        return `${key}=${encodeURIComponent(value)}`;
      }).join('&');
    const statuses = await runs('customers-list', (random) =>
      check('GET', `/api/v1/backoffice/customers?${query(random)}`, random, false),
    );
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 120_000);

  for (const tail of ['', '/export']) {
    it(`GET /v1/backoffice/customers/{userId}${tail}`, async () => {
      const statuses = await runs(`customers-one${tail}`, (random) =>
        check('GET', `/api/v1/backoffice/customers/${pathUser(random)}${tail}`, random, false),
      );
      expect(statuses.get(200)).toBeGreaterThan(0);
      expect(statuses.get(404)).toBeGreaterThan(0);
    }, 120_000);
  }

  it('POST /v1/backoffice/customers/{userId}/verification-mail', async () => {
    const statuses = await runs('customers-verification', (random) => {
      // An unverified account now and then: the library answers those no sooner than in half a second.
      const user = chance(random, 0.02) ? pick(random, unverified) : pathUser(random);
      return check(
        'POST',
        `/api/v1/backoffice/customers/${user}/verification-mail`,
        random,
        true,
        mix(() => ({})),
      );
    });
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
  }, 180_000);

  it('POST /v1/backoffice/customers/{userId}/password-reset', async () => {
    const statuses = await runs('customers-reset', (random) =>
      check(
        'POST',
        `/api/v1/backoffice/customers/${pathUser(random)}/password-reset`,
        random,
        true,
        mix(() => ({})),
      ),
    );
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
    // Each staff member asks the accounts library for at most 60 mails in 15 minutes.
    expect(statuses.get(429)).toBeGreaterThan(0);
  }, 120_000);

  it('POST /v1/backoffice/customers/{userId}/delete', async () => {
    const statuses = await runs('customers-delete', (random) => {
      const target = chance(random, 0.1) && deletable.length > 0 ? deletable[0]! : null;
      const user = target ?? pathUser(random);
      // Never the customer's own address: their session calls too, and must stay.
      const email = target ? `${target}@example.nl` : 'iemand-anders@example.nl';
      return check(
        'POST',
        `/api/v1/backoffice/customers/${user}/delete`,
        random,
        true,
        mix((r) => ({
          reason: fieldValue(
            r,
            { good: ['Verzoek van de klant per e-mail'], bad: ['', 'x', 'a'.repeat(501), 3, null], junk: junkValue },
            [0.75, 0.9, 0.97],
          ),
          email: fieldValue(
            r,
            { good: [email, email.toUpperCase()], bad: ['', 'geen-adres', 'ander@example.nl', 7], junk: junkValue },
            [0.7, 0.9, 0.97],
          ),
        })),
      ).then((status) => {
        if (status === 200 && target) deletable.shift();
        return status;
      });
    });
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
  }, 120_000);
});
