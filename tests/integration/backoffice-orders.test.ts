/**
 * The back office's orders (issue 32): finding an order by number, address, status, method, days and open double
 * payments, page by page; its timeline (payments, fulfilment, mails sent or failed, staff actions); resending its
 * confirmation; cancelling an unpaid order with its stock put back; marking a double payment handled. Each action
 * is in the audit log with the values before and after.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/modules/catalog/db/tables.ts';
import { auditPageSchema } from '#app/modules/backoffice/index.ts';
import { STAFF_ORDER_MESSAGES } from '#app/modules/backoffice-orders/index.ts';
import {
  refundOrder,
  dashboardSchema,
  staffOrderChangedSchema,
  staffOrderEnvelopeSchema,
  staffOrderListSchema,
} from '#app/modules/backoffice-orders/index.server.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { sendMail } from '#app/platform/server/mail.server.ts';
import { recordMails, type Mail } from './accounts.ts';
import { paidOrder } from './refund-orders.ts';
import { answered, apiClient, refused } from './http.ts';
import { insertTestOrder, orderStatusOf } from './orders.ts';
import { newStaff, type Staff } from './staff.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let mails: Mail[];
const call = apiClient(() => rt);
let support: Staff;
let finance: Staff;
let admin: Staff;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  mails = recordMails(rt);
  support = await newStaff(rt, mails, 'support.orders@example.nl', 'support', '192.0.2.201');
  finance = await newStaff(rt, mails, 'finance.orders@example.nl', 'finance', '192.0.2.202');
  admin = await newStaff(rt, mails, 'admin.orders@example.nl', 'admin', '192.0.2.203');
}, 60_000);
afterAll(() => rt.close());

const list = async (who: Staff, query: string) =>
  staffOrderListSchema.parse(await answered(await call(who, 'GET', `/backoffice/orders?${query}`)));
const detail = async (who: Staff, number: string) =>
  staffOrderEnvelopeSchema.parse(await answered(await call(who, 'GET', `/backoffice/orders/${number}`))).order;

describe('finding orders', () => {
  it('by number or address in any case, by status, method and days, newest first, page by page', async () => {
    const { db } = rt.database;
    const day = new Date('2020-03-10T10:00:00Z');
    const made = [];
    for (let i = 0; i < 55; i++) {
      made.push(await insertTestOrder(db, { createdAt: new Date(day.getTime() + i * 60_000), method: 'bancontact' }));
    }
    const other = await insertTestOrder(db, { email: 'Ouder.Jansen@Example.nl', method: 'paypal', status: 'pending' });

    expect((await list(support, `q=${other.number.toLowerCase()}`)).orders.map((o) => o.number)).toEqual([
      other.number,
    ]);
    expect((await list(support, 'q=OUDER.JANSEN@example.NL')).orders).toMatchObject([
      { number: other.number, status: 'pending', statusLabel: 'Wacht op betaling', method: 'paypal' },
    ]);
    expect((await list(support, 'q=ouder.jansen@example.nl&status=paid')).orders).toEqual([]);
    expect((await list(support, 'q=ouder.jansen@example.nl&method=ideal')).orders).toEqual([]);

    // The day in Amsterdam: 55 orders of 10 March 2020, 50 a page, newest first, none twice, none missed.
    const first = await list(finance, 'from=2020-03-10&until=2020-03-10&method=bancontact');
    expect(first.orders).toHaveLength(50);
    expect(first.next).not.toBeNull();
    const second = await list(finance, `from=2020-03-10&until=2020-03-10&method=bancontact&before=${first.next}`);
    expect(second.next).toBeNull();
    expect([...first.orders, ...second.orders].map((o) => o.number)).toEqual(made.map((o) => o.number).reverse());
    expect((await list(finance, 'from=2020-03-11&until=2020-03-12')).orders).toEqual([]);
  });

  it('answers a wrong filter with a Dutch field error, and an unknown order with 404', async () => {
    const res = await call(support, 'GET', '/backoffice/orders?status=betaald&from=10-03-2020');
    const error = await refused(res, 400);
    expect(error.fieldErrors).toMatchObject({
      status: [STAFF_ORDER_MESSAGES.QUERY],
      from: [STAFF_ORDER_MESSAGES.QUERY],
    });
    expect((await refused(await call(support, 'GET', '/backoffice/orders/SB99-999999'), 404)).message).toBe(
      STAFF_ORDER_MESSAGES.NOT_FOUND,
    );
  });
});

describe('an order’s page and the staff’s actions', () => {
  it('resends the confirmation; the mail, a failed attempt and the staff action show in the timeline', async () => {
    const order = await insertTestOrder(rt.database.db, { email: 'koper.resend@example.nl' });
    const before = mails.length;
    const resent = staffOrderChangedSchema.parse(
      await answered(await call(support, 'POST', `/backoffice/orders/${order.number}/resend-confirmation`, {})),
    );
    expect(resent.message).toBe(STAFF_ORDER_MESSAGES.RESENT('koper.resend@example.nl'));
    const mail = mails.slice(before).find((m) => m.to === 'koper.resend@example.nl')!;
    expect(mail.subject).toBe(`Je bestelling ${order.number} is betaald`);

    // The job sends it: logged as sent. A mail server that refuses: logged as failed (and the job retries).
    await sendMail(rt.services, mail);
    const send = rt.deps.mail.send;
    rt.deps.mail.send = () => Promise.reject(new Error('550 mailbox unavailable'));
    await expect(sendMail(rt.services, { ...mail, to: 'weg@example.nl' })).rejects.toThrow('550');
    rt.deps.mail.send = send;

    const timeline = (await detail(support, order.number)).timeline.map((item) => [item.kind, item.text]);
    expect(timeline).toEqual(
      expect.arrayContaining([
        ['order', `Bestelling geplaatst: ${formatMoney(2495)}`],
        ['staff', 'Medewerker (Klantenservice) stuurde de bevestiging opnieuw'],
        ['mail', `Mail verstuurd naar koper.resend@example.nl: Je bestelling ${order.number} is betaald`],
        [
          'mail',
          `Mail naar weg@example.nl mislukt: Je bestelling ${order.number} is betaald (550 mailbox unavailable)`,
        ],
      ]),
    );

    // To another address, and a wrong one refused with the field's Dutch message.
    const bad = await refused(
      await call(support, 'POST', `/backoffice/orders/${order.number}/resend-confirmation`, { to: 'geen-adres' }),
      400,
    );
    expect(bad.fieldErrors).toEqual({ to: [STAFF_ORDER_MESSAGES.EMAIL] });
    await answered(
      await call(support, 'POST', `/backoffice/orders/${order.number}/resend-confirmation`, { to: 'nieuw@example.nl' }),
    );
    expect(mails.at(-1)).toMatchObject({ to: 'nieuw@example.nl', subject: `Je bestelling ${order.number} is betaald` });

    const unpaid = await insertTestOrder(rt.database.db, { status: 'pending' });
    const notPaid = await call(support, 'POST', `/backoffice/orders/${unpaid.number}/resend-confirmation`, {});
    expect((await refused(notPaid, 409)).message).toBe(STAFF_ORDER_MESSAGES.NOT_PAID);
  });

  it('cancels an unpaid order and puts its stock back; a paid one or one being paid is refused', async () => {
    const { db } = rt.database;
    const [product] = await db.select().from(products).limit(1);
    const stock = product!.totalQuantity;
    const order = await insertTestOrder(db, { status: 'pending', productId: product!.id, quantity: 2 });
    const cancelled = staffOrderChangedSchema.parse(
      await answered(
        await call(support, 'POST', `/backoffice/orders/${order.number}/cancel`, { reason: 'Dubbel besteld' }),
      ),
    );
    expect(cancelled.message).toBe(STAFF_ORDER_MESSAGES.CANCELLED);
    expect(cancelled.order).toMatchObject({ status: 'cancelled', mayCancel: false });
    const [after] = await db.select().from(products).where(eq(products.id, product!.id));
    expect(after!.totalQuantity).toBe(stock + 2);

    const again = await call(support, 'POST', `/backoffice/orders/${order.number}/cancel`, { reason: 'Nog eens' });
    expect((await refused(again, 409)).message).toBe(STAFF_ORDER_MESSAGES.NOT_CANCELLABLE);
    const short = await refused(
      await call(support, 'POST', `/backoffice/orders/${order.number}/cancel`, { reason: 'x' }),
      400,
    );
    expect(short.fieldErrors).toEqual({ reason: [STAFF_ORDER_MESSAGES.REASON] });

    const processing = await insertTestOrder(db, { status: 'pending' });
    await db.execute(`update payments set status = 'pending' where order_id = ${processing.id}`);
    const held = await call(support, 'POST', `/backoffice/orders/${processing.number}/cancel`, {
      reason: 'Klant belde',
    });
    expect((await refused(held, 409)).message).toBe(STAFF_ORDER_MESSAGES.PAYMENT_RUNNING);
    expect(await orderStatusOf(db, processing.id)).toBe('pending');

    const audit = auditPageSchema.parse(
      await answered(await call(admin, 'GET', `/backoffice/audit?objectType=order&objectId=${order.number}`)),
    );
    expect(audit.entries).toMatchObject([
      {
        action: 'order.cancel',
        actorUserId: support.id,
        before: { status: 'pending' },
        after: {
          status: 'cancelled',
          reason: 'Dubbel besteld',
          stockReleased: [{ productId: product!.id, quantity: 2 }],
        },
      },
    ]);
  });

  it('marks a double payment handled once its refund ended; it no longer counts as open', async () => {
    const { db } = rt.database;
    const failed = await insertTestOrder(db, { double: 'failed', email: 'dubbel@example.nl' });
    const running = await insertTestOrder(db, { double: 'queued', email: 'dubbel@example.nl' });
    expect((await list(finance, 'q=dubbel@example.nl&flagged=1')).orders.map((o) => o.number)).toEqual([
      running.number,
      failed.number,
    ]);
    const page = await detail(finance, failed.number);
    expect(page.doublePayments).toMatchObject([
      {
        paymentId: failed.extraPaymentId,
        refundStatus: 'failed',
        lastError: 'De betaalprovider weigerde',
        handledAt: null,
      },
    ]);

    const path = (number: string) => `/backoffice/orders/${number}/double-payments/handled`;
    const note = 'Met de hand teruggestort via het Mollie-dashboard.';
    const queued = await call(finance, 'POST', path(running.number), { paymentId: running.extraPaymentId, note });
    expect((await refused(queued, 409)).message).toBe(STAFF_ORDER_MESSAGES.REFUND_RUNNING);
    const elsewhere = await call(finance, 'POST', path(running.number), { paymentId: failed.extraPaymentId, note });
    expect((await refused(elsewhere, 404)).message).toBe(STAFF_ORDER_MESSAGES.PAYMENT_UNKNOWN);

    const handled = staffOrderChangedSchema.parse(
      await answered(await call(finance, 'POST', path(failed.number), { paymentId: failed.extraPaymentId, note })),
    );
    expect(handled.order.doublePayments[0]).toMatchObject({ handledNote: note, handledAt: expect.any(String) });
    const twice = await call(finance, 'POST', path(failed.number), { paymentId: failed.extraPaymentId, note });
    expect((await refused(twice, 409)).message).toBe(STAFF_ORDER_MESSAGES.HANDLED_ALREADY);
    expect((await list(finance, 'q=dubbel@example.nl&flagged=1')).orders.map((o) => o.number)).toEqual([
      running.number,
    ]);

    const audit = auditPageSchema.parse(
      await answered(await call(admin, 'GET', `/backoffice/audit?objectType=order&objectId=${failed.number}`)),
    );
    expect(audit.entries).toMatchObject([
      {
        action: 'order.double_payment_handled',
        before: { paymentId: failed.extraPaymentId, refundStatus: 'failed', handledAt: null },
        after: { paymentId: failed.extraPaymentId, refundStatus: 'failed', note },
      },
    ]);
  });
});

describe('the day', () => {
  it('counts today’s orders and revenue, failed payments, open double payments and failed mails', async () => {
    const day = async () => dashboardSchema.parse(await answered(await call(finance, 'GET', '/backoffice/dashboard')));
    const before = await day();
    const { db } = rt.database;
    await insertTestOrder(db, { quantity: 2 });
    await insertTestOrder(db, { status: 'pending' });
    await insertTestOrder(db, { double: 'failed' });
    const send = rt.deps.mail.send;
    rt.deps.mail.send = () => Promise.reject(new Error('421 try again later'));
    await expect(
      sendMail(rt.services, { to: 'koper@example.nl', subject: 'Je bestelling', text: 'x' }),
    ).rejects.toThrow();
    rt.deps.mail.send = send;
    const after = await day();
    expect(after.orders.placed - before.orders.placed).toBe(3);
    expect(after.orders.paid - before.orders.paid).toBe(2);
    expect(after.orders.revenueCents - before.orders.revenueCents).toBe(3 * 2495);
    expect(after.orders.pending - before.orders.pending).toBe(1);
    expect(after.doublePayments.failed - before.doublePayments.failed).toBe(1);
    expect(after.mails.failed - before.mails.failed).toBe(1);
    expect(after.mails.newest[0]).toMatchObject({ to: 'koper@example.nl', error: '421 try again later' });
    // Content staff see the welcome, not the money.
    const content = await newStaff(rt, mails, 'content.orders@example.nl', 'content', '192.0.2.204');
    await refused(await call(content, 'GET', '/backoffice/dashboard'), 403);
  });
});

describe('the exports for the accountant', () => {
  it('the orders a filter finds, and the credit notes of a period line by line, as CSV for Dutch Excel', async () => {
    const { db } = rt.database;
    await insertTestOrder(db, { email: 'boekhouding@example.nl', quantity: 2 });
    await insertTestOrder(db, { email: 'boekhouding@example.nl', status: 'cancelled' });
    const res = await call(finance, 'GET', '/backoffice/orders.csv?q=boekhouding@example.nl');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
    expect(lines[0]).toBe('bestelnummer;geplaatst (UTC);status;e-mailadres;betaalmethode;totaal;btw;betaald (UTC)');
    expect(lines.slice(1).map((line) => line.split(';').slice(2, 7))).toEqual([
      ['Geannuleerd', 'boekhouding@example.nl', 'ideal', '24,95', '2,06'],
      ['Betaald', 'boekhouding@example.nl', 'ideal', '49,90', '4,12'],
    ]);
    await refused(await call(support, 'GET', '/backoffice/orders.csv'), 403);

    const refundable = (await paidOrder(rt, [{ name: 'Slaagbundel Frans havo', quantity: 2, unitPriceCents: 2795 }]))
      .number;
    const actor = { userId: finance.id, role: 'finance' as const, email: 'finance.orders@example.nl', name: 'F' };
    const refunded = await refundOrder(rt.services, actor, refundable, {
      lines: [{ position: 0, quantity: 1 }],
      shipping: false,
      reason: 'returned',
      note: '',
    });
    if (!refunded.ok) throw new Error(refunded.message);
    // The export's days are Amsterdam days (an hour or two after UTC's midnight it is already tomorrow there).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const notes = await call(finance, 'GET', `/backoffice/credit-notes.csv?from=2020-01-01&until=${today}`);
    const rows = (await notes.text()).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'creditnota;datum (UTC);factuur;klant;regel;artikelnummer;aantal;bedrag incl. btw;btw-tarief;btw',
    );
    const row = rows.find((line) => line.startsWith(refunded.value.creditNote.number))!.split(';');
    expect([row[2], row[4], row[6], row[7], row[8]]).toEqual([
      refundable,
      'Slaagbundel Frans havo',
      '-1',
      '-27,95',
      '9%',
    ]);
    const bad = await refused(await call(finance, 'GET', '/backoffice/credit-notes.csv?from=gisteren'), 400);
    expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(['from', 'until']);
  });
});
