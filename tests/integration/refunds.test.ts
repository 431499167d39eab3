/**
 * Refunds with credit notes (issue 32): a finance staff member refunds chosen quantities of a paid order's lines
 * (and its shipping) through the payment provider; each accepted refund issues a credit note with the next number
 * of its own gapless series, negative lines at each line's VAT rate, and an audit entry with before and after.
 * Refused: an order not paid, more than is left, nothing chosen; a provider that refuses uses no number.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#app/db/schema/index.ts';
import { listAudit, type StaffActor } from '#app/modules/backoffice/index.server.ts';
import { refundOrder } from '#app/modules/backoffice-orders/index.server.ts';
import { auditQuerySchema } from '#app/modules/backoffice/index.ts';
import { REFUND_MESSAGES, type RefundOrderInput } from '#app/modules/refunds/index.ts';
import { creditNoteFor, orderRefunds, refunds } from '#app/modules/refunds/index.server.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { recordMails } from './accounts.ts';
import { paidOrder } from './refund-orders.ts';
import { newStaff } from './staff.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let actor: StaffActor;

beforeAll(async () => {
  rt = await createTestRuntime({ seed: false, env: { TRUST_PROXY: '1' } });
  const staff = await newStaff(rt, recordMails(rt), 'financien@example.nl', 'finance', '192.0.2.10');
  actor = { userId: staff.id, role: 'finance', email: 'financien@example.nl', name: 'Fleur' };
}, 60_000);
afterAll(() => rt?.close());

const ask = (lines: [number, number][], more: Partial<RefundOrderInput> = {}): RefundOrderInput => ({
  lines: lines.map(([position, quantity]) => ({ position, quantity })),
  shipping: false,
  reason: 'returned',
  note: '',
  ...more,
});
const refund = (number: string, input: RefundOrderInput) => refundOrder(rt.services, actor, number, input);
const sequence = (number: string) => Number(number.split('-')[1]);
/** The last credit note number's sequence this year (0 before the first). */
async function lastSequence(): Promise<number> {
  const rows = await rt.database.db.execute(sql`select coalesce(max(last), 0)::int as last from credit_note_counters`);
  return (rows as unknown as { rows: { last: number }[] }).rows[0]!.last;
}

const BOOKS = [
  { name: 'Slaagbundel Nederlands havo', quantity: 2, unitPriceCents: 2795 },
  { name: 'Slaagbundel Engels havo', quantity: 1, unitPriceCents: 2495 },
];

