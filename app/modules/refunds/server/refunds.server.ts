/**
 * Refunds of paid orders with their credit notes (issue 32). A refund is taken on in the database first (the order
 * row locked, status pending, so concurrent refunds of one order take turns and count each other), then the payment
 * provider is called with the refund's id as its idempotency key (a retried call refunds once), then one
 * transaction marks it accepted and issues its credit note with the year's next gapless number. The back office's
 * workflow (app/modules/backoffice/server/refunds.server.ts) runs these steps and writes the audit log in that
 * last transaction. A provider that refuses or cannot be reached: the refund is failed, no number is used.
 */
import type { Db } from '#app/db/client.server.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { ProviderRefund } from '#app/platform/integrations/payments/port.ts';
import {
  findOrderByNumber,
  listOrderLines,
  listOrderPayments,
  lockPaidOrder,
  type OrderRow,
} from '#app/modules/shop/index.server.ts';
import { REFUND_MESSAGES } from '../domain/messages.ts';
import {
  creditNoteNumber,
  planRefund,
  type PaidLine,
  type RefundLinePlan,
  type RefundReason,
} from '../domain/refunds.ts';
import {
  findCreditNote,
  insertCreditNote,
  insertPendingRefund,
  listCreditNoteNumbers,
  listRefundsOfOrder,
  markRefundAccepted,
  markRefundFailed,
  nextCreditNoteSequence,
  type CreditNoteLineRow,
  type CreditNoteRow,
  type RefundRow,
} from '../db/refunds.server.ts';
import type { CreditNoteView, OrderRefundsView, RefundOrderInput, RefundView } from '../schemas/refunds.ts';

/** Why a refund is refused, with the API's status. */
export const REFUND_REFUSAL_STATUS = {
  not_found: 404,
  credit_note_not_found: 404,
  not_paid: 409,
  nothing_chosen: 400,
  line_unknown: 400,
  quantity_left: 409,
  shipping_refunded: 409,
  payment_left: 409,
  provider_failed: 502,
} as const;
type Reason = keyof typeof REFUND_REFUSAL_STATUS;
export interface RefundRefusal<R extends Reason = Reason> {
  reason: R;
  message: string;
  field?: string;
}
const refusal = <R extends Reason>(reason: R, message: string, field?: string): RefundRefusal<R> => ({
  reason,
  message,
  ...(field ? { field } : {}),
});

const money = (cents: number) => formatMoney(cents, { full: true });

const paidLineOf = (line: Awaited<ReturnType<typeof listOrderLines>>[number]): PaidLine => ({
  position: line.position,
  name: line.name,
  sku: line.sku,
  quantity: line.quantity,
  lineTotalCents: line.lineTotalCents,
  discountCents: line.discountCents,
  vatRatePercent: line.vatRatePercent,
});

/** The payment that paid the order: the oldest paid one (a later paid one is an extra payment, refunded apart). */
async function paidPayment(db: Db, orderId: number) {
  const payments = await listOrderPayments(db, orderId);
  return payments.filter((p) => p.status === 'paid').at(-1);
}

type OrderRefundRows = Awaited<ReturnType<typeof listRefundsOfOrder>>;

/** What an order's refunds (pending and accepted; failed ones count for nothing) gave back so far. */
function refundedSoFar(rows: OrderRefundRows, only: 'accepted' | 'counted' = 'counted') {
  const units = new Map<number, number>();
  let cents = 0;
  let shipping = false;
  for (const refund of rows) {
    if (refund.status === 'failed' || (only === 'accepted' && refund.status !== 'accepted')) continue;
    cents += refund.amountCents;
    if (refund.shippingCents > 0) shipping = true;
    for (const line of refund.lines) units.set(line.position, (units.get(line.position) ?? 0) + line.quantity);
  }
  return { units, cents, shipping };
}

