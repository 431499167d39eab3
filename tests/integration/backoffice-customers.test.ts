/**
 * Customers in the back office (issue 32, item 5): the search and the customer's page show only what the task
 * needs; support resends a verification mail (not for a verified address), starts a password reset (the mail is in
 * the outbox, the staff member sees no link), exports the same data the customer's own reads answer, and deletes
 * an account on request as the customer's own deletion does (sessions gone, orders kept without the link); a staff
 * account cannot be deleted. Every action is in the audit log with before and after.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { auditPageSchema } from '#app/modules/backoffice/index.ts';
import {
  CUSTOMER_MESSAGES,
  customerAnswerSchema,
  customerExportSchema,
  customerListSchema,
} from '#app/modules/backoffice-customers/index.ts';
import { redeemLicense } from '#app/modules/licenses/index.server.ts';
import { orders } from '#app/modules/shop/index.server.ts';
import { type Caller, recordMails, signedInCaller, storedUser, type Mail } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { codePool, type CodePool } from './license-codes.ts';
import { insertTestOrder, type TestOrder } from './orders.ts';
import { newStaff, type Staff } from './staff.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let mails: Mail[];
const call = apiClient(() => rt);
let admin: Staff;
let support: Staff;
let content: Staff;
let customer: Caller;
let order: TestOrder;
let codes: CodePool;
let redeemed: string;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  mails = recordMails(rt);
  admin = await newStaff(rt, mails, 'klanten-admin@example.nl', 'admin', '192.0.2.71');
  support = await newStaff(rt, mails, 'klanten-support@example.nl', 'support', '192.0.2.72');
  content = await newStaff(rt, mails, 'klanten-content@example.nl', 'content', '192.0.2.73');
  customer = await signedInCaller(rt, mails, 'sanne.klant@example.nl', '192.0.2.74');
  const { db } = rt.database;
  await db.update(users).set({ name: 'Sanne Klantenservice' }).where(eq(users.id, customer.id));
  order = await insertTestOrder(db, { email: 'sanne.klant@example.nl' });
  await db.update(orders).set({ userId: customer.id }).where(eq(orders.id, order.id));
  codes = await codePool(rt, 3, 'KLANT');
  redeemed = codes.next();
  const result = await redeemLicense(rt.services, customer.id, redeemed);
  if (!result.ok) throw new Error(`redeem: ${result.reason}`);
}, 60_000);
afterAll(() => rt.close());

const auditOf = async (objectId: string) =>
  auditPageSchema.parse(await answered(await call(admin, 'GET', `/backoffice/audit?objectId=${objectId}`))).entries;

describe('finding a customer', () => {
  it('by e-mail in any case, by a part of the name and by order number: name, e-mail, role, created, verified', async () => {
    for (const q of ['SANNE.klant@EXAMPLE.nl', 'klantenSERV', order.number.toLowerCase()]) {
      const { customers } = customerListSchema.parse(
        await answered(await call(support, 'GET', `/backoffice/customers?q=${encodeURIComponent(q)}`)),
      );
      expect(customers, q).toHaveLength(1);
      expect(Object.keys(customers[0]!).sort()).toEqual(['createdAt', 'email', 'emailVerified', 'id', 'name', 'role']);
      expect(customers[0]).toMatchObject({
        id: customer.id,
        name: 'Sanne Klantenservice',
        email: 'sanne.klant@example.nl',
        role: 'pupil',
        emailVerified: true,
      });
    }
  });

  it('answers nobody without a search, for one character, or for an address that is only a part', async () => {
    for (const q of ['', 'S', 'sanne.klant@example', 'SB99-0000000']) {
      const { customers } = customerListSchema.parse(
        await answered(await call(support, 'GET', `/backoffice/customers?q=${encodeURIComponent(q)}`)),
      );
      expect(customers, q).toEqual([]);
    }
  });

  it('the page shows orders, codes and access, and no address or phone number', async () => {
    const res = await call(support, 'GET', `/backoffice/customers/${customer.id}`);
    const text = await res.clone().text();
    const { customer: page } = customerAnswerSchema.parse(await answered(res));
    expect(page.orders).toEqual([
      expect.objectContaining({ number: order.number, status: 'paid', statusLabel: expect.any(String) }),
    ]);
    expect(page.licenseCodes).toEqual([
      expect.objectContaining({
        code: redeemed,
        product: codes.productName,
        status: 'redeemed',
        redeemedByCustomer: true,
      }),
    ]);
    expect(page.access).toEqual([expect.objectContaining({ stream: 'full', source: 'license', until: null })]);
    expect(page.staff).toBe(false);
    expect(text).not.toMatch(/Teststraat|1234 AB|Utrecht|phone|billing/);
    await refused(await call(support, 'GET', '/backoffice/customers/onbekend'), 404);
  });
});

describe('support’s actions', () => {
  it('resends the verification mail for an unverified address, never for a verified one', async () => {
    const refusal = await refused(
      await call(support, 'POST', `/backoffice/customers/${customer.id}/verification-mail`, {}),
      409,
    );
    expect(refusal.message).toBe(CUSTOMER_MESSAGES.VERIFIED_ALREADY);
    const unverified = await storedUser(rt.database.db);
    const before = mails.length;
    const answer = await answered(
      await call(support, 'POST', `/backoffice/customers/${unverified}/verification-mail`, {}),
    );
    expect(answer).toEqual({ message: CUSTOMER_MESSAGES.VERIFICATION_SENT(`${unverified}@example.nl`) });
    const sent = mails.slice(before);
    expect(sent).toEqual([
      expect.objectContaining({
        to: `${unverified}@example.nl`,
        subject: expect.stringContaining('Bevestig je e-mailadres'),
      }),
    ]);
    expect(sent[0]!.text).toMatch(/verify-email\?token=/);
    const [entry] = await auditOf(unverified);
    expect(entry).toMatchObject({
      action: 'customer.verification_mail',
      actorUserId: support.id,
      before: { emailVerified: false },
      after: { emailVerified: false, verificationMailQueued: true },
    });
  });

  it('starts a password reset: the customer gets the link, the staff member only a message', async () => {
    const before = mails.length;
    const res = await call(support, 'POST', `/backoffice/customers/${customer.id}/password-reset`, {});
    const text = await res.clone().text();
    expect(await answered(res)).toEqual({ message: CUSTOMER_MESSAGES.RESET_SENT('sanne.klant@example.nl') });
    expect(text).not.toMatch(/token|http/);
    const sent = mails.slice(before);
    expect(sent).toEqual([
      expect.objectContaining({ to: 'sanne.klant@example.nl', subject: expect.stringContaining('Nieuw wachtwoord') }),
    ]);
    expect(sent[0]!.text).toMatch(/reset-password\/[^\s]+/);
    const entries = await auditOf(customer.id);
    expect(entries[0]).toMatchObject({ action: 'customer.password_reset', after: { resetMailRequested: true } });
  });

  it('exports the same data the customer’s own reads answer', async () => {
    const res = await call(support, 'GET', `/backoffice/customers/${customer.id}/export`);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="slaagbundel-klant-/);
    const data = customerExportSchema.parse(await answered(res));
    const me = (await answered(await call(customer, 'GET', '/users/me'))) as { user: Record<string, unknown> };
    expect(data.account).toEqual({ ...me.user, createdAt: expect.any(String) });
    const own = (await answered(await call(customer, 'GET', '/users/me/orders'))) as { orders: unknown[] };
    expect(data.orders).toEqual(own.orders);
    const reviews = (await answered(await call(customer, 'GET', '/users/me/reviews'))) as { reviews: unknown[] };
    expect(data.reviews.reviews).toEqual(reviews.reviews);
    expect(data.licenseCodes).toEqual([expect.objectContaining({ code: redeemed, redeemedByYou: true })]);
    expect(data.studyAccess).toEqual([expect.objectContaining({ stream: 'full', source: 'license' })]);
    const entries = await auditOf(customer.id);
    expect(entries[0]).toMatchObject({ action: 'customer.export', actorUserId: support.id, before: null });
  });

  it('the content role may not see customers', async () => {
    await refused(await call(content, 'GET', `/backoffice/customers/${customer.id}`), 403);
  });
});

describe('deleting an account on request', () => {
  it('asks for a reason and the customer’s own address', async () => {
    const path = `/backoffice/customers/${customer.id}/delete`;
    const noReason = await refused(
      await call(support, 'POST', path, { reason: '', email: 'sanne.klant@example.nl' }),
      400,
    );
    expect(noReason.fieldErrors?.reason).toEqual([CUSTOMER_MESSAGES.REASON]);
    const other = await refused(
      await call(support, 'POST', path, { reason: 'Verzoek per mail', email: 'iemand@example.nl' }),
      400,
    );
    expect(other.fieldErrors?.email).toEqual([CUSTOMER_MESSAGES.EMAIL_MISMATCH]);
  });

  it('refuses a staff member’s account', async () => {
    const refusal = await refused(
      await call(admin, 'POST', `/backoffice/customers/${support.id}/delete`, {
        reason: 'Verzoek per mail',
        email: 'klanten-support@example.nl',
      }),
      409,
    );
    expect(refusal.message).toBe(CUSTOMER_MESSAGES.STAFF_ACCOUNT);
    const page = customerAnswerSchema.parse(
      await answered(await call(admin, 'GET', `/backoffice/customers/${support.id}`)),
    );
    expect(page.customer.staff).toBe(true);
  });

  it('deletes as the customer’s own deletion: signed out, orders kept without the link, audited', async () => {
    const answer = await answered(
      await call(support, 'POST', `/backoffice/customers/${customer.id}/delete`, {
        reason: 'Verzoek van de klant per e-mail',
        email: ' Sanne.Klant@example.nl ',
      }),
    );
    expect(answer).toEqual({ message: CUSTOMER_MESSAGES.DELETED });
    await refused(await call(customer, 'GET', '/users/me'), 401);
    await refused(await call(support, 'GET', `/backoffice/customers/${customer.id}`), 404);
    const { db } = rt.database;
    expect(await db.select().from(users).where(eq(users.id, customer.id))).toEqual([]);
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ number: order.number, userId: null });
    const { customers } = customerListSchema.parse(
      await answered(await call(support, 'GET', `/backoffice/customers?q=${order.number}`)),
    );
    expect(customers).toEqual([]);
    const [entry] = await auditOf(customer.id);
    expect(entry).toMatchObject({
      action: 'customer.delete',
      actorUserId: support.id,
      actorRole: 'support',
      before: { exists: true, orders: [order.number] },
      after: { exists: false, reason: 'Verzoek van de klant per e-mail', ordersKept: [order.number] },
    });
    expect(JSON.stringify(entry)).not.toMatch(/sanne/i);
  });
});
