/**
 * The back-office API (issue 32) under generated requests: every endpoint gets RUNS of them — junk bodies, bodies
 * that are no JSON or of another media type, junk ids in the path, junk query strings — with a share of good
 * ones, from callers of every kind (an admin, a support member, a customer, nobody, a forged session). No answer
 * is 5xx; every answer is JSON, and every refusal is in the one error shape with a Dutch message and no stack
 * trace. A body the write guard refuses before it is read answers what it must (bodyOf).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_MESSAGES, STAFF_ROLES } from '#app/modules/backoffice/index.ts';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { type Caller, recordMails, signedInCaller } from './accounts.ts';
import { backofficeFuzz, JUNK_ALPHABET } from './backoffice-fuzz.ts';
import { chance, dutchMessages, fieldValue, junk, pick, type BodyMix, type Random } from './fuzz.ts';
import { newStaff, type Staff } from './staff.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let admin: Staff;
let support: Staff;
let target: Staff;
let customer: Caller;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const mails = recordMails(rt);
  admin = await newStaff(rt, mails, 'fuzz-admin@example.nl', 'admin', '192.0.2.201');
  support = await newStaff(rt, mails, 'fuzz-support@example.nl', 'support', '192.0.2.202');
  target = await newStaff(rt, mails, 'fuzz-doel@example.nl', 'content', '192.0.2.203');
  customer = await signedInCaller(rt, mails, 'fuzz-klant@example.nl', '192.0.2.204');
}, 60_000);
afterAll(() => rt.close());

const { junkString, junkValue } = junk({
  lengths: [0, 1, 2, 6, 7, 64, 65, 300],
  alphabet: JUNK_ALPHABET,
  numbers: [0, -1, 1, 6, 123456, 1e21, Number.MAX_SAFE_INTEGER, 0.5],
  words: ['admin', 'support', 'content', 'finance', 'god', '', 'null', 'Admin', 'x@example.nl'],
  keys: ['email', 'role', 'token', 'code', 'userId'],
});

const DUTCH = dutchMessages(API_MESSAGES, BACKOFFICE_MESSAGES, MESSAGES);
const { check, runs } = backofficeFuzz(
  () => rt,
  () => ({ allowed: admin.cookie, other: support.cookie, customer: customer.cookie }),
  DUTCH,
);

const emailValues = {
  good: ['nieuw@example.nl', ' Nieuw@Example.NL ', 'fuzz-klant@example.nl', 'fuzz-doel@example.nl'],
  bad: ['', 'geen-adres', '@example.nl', `${'a'.repeat(250)}@example.nl`, 42, null],
  junk: junkValue,
};
const roleValues = { good: [...STAFF_ROLES], bad: ['', 'Admin', 'god', 1, null, ['admin']], junk: junkValue };
const mix = (object: (random: Random) => Record<string, unknown>): BodyMix => ({
  object,
  values: [junkValue, () => [], () => null, () => 'admin', () => 1],
  notJson: ['{"role":', '{"email":"x@example.nl","role":"admin"'],
  asText: ['email=x%40example.nl&role=admin', 'role=admin'],
  shares: [0.7, 0.82, 0.9, 0.96],
});

/** One path segment: a staff member's id, another id, or junk (never '.' or '..', which a URL resolves away). */
const pathId = (random: Random) => {
  const id = pick(random, [target.id, admin.id, support.id, 'u1', junkString(random), '%', 'a'.repeat(65)]);
  return /^\.*$/.test(id) ? 'x' : encodeURIComponent(id);
};

describe('generated requests never answer 5xx', () => {
  it('POST /v1/backoffice/staff/invitations', async () => {
    const statuses = await runs('invite', (random) =>
      check(
        'POST',
        '/api/v1/backoffice/staff/invitations',
        random,
        true,
        mix((r) => ({
          email: fieldValue(r, emailValues, [0.5, 0.8, 0.95]),
          role: fieldValue(r, roleValues, [0.5, 0.8, 0.95]),
          ...(chance(r, 0.1) ? { extra: junkValue(r) } : {}),
        })),
      ),
    );
    expect(statuses.get(201)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 120_000);

  it('POST /v1/backoffice/invitations/accept', async () => {
    const statuses = await runs('accept', (random) =>
      check(
        'POST',
        '/api/v1/backoffice/invitations/accept',
        random,
        true,
        mix((r) => ({
          token: fieldValue(
            r,
            { good: ['abc', 'x'.repeat(64)], bad: ['', 'x'.repeat(65), 1], junk: junkValue },
            [0.5, 0.8, 0.95],
          ),
        })),
      ),
    );
    expect(statuses.get(404)).toBeGreaterThan(0);
  }, 120_000);

  it('POST /v1/backoffice/staff/{userId}/role', async () => {
    const statuses = await runs('role', (random) =>
      check(
        'POST',
        `/api/v1/backoffice/staff/${pathId(random)}/role`,
        random,
        true,
        mix((r) => ({ role: fieldValue(r, roleValues, [0.6, 0.85, 0.95]) })),
      ),
    );
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 120_000);

  it('POST /v1/backoffice/staff/{userId}/disable', async () => {
    const statuses = await runs('disable', (random) =>
      check(
        'POST',
        `/api/v1/backoffice/staff/${pathId(random)}/disable`,
        random,
        false,
        mix(() => ({})),
      ),
    );
    expect(statuses.get(404)).toBeGreaterThan(0);
  }, 120_000);

  it('GET /v1/backoffice/audit and /staff and /audit/verify', async () => {
    const query = (random: Random) =>
      Array.from({ length: Math.floor(random() * 4) }, () => {
        const key = pick(random, ['actor', 'action', 'objectType', 'objectId', 'from', 'until', 'before', 'x']);
        const value = pick(random, [
          '2026-01-01',
          '2026-13-45',
          'gisteren',
          '1',
          '0',
          '-5',
          '9999999999999999999',
          'staff.invite',
          admin.id,
          String(junkValue(random)),
          junkString(random),
        ]);
        return `${key}=${encodeURIComponent(value)}`;
      }).join('&');
    const statuses = await runs('reads', (random) => {
      const path = pick(random, ['/audit', '/audit', '/staff', '/audit/verify']);
      return check('GET', `/api/v1/backoffice${path}?${query(random)}`, random, false);
    });
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 120_000);

  it('GET /v1/backoffice/calibration (issue 33)', async () => {
    const statuses = await runs('calibration', (random) =>
      check('GET', `/api/v1/backoffice/calibration?${encodeURIComponent(junkString(random))}=1`, random, false),
    );
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0); // the customer
  }, 120_000);

  it('POST /v1/backoffice/calibration/runs (issue 33)', async () => {
    const statuses = await runs('calibration-runs', (random) =>
      check(
        'POST',
        '/api/v1/backoffice/calibration/runs',
        random,
        false,
        mix(() => ({})),
      ),
    );
    expect(statuses.get(202)).toBeGreaterThan(0);
    expect(statuses.get(401)).toBeGreaterThan(0); // nobody
  }, 120_000);
});