/** The audit log's picture of what was refunded of an order (accepted refunds). */
function auditPicture(rows: OrderRefundRows) {
  const so = refundedSoFar(rows, 'accepted');
  return {
    refundedCents: so.cents,
    refundedUnits: Object.fromEntries([...so.units].sort(([a], [b]) => a - b).map(([p, q]) => [`line${p}`, q])),
    shippingRefunded: so.shipping,
    creditNotes: rows.flatMap((r) => (r.creditNoteNumber ? [r.creditNoteNumber] : [])).reverse(),
  };
}

const refundView = (row: OrderRefundRows[number]): RefundView => ({
  id: row.id,
  status: row.status as RefundView['status'],
  amountCents: row.amountCents,
  reason: row.reason as RefundReason,
  note: row.note,
  lines: row.lines.map((l) => ({ position: l.position, quantity: l.quantity, amountCents: l.amountCents })),
  shippingCents: row.shippingCents,
  staffUserId: row.staffUserId,
  providerRefundId: row.providerRefundId,
  creditNoteNumber: row.creditNoteNumber,
  createdAt: row.createdAt.toISOString(),
});

/** The refund page and `GET /v1/backoffice/orders/{number}/refunds`: each line with what is left, the refunds. */
export async function orderRefunds(
  s: Pick<Scope, 'db'>,
  number: string,
): Promise<Result<OrderRefundsView, RefundRefusal<'not_found'>>> {
  const order = await findOrderByNumber(s.db, number);
  if (!order) return refuse(refusal('not_found', REFUND_MESSAGES.ORDER_NOT_FOUND));
  const [lines, payment, rows] = await Promise.all([
    listOrderLines(s.db, order.id),
    paidPayment(s.db, order.id),
    listRefundsOfOrder(s.db, order.id),
  ]);
  const so = refundedSoFar(rows);
  const paidCents = order.status === 'paid' ? (payment?.amountCents ?? 0) : 0;
  return ok({
    orderNumber: order.number,
    status: order.status,
    paidCents,
    leftCents: Math.max(0, paidCents - so.cents),
    shippingCents: order.shippingCents,
    shippingRefunded: so.shipping,
    lines: lines.map((line) => ({
      position: line.position,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      refunded: so.units.get(line.position) ?? 0,
      paidCents: line.lineTotalCents - line.discountCents,
      vatRatePercent: line.vatRatePercent ?? 9,
    })),
    refunds: rows.map(refundView),
  });
}

/** A refund taken on: what the provider is asked next, and the order it is of. */
export interface TakenRefund {
  refund: RefundRow;
  order: Pick<OrderRow, 'id' | 'number'>;
  lines: RefundLinePlan[];
}

/**
 * Step 1: checks the refund against the order as it is, with the order row locked, and takes it on (pending) in
 * the same transaction, so a concurrent refund of the order sees it and what is left shrinks at once.
 */
export async function takeOnRefund(
  s: Pick<Scope, 'db'>,
  staffUserId: string | null,
  number: string,
  input: RefundOrderInput,
): Promise<
  Result<
    TakenRefund,
    RefundRefusal<
      | 'not_found'
      | 'not_paid'
      | 'nothing_chosen'
      | 'line_unknown'
      | 'quantity_left'
      | 'shipping_refunded'
      | 'payment_left'
    >
  >
