/**
 * The back office (issue 32, ADR 026): the role matrix of every back-office operation (each role, a customer, a
 * teacher and anonymous), two-factor sign-in required, the staff session's 12 hours, inviting staff through the
 * outbox, and the audit log: append-only at the database, chained, verifiable, without forks under concurrency.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#app/modules/accounts/db/tables.ts';
import {
  BACKOFFICE_ACCESS,
  BACKOFFICE_MESSAGES,
  STAFF_ROLES,
  auditPageSchema,
  auditVerifySchema,
  staffListSchema,
  type BackofficeOperation,
  type StaffRole,
} from '#app/modules/backoffice/index.ts';
import { auditLog, recordAudit, staffInvitations, verifyAuditChain } from '#app/modules/backoffice/index.server.ts';
import { refundOrder } from '#app/modules/backoffice-orders/index.server.ts';
import {
  type Caller,
  PASSWORD,
  recordMails,
  sessionCookie,
  signedInCaller,
  storedUser,
  type Mail,
} from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { DEMO_STAFF, seedDemoStaff } from '#server/seed/demo-staff.ts';
import { base32Encode, enableTotp, newStaff, signInWithTotp, totpCode, type Staff } from './staff.ts';
import { createTestRuntime, rowsOf, type TestRuntime } from './test-db.ts';
import { insertTestOrder, type TestOrder } from './orders.ts';
import { paidOrder } from './refund-orders.ts';
import { codePool, type CodePool } from './license-codes.ts';

let rt: TestRuntime;
let mails: Mail[];
const call = apiClient(() => rt);
let clients = 0;
const nextClient = () => `192.0.2.${(clients += 1)}`;

const staff = {} as Record<StaffRole, Staff>;
let customer: Caller;
let teacher: Caller;
/** A staff member the admin's writes act on. */
let target: Staff;
/** The orders the order operations act on: a paid one, unpaid ones to cancel, double payments to mark. */
let matrixOrder: TestOrder;
const unpaidOrders: TestOrder[] = [];
const doublyPaid: TestOrder[] = [];
/** A paid order the refund operations act on, and a credit note of it. */
let refundable: string;
let creditNote: string;
/** Licence codes the code operations act on (one per call), a product and a batch. */
let codes: CodePool;
/** An unverified customer the customer operations act on, and customers to delete (one per call). */
let matrixCustomer: string;
const deletable: string[] = [];

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  mails = recordMails(rt);
  for (const role of STAFF_ROLES) staff[role] = await newStaff(rt, mails, `${role}@example.nl`, role, nextClient());
  target = await newStaff(rt, mails, 'doelwit@example.nl', 'support', nextClient());
  customer = await signedInCaller(rt, mails, 'klant@example.nl', nextClient());
  teacher = await signedInCaller(rt, mails, 'leraar@example.nl', nextClient());
  await rt.database.db.update(users).set({ educationRole: 'teacher' }).where(eq(users.id, teacher.id));
  const { db } = rt.database;
  matrixOrder = await insertTestOrder(db, { email: 'Koper.Matrix@example.nl' });
  for (let i = 0; i < STAFF_ROLES.length + 3; i++) unpaidOrders.push(await insertTestOrder(db, { status: 'pending' }));
  for (let i = 0; i < STAFF_ROLES.length + 3; i++) doublyPaid.push(await insertTestOrder(db, { double: 'refunded' }));
  refundable = (await paidOrder(rt, [{ name: 'Slaagbundel Nederlands havo', quantity: 5, unitPriceCents: 2795 }]))
    .number;
  const actor = { userId: staff.finance.id, role: 'finance' as const, email: 'finance@example.nl', name: 'F' };
  const refunded = await refundOrder(rt.services, actor, refundable, {
    lines: [{ position: 0, quantity: 1 }],
    shipping: false,
    reason: 'goodwill',
    note: '',
  });
  if (!refunded.ok) throw new Error(refunded.message);
  creditNote = refunded.value.creditNote.number;
  codes = await codePool(rt, 60);
  matrixCustomer = await storedUser(db);
  for (let i = 0; i < STAFF_ROLES.length + 3; i++) deletable.push(await storedUser(db));
  for (let i = 0; i < STAFF_ROLES.length + 3; i++) {
    const proposed = (await answered(
      await call(staff.content, 'POST', '/backoffice/exam-data/n-terms', nTermBody(2050 + i)),
      201,
    )) as { change: { id: number } };
    pendingChanges.push(proposed.change.id);
  }
  for (let i = 0; i < STAFF_ROLES.length + 3; i++) {
    const uploaded = (await answered(
      await call(staff.content, 'POST', '/backoffice/study-content/drafts', { text: STUDY_FILE }),
      201,
    )) as { draft: { id: number } };
    studyDrafts.push(uploaded.draft.id);
  }
}, 60_000);
afterAll(() => rt.close());