describe('refunding a paid order', () => {
  it('refunds one unit of a line: a credit note with the negative line at 9 %, the next number, the invoice named', async () => {
    const order = await paidOrder(rt, BOOKS, { discountPercent: 10 });
    const before = await lastSequence();
    const result = await refund(order.number, ask([[0, 1]], { note: 'Eén exemplaar retour' }));
    if (!result.ok) throw new Error(result.message);
    // 2 × 27,95 = 55,90 − 10 % (5,59) = 50,31 paid for two: one is 25,16 (the cents add up over both halves).
    expect(result.value.refund).toMatchObject({ status: 'accepted', amountCents: 2516, shippingCents: 0 });
    const note = result.value.creditNote;
    expect(sequence(note.number)).toBe(before + 1);
    expect(note.number).toMatch(/^CN\d{2}-\d{6}$/);
    expect(note).toMatchObject({
      invoiceNumber: order.number,
      totalCents: -2516,
      vatCents: -208,
      lines: [
        {
          description: 'Slaagbundel Nederlands havo',
          quantity: -1,
          amountCents: -2516,
          vatRatePercent: 9,
          vatCents: -208,
        },
      ],
      vatByRate: [{ rate: 9, baseCents: -2308, vatCents: -208 }],
    });
    expect(result.value.message).toBe(REFUND_MESSAGES.REFUNDED(formatMoney(2516, { full: true }), note.number));
    const again = await creditNoteFor(rt.services, note.number);
    expect(again.ok && again.value).toEqual(note);
    // The money went back through the demo provider.
    const [paid] = await rt.database.db.select().from(payments).where(eq(payments.id, order.paymentId));
    expect(paid?.status).toBe('paid');
    const view = await orderRefunds(rt.services, order.number);
    expect(view.ok && view.value.lines.map((l) => l.refunded)).toEqual([1, 0]);
    expect(view.ok && view.value.leftCents).toBe(order.totalCents - 2516);
  });

  it('refunds an order in parts to the cent, then refuses what is no longer left', async () => {
    const order = await paidOrder(rt, BOOKS, { discountPercent: 10 });
    const parts = [
      await refund(order.number, ask([[0, 1]])),
      await refund(
        order.number,
        ask(
          [
            [0, 1],
            [1, 1],
          ],
          { shipping: true },
        ),
      ),
    ];
    const amounts = parts.map((p) => (p.ok ? p.value.refund.amountCents : 0));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(order.totalCents);
    expect(parts.map((p) => p.ok && p.value.creditNote.lines.map((l) => [l.description, l.quantity]))).toEqual([
      [['Slaagbundel Nederlands havo', -1]],
      [
        ['Slaagbundel Nederlands havo', -1],
        ['Slaagbundel Engels havo', -1],
        ['Verzendkosten', -1],
      ],
    ]);
    const over = await refund(order.number, ask([[0, 1]]));
    expect(over).toMatchObject({
      ok: false,
      reason: 'quantity_left',
      message: REFUND_MESSAGES.QUANTITY_LEFT('Slaagbundel Nederlands havo', 0),
      field: 'lines.0.quantity',
    });
    expect(await refund(order.number, ask([], { shipping: true }))).toMatchObject({
      ok: false,
      reason: 'shipping_refunded',
    });
  });

  it('refuses an order not paid, nothing chosen, an unknown line, more than ordered and more than the payment left', async () => {
    const pending = await paidOrder(rt, BOOKS, { status: 'pending' });
    expect(await refund(pending.number, ask([[0, 1]]))).toMatchObject({
      ok: false,
      reason: 'not_paid',
      message: REFUND_MESSAGES.NOT_PAID,
    });
    expect(await refund('SB26-999999', ask([[0, 1]]))).toMatchObject({ ok: false, reason: 'not_found' });
    const order = await paidOrder(rt, BOOKS);
    expect(await refund(order.number, ask([[0, 0]]))).toMatchObject({
      ok: false,
      reason: 'nothing_chosen',
      message: REFUND_MESSAGES.NOTHING_CHOSEN,
    });
    expect(await refund(order.number, ask([[7, 1]]))).toMatchObject({ ok: false, reason: 'line_unknown' });
    expect(await refund(order.number, ask([[0, 3]]))).toMatchObject({
      ok: false,
      reason: 'quantity_left',
      message: 'Van Slaagbundel Nederlands havo zijn nog 2 stuks terug te betalen.',
    });
    // A payment of less than the order (a part paid elsewhere): no more than the payment is given back.
    await rt.database.db.update(payments).set({ amountCents: 1000 }).where(eq(payments.id, order.paymentId));
    expect(await refund(order.number, ask([[1, 1]]))).toMatchObject({
      ok: false,
      reason: 'payment_left',
      message: REFUND_MESSAGES.PAYMENT_LEFT(formatMoney(1000, { full: true })),
    });
    expect(await rt.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('a provider that refuses or is down: the refund fails, no credit note, no number used; the next one is gapless', async () => {
    const order = await paidOrder(rt, BOOKS);
    const before = await lastSequence();
    const provider = rt.deps.payments;
    rt.deps.payments = {
      ...provider,
      refund: async () => {
        throw new Error('Mollie: 503 Service Unavailable');
      },
    };
    let failed;
    try {
      failed = await refund(order.number, ask([[1, 1]]));
    } finally {
      rt.deps.payments = provider;
    }
    expect(failed).toMatchObject({ ok: false, reason: 'provider_failed', message: REFUND_MESSAGES.PROVIDER_FAILED });
    const rows = await rt.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toMatchObject([{ status: 'failed', error: 'Mollie: 503 Service Unavailable' }]);
    expect(await lastSequence()).toBe(before);
    // The failed refund gave nothing back: the line can be refunded in full, with the next number.
    const ok = await refund(order.number, ask([[1, 1]]));
    expect(ok.ok && sequence(ok.value.creditNote.number)).toBe(before + 1);
  });

  it('an order placed before the rates were stored: its lines are credited at 9 %', async () => {
    const order = await paidOrder(rt, [
      { name: 'Oude bundel', quantity: 1, unitPriceCents: 1090, vatRatePercent: null },
    ]);
    const result = await refund(order.number, ask([[0, 1]]));
    expect(result.ok && result.value.creditNote.lines).toEqual([
      expect.objectContaining({ amountCents: -1090, vatRatePercent: 9, vatCents: -90 }),
    ]);
  });

  it('writes the refund to the audit log with what was refunded before and after', async () => {
    const order = await paidOrder(rt, BOOKS);
    const first = await refund(order.number, ask([[0, 1]]));
    const second = await refund(order.number, ask([[1, 1]], { shipping: true }));
    if (!first.ok || !second.ok) throw new Error('refused');
    const page = await listAudit(rt.services, auditQuerySchema.parse({ objectId: order.number }));
    expect(page.entries.map((e) => [e.action, e.actorUserId, e.actorRole])).toEqual([
      ['order.refund', actor.userId, 'finance'],
      ['order.refund', actor.userId, 'finance'],
    ]);
    expect(page.entries[0]).toMatchObject({
      objectType: 'order',
      before: {
        refundedCents: 2795,
        refundedUnits: { line0: 1 },
        shippingRefunded: false,
        creditNotes: [first.value.creditNote.number],
      },
      after: {
        refundedCents: 2795 + 2495 + 395,
        refundedUnits: { line0: 1, line1: 1 },
        shippingRefunded: true,
        creditNotes: [first.value.creditNote.number, second.value.creditNote.number],
        creditNote: second.value.creditNote.number,
      },
    });
  });
});

describe('credit note numbers under concurrent refunds', () => {
  it('ten refunds of ten orders at once get the next ten numbers: no gaps, no duplicates', async () => {
    const orders = await Promise.all(Array.from({ length: 10 }, () => paidOrder(rt, BOOKS)));
    const before = await lastSequence();
    const results = await Promise.all(orders.map((order) => refund(order.number, ask([[0, 1]]))));
    const numbers = results.map((r) => (r.ok ? sequence(r.value.creditNote.number) : -1));
    expect(numbers.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => before + i + 1));
  });

  it('concurrent refunds of one order never give back more than was paid', async () => {
    const order = await paidOrder(rt, [{ name: 'Bundel', quantity: 3, unitPriceCents: 1000 }], { shippingCents: 0 });
    const results = await Promise.all(Array.from({ length: 5 }, () => refund(order.number, ask([[0, 1]]))));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(['quantity_left', 'quantity_left']);
  });
});