> {
  const found = await findOrderByNumber(s.db, number);
  if (!found) return refuse(refusal('not_found', REFUND_MESSAGES.ORDER_NOT_FOUND));
  return s.db.transaction(async (tx) => {
    const order = await lockPaidOrder(tx, found.id);
    if (!order) return refuse(refusal('not_paid', REFUND_MESSAGES.NOT_PAID));
    // One after the other: a transaction is one connection, which runs one query at a time (pg 9 refuses more).
    const lines = await listOrderLines(tx, order.id);
    const payment = await paidPayment(tx, order.id);
    const rows = await listRefundsOfOrder(tx, order.id);
    if (!payment) return refuse(refusal('not_paid', REFUND_MESSAGES.NOT_PAID));
    const so = refundedSoFar(rows);
    const ofPayment = refundedSoFar(rows.filter((r) => r.paymentId === payment.id));
    const plan = planRefund({
      lines: lines.map(paidLineOf),
      shippingCents: order.shippingCents,
      refundedUnits: so.units,
      shippingRefunded: so.shipping,
      paymentLeftCents: payment.amountCents - ofPayment.cents,
      ask: input,
    });
    if (!plan.ok) {
      switch (plan.reason) {
        case 'nothing_chosen':
          return refuse(refusal('nothing_chosen', REFUND_MESSAGES.NOTHING_CHOSEN, 'lines'));
        case 'line_unknown':
          return refuse(refusal('line_unknown', REFUND_MESSAGES.LINE_UNKNOWN, `lines.${plan.index}.position`));
        case 'quantity_left':
          return refuse(
            refusal(
              'quantity_left',
              REFUND_MESSAGES.QUANTITY_LEFT(plan.name, plan.left),
              `lines.${plan.index}.quantity`,
            ),
          );
        case 'shipping_refunded':
          return refuse(refusal('shipping_refunded', REFUND_MESSAGES.SHIPPING_REFUNDED, 'shipping'));
        case 'payment_left':
          return refuse(refusal('payment_left', REFUND_MESSAGES.PAYMENT_LEFT(money(plan.leftCents)), 'lines'));
      }
    }
    const refund = await insertPendingRefund(
      tx,
      {
        orderId: order.id,
        paymentId: payment.id,
        amountCents: plan.amountCents,
        shippingCents: plan.shippingCents,
        staffUserId,
        reason: input.reason,
        note: input.note,
      },
      plan.lines.flatMap((line) =>
        line.position === null
          ? []
          : [{ position: line.position, quantity: line.quantity, amountCents: line.amountCents }],
      ),
    );
    return ok({ refund, order: { id: order.id, number: order.number }, lines: plan.lines });
  });
}

/**
 * Step 2: asks the payment provider for the refund, with the refund's id as the idempotency key. A refusal or an
 * outage marks the refund failed (it counts for nothing, no credit note number is used) and is logged.
 */
export async function refundAtProvider(
  s: Pick<Scope, 'db' | 'payments' | 'logger'>,
  taken: TakenRefund,
): Promise<Result<ProviderRefund, RefundRefusal<'provider_failed'>>> {
  try {
    return ok(
      await s.payments.refund({
        paymentId: taken.refund.paymentId,
        amountCents: taken.refund.amountCents,
        description: `Terugbetaling bestelling ${taken.order.number}`,
        idempotencyKey: `slaagbundel-order-refund-${taken.refund.id}`,
        metadata: { orderNumber: taken.order.number },
      }),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await markRefundFailed(s.db, taken.refund.id, message);
    s.logger.warn(
      { event: 'order_refund_failed', order: taken.order.number, refund: taken.refund.id, error: message },
      'order refund: the payment provider refused or could not be reached',
    );
    return refuse(refusal('provider_failed', REFUND_MESSAGES.PROVIDER_FAILED));
  }
}

/**
 * Step 3, in the caller's transaction `tx`: the refund accepted and its credit note issued with the year's next
 * number, negative lines at each line's rate. Answers what was refunded of the order before and after (for the
 * audit log); null when the refund was no longer pending.
 */
export async function issueCreditNote(
  tx: Db,
  taken: TakenRefund,
  provider: ProviderRefund,
): Promise<{
  refund: RefundView;
  creditNote: CreditNoteView;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
} | null> {
  const order = await lockPaidOrder(tx, taken.order.id);
  const found = order ?? (await findOrderByNumber(tx, taken.order.number));
  if (!found) return null;
  const before = auditPicture(await listRefundsOfOrder(tx, found.id));
  const accepted = await markRefundAccepted(tx, taken.refund.id, { refundId: provider.id, status: provider.status });
  if (!accepted) return null;
  const now = new Date();
  const year = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(now));
  const number = creditNoteNumber(year, await nextCreditNoteSequence(tx, year));
  const billing = found.customer.billing;
  const note = await insertCreditNote(
    tx,
    {
      number,
      refundId: taken.refund.id,
      orderId: found.id,
      invoiceNumber: found.number,
      customerName: `${found.customer.firstName} ${found.customer.lastName}`,
      customerEmail: found.email,
      customerAddress: [
        `${billing.street} ${billing.houseNumber}${billing.houseNumberExtension ? ` ${billing.houseNumberExtension}` : ''}`,
        `${billing.postcode} ${billing.city}`,
      ],
      totalCents: -taken.refund.amountCents,
      vatCents: -taken.lines.reduce((sum, line) => sum + line.vatCents, 0),
      issuedAt: now,
    },
    taken.lines.map((line, position) => ({
      position,
      orderLinePosition: line.position,
      description: line.description,
      sku: line.sku,
      quantity: -line.quantity,
      amountCents: -line.amountCents,
      vatRatePercent: line.vatRatePercent,
      vatCents: -line.vatCents,
    })),
  );
  const rows = await listRefundsOfOrder(tx, found.id);
  const row = rows.find((r) => r.id === taken.refund.id)!;
  const after = auditPicture(rows);
  return {
    refund: refundView(row),
    creditNote: creditNoteView({ ...note, lines: (await findCreditNote(tx, { number }))!.lines }),
    before: { orderNumber: found.number, ...before },
    after: {
      orderNumber: found.number,
      ...after,
      refund: { id: row.id, amountCents: row.amountCents, reason: row.reason, providerRefundId: provider.id },
      creditNote: number,
    },
  };
}