/** An N-term of Wiskunde B havo in `year`, as the back office proposes one. */
const nTermBody = (year: number) => ({
  subject: 'wiskunde-b',
  level: 'havo',
  year,
  tijdvak: 1,
  n: 1.1,
  maxScore: 78,
  source: 'https://www.examenblad.nl/normering',
  note: 'Rolmatrix.',
});
let nTermYears = 0;
/** Pending changes, one for each call of decideExamData (every role's, an outsider's and anonymous). */
const pendingChanges: number[] = [];
/** A subject's study file (havo geschiedenis), and drafts of it, one for each call of publishStudyContent. */
const STUDY_FILE = readFileSync('tests/support/study/havo-geschiedenis.json', 'utf8');
const studyDrafts: number[] = [];

/** Every operation of the API with a call that succeeds for a role that may (the target's role flips back). */
const OPERATIONS: Record<
  Exclude<BackofficeOperation, 'home'>,
  { method: string; path: () => string; body?: () => unknown; ok: number }
> = {
  listStaff: { method: 'GET', path: () => '/backoffice/staff', ok: 200 },
  inviteStaff: {
    method: 'POST',
    path: () => '/backoffice/staff/invitations',
    body: () => ({ email: `nieuw-${clients}@example.nl`, role: 'content' }),
    ok: 201,
  },
  changeStaffRole: {
    method: 'POST',
    path: () => `/backoffice/staff/${target.id}/role`,
    body: () => ({ role: 'finance' }),
    ok: 200,
  },
  disableStaff: { method: 'POST', path: () => `/backoffice/staff/${target.id}/disable`, ok: 200 },
  listAudit: { method: 'GET', path: () => '/backoffice/audit?action=staff.change_role', ok: 200 },
  verifyAudit: { method: 'GET', path: () => '/backoffice/audit/verify', ok: 200 },
  dayDashboard: { method: 'GET', path: () => '/backoffice/dashboard', ok: 200 },
  exportOrders: { method: 'GET', path: () => '/backoffice/orders.csv?q=koper.matrix@example.nl', ok: 200 },
  exportCreditNotes: {
    method: 'GET',
    path: () => '/backoffice/credit-notes.csv?from=2026-01-01&until=2099-12-31',
    ok: 200,
  },
  listOrders: { method: 'GET', path: () => '/backoffice/orders?q=koper.matrix@example.nl', ok: 200 },
  viewOrder: { method: 'GET', path: () => `/backoffice/orders/${matrixOrder.number}`, ok: 200 },
  resendOrderMail: {
    method: 'POST',
    path: () => `/backoffice/orders/${matrixOrder.number}/resend-confirmation`,
    body: () => ({}),
    ok: 200,
  },
  cancelOrder: {
    method: 'POST',
    path: () => `/backoffice/orders/${unpaidOrders.shift()!.number}/cancel`,
    body: () => ({ reason: 'De klant belde: bestelling dubbel geplaatst.' }),
    ok: 200,
  },
  markDoublePaymentHandled: {
    method: 'POST',
    path: () => `/backoffice/orders/${doublyPaid[0]!.number}/double-payments/handled`,
    body: () => {
      const order = doublyPaid.shift()!;
      doublyPaid.push(order);
      return { paymentId: order.extraPaymentId, note: 'Teruggestort, gecontroleerd in Mollie.' };
    },
    ok: 200,
  },
  listRefunds: { method: 'GET', path: () => `/backoffice/orders/${refundable}/refunds`, ok: 200 },
  refundOrder: {
    method: 'POST',
    path: () => `/backoffice/orders/${refundable}/refunds`,
    body: () => ({ lines: [{ position: 0, quantity: 1 }], reason: 'returned' }),
    ok: 201,
  },
  viewCreditNote: { method: 'GET', path: () => `/backoffice/credit-notes/${creditNote}`, ok: 200 },
  listLicenseCodes: { method: 'GET', path: () => '/backoffice/license-codes', ok: 200 },
  exportLicenseCodes: { method: 'GET', path: () => `/backoffice/license-codes.csv?q=${codes.first}`, ok: 200 },
  showLicenseCode: { method: 'GET', path: () => `/backoffice/license-codes/${codes.first}`, ok: 200 },
  revokeLicenseCode: {
    method: 'POST',
    path: () => `/backoffice/license-codes/${codes.next()}/revoke`,
    body: () => ({ reason: 'Rolmatrix' }),
    ok: 200,
  },
  reissueLicenseCode: {
    method: 'POST',
    path: () => `/backoffice/license-codes/${codes.next()}/reissue`,
    body: () => ({ reason: 'Rolmatrix' }),
    ok: 200,
  },
  listLicenseCodeBatches: { method: 'GET', path: () => '/backoffice/license-code-batches', ok: 200 },
  createLicenseCodeBatch: {
    method: 'POST',
    path: () => '/backoffice/license-code-batches',
    body: () => ({ label: 'Rolmatrix', productId: codes.productId, kind: 'print', count: 2 }),
    ok: 201,
  },
  exportLicenseCodeBatch: {
    method: 'GET',
    path: () => `/backoffice/license-code-batches/${codes.batchId}/codes.csv`,
    ok: 200,
  },
  listStock: { method: 'GET', path: () => `/backoffice/stock/${codes.productId}/changes`, ok: 200 },
  adjustStock: {
    method: 'POST',
    path: () => `/backoffice/stock/${codes.productId}/adjustments`,
    body: () => ({ delta: 1, reason: 'Rolmatrix' }),
    ok: 200,
  },
  listCustomers: { method: 'GET', path: () => `/backoffice/customers?q=${matrixCustomer}@example.nl`, ok: 200 },
  viewCustomer: { method: 'GET', path: () => `/backoffice/customers/${matrixCustomer}`, ok: 200 },
  resendVerification: {
    method: 'POST',
    path: () => `/backoffice/customers/${matrixCustomer}/verification-mail`,
    body: () => ({}),
    ok: 200,
  },
  startPasswordReset: {
    method: 'POST',
    path: () => `/backoffice/customers/${matrixCustomer}/password-reset`,
    body: () => ({}),
    ok: 200,
  },
  exportCustomer: { method: 'GET', path: () => `/backoffice/customers/${matrixCustomer}/export`, ok: 200 },
  viewCalibration: { method: 'GET', path: () => '/backoffice/calibration', ok: 200 },
  listExamData: { method: 'GET', path: () => '/backoffice/exam-data', ok: 200 },
  proposeExamData: {
    method: 'POST',
    path: () => '/backoffice/exam-data/n-terms',
    body: () => nTermBody(2000 + nTermYears++),
    ok: 201,
  },
  decideExamData: {
    method: 'POST',
    path: () => `/backoffice/exam-data/changes/${pendingChanges.shift()!}/reject`,
    body: () => ({ reason: 'Rolmatrix: afgewezen.' }),
    ok: 200,
  },
  runCalibration: { method: 'POST', path: () => '/backoffice/calibration/runs', ok: 202 },
  listStudyContent: { method: 'GET', path: () => '/backoffice/study-content', ok: 200 },
  uploadStudyContent: {
    method: 'POST',
    path: () => '/backoffice/study-content/drafts',
    body: () => ({ text: STUDY_FILE }),
    ok: 201,
  },
  publishStudyContent: {
    method: 'POST',
    path: () => `/backoffice/study-content/drafts/${studyDrafts.shift()!}/publish`,
    ok: 200,
  },
  deleteCustomer: {
    method: 'POST',
    path: () => `/backoffice/customers/${deletable[0]!}/delete`,
    body: () => {
      const id = deletable.shift()!;
      return { reason: 'Verzoek van de klant (rolmatrix).', email: `${id}@example.nl` };
    },
    ok: 200,
  },
};

describe('the role matrix', () => {
  // disableStaff last: it blocks the target.
  const order = (Object.keys(OPERATIONS) as (keyof typeof OPERATIONS)[]).sort(
    (a, b) => Number(a === 'disableStaff') - Number(b === 'disableStaff'),
  );
  for (const operation of order) {
    it(`${operation}: only ${BACKOFFICE_ACCESS[operation].join(', ')}; a customer and a teacher get 404, anonymous 401`, async () => {
      const { method, path, body, ok } = OPERATIONS[operation];
      const send = (who: Caller | null) => call(who, method, path(), body?.());
      for (const role of STAFF_ROLES) {
        const res = await send(staff[role]);
        if ((BACKOFFICE_ACCESS[operation] as readonly string[]).includes(role)) {
          if (res.headers.get('content-type')?.startsWith('text/csv')) expect(res.status).toBe(ok);
          else await answered(res, ok);
        } else {
          expect((await refused(res, 403)).message).toBe(BACKOFFICE_MESSAGES.FORBIDDEN);
        }
      }
      for (const outsider of [customer, teacher]) expect((await refused(await send(outsider), 404)).status).toBe(404);
      expect((await refused(await send(null), 401)).error).toBe('unauthorized');
    });
  }

  it('the admin’s writes are in the audit log with before and after', async () => {
    const page = auditPageSchema.parse(
      await answered(await call(staff.admin, 'GET', `/backoffice/audit?objectId=${target.id}`)),
    );
    expect(page.entries.map((e) => [e.action, e.before, e.after?.role ?? e.after?.disabledAt !== undefined])).toEqual([
      ['staff.disable', { disabledAt: null }, true],
      ['staff.change_role', { role: 'support' }, 'finance'],
      ['staff.create', null, 'support'],
    ]);
    expect(page.entries.every((e) => e.actorUserId === staff.admin.id || e.action === 'staff.create')).toBe(true);
    const list = staffListSchema.parse(await answered(await call(staff.admin, 'GET', '/backoffice/staff'))).staff;
    expect(list.find((m) => m.userId === target.id)).toMatchObject({ role: 'finance', disabledAt: expect.any(String) });
    // Blocked: the back office answers them as it answers a customer.
    await refused(await call(target, 'GET', '/backoffice/audit/verify'), 404);
  });

  it('a role taken away or a block counts at the next request, though the guard keeps the staff row', async () => {
    const member = await newStaff(rt, mails, 'wisselend@example.nl', 'support', nextClient());
    const list = () => call(member, 'GET', '/backoffice/orders');
    await answered(await list(), 200);
    await answered(await list(), 200);
    await answered(await call(staff.admin, 'POST', `/backoffice/staff/${member.id}/role`, { role: 'content' }), 200);
    expect((await refused(await list(), 403)).message).toBe(BACKOFFICE_MESSAGES.FORBIDDEN);
    await answered(await call(staff.admin, 'POST', `/backoffice/staff/${member.id}/role`, { role: 'finance' }), 200);
    await answered(await list(), 200);
    await answered(await call(staff.admin, 'POST', `/backoffice/staff/${member.id}/disable`), 200);
    await refused(await list(), 404);
  });

  it('refuses an admin’s change of their own role', async () => {
    const res = await call(staff.admin, 'POST', `/backoffice/staff/${staff.admin.id}/role`, { role: 'support' });
    expect((await refused(res, 409)).message).toBe(BACKOFFICE_MESSAGES.OWN_ACCOUNT);
  });
});