function creditNoteView(note: CreditNoteRow & { lines: CreditNoteLineRow[] }): CreditNoteView {
  const rates = new Map<number, number>();
  for (const line of note.lines)
    rates.set(line.vatRatePercent, (rates.get(line.vatRatePercent) ?? 0) + line.amountCents);
  return {
    number: note.number,
    invoiceNumber: note.invoiceNumber,
    issuedAt: note.issuedAt.toISOString(),
    customer: { name: note.customerName, email: note.customerEmail, address: note.customerAddress },
    lines: note.lines.map((line) => ({
      description: line.description,
      sku: line.sku,
      quantity: line.quantity,
      amountCents: line.amountCents,
      vatRatePercent: line.vatRatePercent,
      vatCents: line.vatCents,
    })),
    totalCents: note.totalCents,
    vatCents: note.vatCents,
    vatByRate: [...rates]
      .sort(([a], [b]) => a - b)
      .map(([rate, amount]) => {
        const vat = note.lines.filter((l) => l.vatRatePercent === rate).reduce((sum, l) => sum + l.vatCents, 0);
        return { rate, baseCents: amount - vat, vatCents: vat };
      }),
  };
}

/** `/beheer/creditnotas/:number` and `GET /v1/backoffice/credit-notes/{number}`. */
export async function creditNoteFor(
  s: Pick<Scope, 'db'>,
  number: string,
): Promise<Result<CreditNoteView, RefundRefusal<'credit_note_not_found'>>> {
  const note = await findCreditNote(s.db, { number });
  if (!note) return refuse(refusal('credit_note_not_found', REFUND_MESSAGES.CREDIT_NOTE_NOT_FOUND));
  return ok(creditNoteView(note));
}

/** The buyer's order page: the credit notes of their order (the page checked the order is theirs). */
export async function creditNotesOfOrder(s: Pick<Scope, 'db'>, orderNumber: string): Promise<CreditNoteView[]> {
  const order = await findOrderByNumber(s.db, orderNumber);
  if (!order) return [];
  const numbers = await listCreditNoteNumbers(s.db, order.id);
  const notes = await Promise.all(numbers.map((n) => findCreditNote(s.db, { number: n.number })));
  return notes.flatMap((note) => (note ? [creditNoteView(note)] : []));
}