describe('two-factor sign-in', () => {
  it('a staff member with TOTP on gets no session from the password alone, only after a right code', async () => {
    const client = nextClient();
    const wrong = await call({ client }, 'POST', '/auth/sign-in/email', {
      email: 'admin@example.nl',
      password: PASSWORD,
    });
    expect(sessionCookie(wrong) ?? 'none=').toMatch(/=$/);
    const pending = wrong.headers
      .getSetCookie()
      .find((c) => c.startsWith('slaagbundel.two_factor='))!
      .split(';')[0]!;
    const code = totpCode(staff.admin.secret);
    const bad = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refusedCode = await call({ client, cookie: pending }, 'POST', '/auth/two-factor/verify-totp', { code: bad });
    expect(refusedCode.status).toBe(401);
    expect(sessionCookie(refusedCode) ?? 'none=').toMatch(/=$/);
    const { cookie } = await signInWithTotp(rt, 'admin@example.nl', staff.admin.secret, nextClient());
    await answered(await call({ cookie, client: nextClient() }, 'GET', '/backoffice/audit/verify'));
  });

  it('staff without TOTP set up, or a session that did not pass it, get 403 with the Dutch message', async () => {
    const fresh = await signedInCaller(rt, mails, 'zonder-2fa@example.nl', nextClient());
    const { makeStaffMember } = await import('#app/modules/backoffice/index.server.ts');
    await makeStaffMember(rt.database.db, fresh.id, 'admin');
    // A second session from the password alone, before TOTP is switched on.
    const other = sessionCookie(
      await call({ client: nextClient() }, 'POST', '/auth/sign-in/email', {
        email: 'zonder-2fa@example.nl',
        password: PASSWORD,
      }),
    )!;
    expect((await refused(await call(fresh, 'GET', '/backoffice/staff'), 403)).message).toBe(
      BACKOFFICE_MESSAGES.TWO_FACTOR_REQUIRED,
    );
    const enabled = await enableTotp(rt, fresh);
    await answered(await call(enabled, 'GET', '/backoffice/staff'));
    const res = await call({ cookie: other, client: nextClient() }, 'GET', '/backoffice/staff');
    expect((await refused(res, 403)).message).toBe(BACKOFFICE_MESSAGES.TWO_FACTOR_REQUIRED);
  });

  it('the demo staff sign in with the seed’s fixed secrets, one per role', async () => {
    const { secret } = await rt.deps.auth!.$context;
    expect(await seedDemoStaff(rt.database.db, secret, PASSWORD)).toBe(4);
    expect(await seedDemoStaff(rt.database.db, secret, PASSWORD)).toBe(0);
    for (const member of DEMO_STAFF) {
      const { cookie } = await signInWithTotp(
        rt,
        member.email,
        base32Encode(Buffer.from(member.totpSecret)),
        nextClient(),
      );
      const res = await call({ cookie, client: nextClient() }, 'GET', '/backoffice/staff');
      if (member.role === 'admin') await answered(res);
      else await refused(res, 403);
    }
  });

  it('a staff session serves the back office for 12 hours from sign-in', async () => {
    const { cookie } = await signInWithTotp(rt, 'finance@example.nl', staff.finance.secret, nextClient());
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    await rt.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 13 * 3600_000) })
      .where(eq(sessions.token, token));
    await refused(await call({ cookie, client: nextClient() }, 'GET', '/backoffice/audit/verify'), 401);
  });
});

describe('invitations', () => {
  it('an admin invites by e-mail with a role; the invitee accepts and must set up TOTP first', async () => {
    const email = 'nieuwe-collega@example.nl';
    const invited = await call(staff.admin, 'POST', '/backoffice/staff/invitations', { email, role: 'support' });
    expect(await answered(invited, 201)).toMatchObject({ invitation: { email, role: 'support' } });
    const mail = mails.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe('Uitnodiging voor de beheeromgeving van Slaagbundel');
    const token = /\/beheer\/uitnodiging\/([\w-]+)/.exec(mail.text)![1]!;
    // Kept only as its hash.
    const stored = await rt.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBeCloseTo(7 * 24 * 3600_000, -4);

    const someoneElse = await signedInCaller(rt, mails, 'iemand-anders@example.nl', nextClient());
    await refused(await call(someoneElse, 'POST', '/backoffice/invitations/accept', { token }), 409);

    const invitee = await signedInCaller(rt, mails, email, nextClient());
    await answered(await call(invitee, 'POST', '/backoffice/invitations/accept', { token }));
    expect((await refused(await call(invitee, 'GET', '/backoffice/staff'), 403)).message).toBe(
      BACKOFFICE_MESSAGES.TWO_FACTOR_REQUIRED,
    );
    // Once only.
    await refused(await call(invitee, 'POST', '/backoffice/invitations/accept', { token }), 404);
    const ready = await enableTotp(rt, invitee);
    // A support member: no staff list.
    expect((await refused(await call(ready, 'GET', '/backoffice/staff'), 403)).message).toBe(
      BACKOFFICE_MESSAGES.FORBIDDEN,
    );
    const log = auditPageSchema.parse(
      await answered(await call(staff.admin, 'GET', `/backoffice/audit?actor=${invitee.id}`)),
    );
    expect(log.entries.map((e) => e.action)).toEqual(['staff.accept_invitation']);
  });

  it('an invitation without a role is refused by the schema and by the database', async () => {
    const res = await call(staff.admin, 'POST', '/backoffice/staff/invitations', { email: 'x@example.nl' });
    expect((await refused(res, 400)).fieldErrors?.role).toEqual([BACKOFFICE_MESSAGES.ROLE]);
    const bad = await call(staff.admin, 'POST', '/backoffice/staff/invitations', {
      email: 'x@example.nl',
      role: 'god',
    });
    expect((await refused(bad, 400)).fieldErrors?.role).toEqual([BACKOFFICE_MESSAGES.ROLE]);
    const values = { email: 'x@example.nl', tokenHash: 'a'.repeat(64), expiresAt: new Date() };
    await expect(
      rt.database.db.execute(
        sql`insert into staff_invitations (email, token_hash, expires_at) values (${values.email}, ${values.tokenHash}, now())`,
      ),
    ).rejects.toThrow();
    await expect(
      rt.database.db.execute(
        sql`insert into staff_invitations (email, role, token_hash, expires_at) values ('x@example.nl', 'god', 'b', now())`,
      ),
    ).rejects.toThrow();
  });
});

describe('the audit log', () => {
  const db = () => rt.database.db;

  it('refuses UPDATE, DELETE and TRUNCATE at the database', async () => {
    const [row] = await db().select({ id: auditLog.id }).from(auditLog).limit(1);
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    expect(await refusal(db().execute(sql`update audit_log set action = 'x' where id = ${row!.id}`))).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(db().execute(sql`delete from audit_log where id = ${row!.id}`))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(db().execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
  });

  it('concurrent writers make one chain without forks', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db().transaction((tx) =>
          recordAudit(tx, {
            actorUserId: null,
            actorRole: null,
            action: 'test.concurrent',
            objectType: 'test',
            objectId: String(i),
            before: null,
            after: { i, nested: { b: 2, a: [1, 'twee'] } },
          }),
        ),
      ),
    );
    const forks = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from (select prev_hash from audit_log group by prev_hash having count(*) > 1) f`,
    );
    expect(forks[0]!.n).toBe(0);
    const verified = auditVerifySchema.parse(
      await answered(await call(staff.admin, 'GET', '/backoffice/audit/verify')),
    );
    expect(verified).toMatchObject({ ok: true, brokenAt: null });
    expect(verified.checked).toBeGreaterThanOrEqual(40);
  });

  it('pages by keyset and filters by day', async () => {
    const first = auditPageSchema.parse(await answered(await call(staff.admin, 'GET', '/backoffice/audit')));
    expect(first.entries).toHaveLength(50);
    const ids = first.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = auditPageSchema.parse(
      await answered(await call(staff.admin, 'GET', `/backoffice/audit?before=${first.next}`)),
    );
    expect(second.entries[0]!.id).toBeLessThan(ids.at(-1)!);
    const none = auditPageSchema.parse(
      await answered(await call(staff.admin, 'GET', '/backoffice/audit?until=2000-01-01')),
    );
    expect(none.entries).toEqual([]);
    await refused(await call(staff.admin, 'GET', '/backoffice/audit?from=gisteren'), 400);
  });

  it('verify names the first edited entry when a superuser disabled the trigger to change it', async () => {
    const [row] = await db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'test.concurrent'))
      .limit(1);
    await db().execute(sql`alter table audit_log disable trigger audit_log_no_change`);
    try {
      await db().execute(sql`update audit_log set after = '{"i": 999}'::jsonb where id = ${row!.id}`);
    } finally {
      await db().execute(sql`alter table audit_log enable trigger audit_log_no_change`);
    }
    expect(await verifyAuditChain({ db: db() })).toMatchObject({ ok: false, brokenAt: row!.id, reason: 'hash' });
  });
});
