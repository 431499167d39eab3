/**
 * The back office's orders (issue 32): the filtered list, an order's page with its timeline, and the staff's
 * actions on it — resend the confirmation (with its licence codes), cancel an unpaid order, mark a double
 * payment handled. Each action writes the audit log in the transaction of its change.
 */
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { mailsAbout } from '#app/platform/server/mail.server.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { releaseStock } from '#app/modules/catalog/index.server.ts';
import { calendar } from '#app/modules/planner/index.server.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '#app/modules/shop/index.ts';
import {
  cancelPendingOrder,
  findOrderForStaff,
  markExtraPaymentHandled,
  queueOrderConfirmation,
  searchOrders,
} from '#app/modules/shop/index.server.ts';
import { orderWithCodes } from '#app/modules/licenses/index.server.ts';
import { STAFF_ROLE_LABELS, type StaffRole } from '#app/modules/backoffice/index.ts';
import { listAudit, recordAudit, type StaffActor } from '#app/modules/backoffice/index.server.ts';
import { STAFF_ORDER_MESSAGES } from '../domain/messages.ts';
import type { OrderQuery, StaffOrderRow, StaffOrderView } from '../schemas/orders.ts';

export const ORDER_PAGE_SIZE = 50;

/** Why an action on an order is refused, with the API's status (also the pages' answer). */
export const STAFF_ORDER_REFUSAL_STATUS = {
  order_not_found: 404,
  not_paid: 409,
  not_cancellable: 409,
  payment_running: 409,
  payment_unknown: 404,
  refund_running: 409,
  handled_already: 409,
} as const;
type Reason = keyof typeof STAFF_ORDER_REFUSAL_STATUS;
export interface StaffOrderRefusal {
  reason: Reason;
  message: string;
}
const MESSAGE: Record<Reason, string> = {
  order_not_found: STAFF_ORDER_MESSAGES.NOT_FOUND,
  not_paid: STAFF_ORDER_MESSAGES.NOT_PAID,
  not_cancellable: STAFF_ORDER_MESSAGES.NOT_CANCELLABLE,
  payment_running: STAFF_ORDER_MESSAGES.PAYMENT_RUNNING,
  payment_unknown: STAFF_ORDER_MESSAGES.PAYMENT_UNKNOWN,
  refund_running: STAFF_ORDER_MESSAGES.REFUND_RUNNING,
  handled_already: STAFF_ORDER_MESSAGES.HANDLED_ALREADY,
};
const refusal = (reason: Reason): StaffOrderRefusal => ({ reason, message: MESSAGE[reason] });

/** A calendar day (YYYY-MM-DD) in Amsterdam: the instants it starts and ends (the plan's `calendar`). */
export const dayBounds = (day: string) => calendar(new Date(`${day}T12:00:00Z`));
export const statusLabel = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

/** The shop's filter of the list's query: an address or a number in `q`, days in Amsterdam. */
export function filterOf(query: OrderQuery) {
  const q = query.q;
  return {
    email: q?.includes('@') ? q : undefined,
    number: q && !q.includes('@') ? q : undefined,
    status: query.status,
    method: query.method,
    from: query.from ? dayBounds(query.from).startOfToday : undefined,
    until: query.until ? dayBounds(query.until).endOfToday : undefined,
    flagged: query.flagged === '1',
    before: query.before,
  };
}

/** GET /v1/backoffice/orders, /beheer/bestellingen: newest first, a page at a time (`next`: the next `before`). */
export async function listOrders(
  s: Pick<Scope, 'db'>,
  query: OrderQuery,
): Promise<{ orders: StaffOrderRow[]; next: number | null }> {
  const rows = await searchOrders(s.db, filterOf(query), ORDER_PAGE_SIZE + 1);
  const page = rows.slice(0, ORDER_PAGE_SIZE);
  return {
    orders: page.map((row) => ({
      number: row.number,
      email: row.email,
      status: row.status as OrderStatus,
      statusLabel: statusLabel(row.status),
      totalCents: row.totalCents,
      method: row.method,
      flagged: row.flagged,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    next: rows.length > ORDER_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}

const ACTION_TEXT: Record<string, string> = {
  'order.resend_confirmation': 'stuurde de bevestiging opnieuw',
  'order.cancel': 'annuleerde de bestelling',
  'order.double_payment_handled': 'markeerde een dubbele betaling als afgehandeld',
  'order.refund': 'betaalde terug',
};

/** A staff action as a line of the timeline: what was done, and for a refund how much and on which credit note. */
function actionText(action: string, after: Record<string, unknown> | null): string {
  const text = ACTION_TEXT[action] ?? action;
  if (action !== 'order.refund' || !after) return text;
  const refund = after.refund as { amountCents?: unknown } | undefined;
  const amount = typeof refund?.amountCents === 'number' ? ` ${formatMoney(refund.amountCents, { full: true })}` : '';
  const note = typeof after.creditNote === 'string' ? ` (creditnota ${after.creditNote})` : '';
  return `${text}${amount}${note}`;
}

/** GET /v1/backoffice/orders/{number}, /beheer/bestellingen/{number}: the order and everything that happened to it. */
export async function staffOrder(s: Scope, number: string): Promise<Result<StaffOrderView, StaffOrderRefusal>> {
  const found = await findOrderForStaff(s.db, number);
  if (!found) return refuse(refusal('order_not_found'));
  const { order, lines, events, payments, extraPayments } = found;
  const [view, mails, audit] = await Promise.all([
    orderWithCodes(s, order),
    mailsAbout(s, `order:${order.number}`),
    listAudit(s, { actor: undefined, action: undefined, objectType: 'order', objectId: order.number }),
  ]);
  const timeline: StaffOrderView['timeline'] = [
    {
      at: order.createdAt.toISOString(),
      kind: 'order',
      text: `Bestelling geplaatst: ${formatMoney(order.totalCents)}`,
    },
  ];
  for (const event of events) {
    const from = event.fromStatus ? `${statusLabel(event.fromStatus)} → ` : '';
    timeline.push({
      at: event.createdAt.toISOString(),
      kind: 'status',
      text: `Status ${from}${statusLabel(event.toStatus)} (${event.reason})`,
    });
  }
  for (const payment of payments) {
    const what = `${payment.method ?? 'betaling'} ${formatMoney(payment.amountCents)} bij ${payment.provider} (${payment.id})`;
    timeline.push({ at: payment.createdAt.toISOString(), kind: 'payment', text: `Betaling gestart: ${what}` });
    if (payment.updatedAt.getTime() !== payment.createdAt.getTime() || payment.status !== 'open') {
      timeline.push({
        at: payment.updatedAt.toISOString(),
        kind: 'payment',
        text: `Status van de betaalprovider voor ${payment.id}: ${payment.status}`,
      });
    }
  }
  for (const extra of extraPayments) {
    const amount = formatMoney(extra.amountCents);
    timeline.push({
      at: extra.createdAt.toISOString(),
      kind: 'double_payment',
      text: `Dubbele betaling ${extra.paymentId} (${amount}): terugbetaling ${extra.status}`,
    });
    if (extra.refundedAt) {
      timeline.push({ at: extra.refundedAt.toISOString(), kind: 'double_payment', text: `${amount} teruggestort` });
    }
  }
  if (order.fulfilmentQueuedAt) {
    timeline.push({ at: order.fulfilmentQueuedAt.toISOString(), kind: 'fulfilment', text: 'Levering ingepland' });
  }
  if (order.fulfilledAt) {
    const codes = view.licenseCodes.length;
    timeline.push({
      at: order.fulfilledAt.toISOString(),
      kind: 'fulfilment',
      text: `Toegang gegeven${codes ? ` en ${codes} licentiecode${codes === 1 ? '' : 's'} uitgegeven` : ''}`,
    });
  }
  for (const mail of mails) {
    const text =
      mail.status === 'sent'
        ? `Mail verstuurd naar ${mail.to}: ${mail.subject}`
        : `Mail naar ${mail.to} mislukt: ${mail.subject} (${mail.error ?? 'onbekende fout'})`;
    timeline.push({ at: mail.at.toISOString(), kind: 'mail', text });
  }
  for (const entry of audit.entries) {
    const role = entry.actorRole ? STAFF_ROLE_LABELS[entry.actorRole as StaffRole] : 'opdrachtregel';
    timeline.push({
      at: entry.at,
      kind: 'staff',
      text: `Medewerker (${role}) ${actionText(entry.action, entry.after)}`,
    });
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return ok({
    number: order.number,
    status: order.status as OrderStatus,
    statusLabel: statusLabel(order.status),
    email: order.email,
    name: view.name,
    guest: order.userId === null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    vatCents: order.vatCents,
    lines: lines.map((line) => ({
      position: line.position,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
      discountCents: line.discountCents,
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      method: payment.method,
      status: payment.status,
      amountCents: payment.amountCents,
      createdAt: payment.createdAt.toISOString(),
      updatedAt: payment.updatedAt.toISOString(),
    })),
    doublePayments: extraPayments.map((extra) => ({
      paymentId: extra.paymentId,
      amountCents: extra.amountCents,
      reason: extra.reason,
      refundStatus: extra.status,
      lastError: extra.lastError,
      handledAt: extra.handledAt?.toISOString() ?? null,
      handledNote: extra.handledNote,
    })),
    licenseCodes: view.licenseCodes,
    timeline,
    mayCancel: order.status === 'pending',
  });
}

type Changed = Result<{ order: StaffOrderView; message: string }, StaffOrderRefusal>;

async function answer(s: Scope, number: string, message: string): Promise<Changed> {
  const order = await staffOrder(s, number);
  return order.ok ? ok({ order: order.value, message }) : order;
}

/**
 * POST /v1/backoffice/orders/{number}/resend-confirmation: the paid order's confirmation, with its licence codes,
 * once more, to its own address or to the one the staff member gives.
 */
export async function resendOrderConfirmation(
  s: Scope,
  actor: StaffActor,
  number: string,
  input: { to?: string | undefined },
): Promise<Changed> {
  const found = await findOrderForStaff(s.db, number);
  if (!found) return refuse(refusal('order_not_found'));
  const { order } = found;
  if (order.status !== 'paid') return refuse(refusal('not_paid'));
  const to = input.to ?? order.email;
  const entry = await s.db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'order.resend_confirmation',
      objectType: 'order',
      objectId: order.number,
      before: { email: order.email },
      after: { sentTo: to },
    }),
  );
  // The audit entry's id keys the mail's job: each resend is one mail, also when its request is retried.
  await queueOrderConfirmation(s, order.id, await orderWithCodes(s, order), { key: `resend:${entry.id}`, to });
  return answer(s, order.number, STAFF_ORDER_MESSAGES.RESENT(to));
}

/** POST /v1/backoffice/orders/{number}/cancel: an unpaid order, its stock put back; not while a payment runs. */
export async function cancelOrderByStaff(
  s: Scope,
  actor: StaffActor,
  number: string,
  input: { reason: string },
): Promise<Changed> {
  const found = await findOrderForStaff(s.db, number);
  if (!found) return refuse(refusal('order_not_found'));
  const { order } = found;
  if (order.status !== 'pending') return refuse(refusal('not_cancellable'));
  const outcome = await s.db.transaction(async (tx) => {
    // Any time is past the order's start; a payment the provider is processing holds it (as the cancel job).
    const lines = await cancelPendingOrder(tx, order.id, {
      before: new Date(Date.now() + 60_000),
      holding: ['pending', 'authorized'],
      reason: `staff: ${input.reason}`.slice(0, 500),
    });
    if (!lines) return 'refused' as const;
    for (const line of lines) await releaseStock(tx, line.productId, line.quantity);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'order.cancel',
      objectType: 'order',
      objectId: order.number,
      before: { status: 'pending' },
      after: { status: 'cancelled', reason: input.reason, stockReleased: lines },
    });
    return 'cancelled' as const;
  });
  if (outcome === 'refused') {
    const again = await findOrderForStaff(s.db, number);
    return refuse(refusal(again?.order.status === 'pending' ? 'payment_running' : 'not_cancellable'));
  }
  return answer(s, order.number, STAFF_ORDER_MESSAGES.CANCELLED);
}

/** POST /v1/backoffice/orders/{number}/double-payments/handled: a double payment whose refund ended, looked after. */
export async function markDoublePaymentHandled(
  s: Scope,
  actor: StaffActor,
  number: string,
  input: { paymentId: string; note: string },
): Promise<Changed> {
  const found = await findOrderForStaff(s.db, number);
  if (!found) return refuse(refusal('order_not_found'));
  const { order } = found;
  const outcome = await s.db.transaction(async (tx) => {
    const at = new Date();
    const { before, changed } = await markExtraPaymentHandled(tx, order.id, input.paymentId, {
      userId: actor.userId,
      note: input.note,
      at,
    });
    if (!before) return 'payment_unknown' as const;
    if (before.handledAt) return 'handled_already' as const;
    if (!changed) return 'refund_running' as const;
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'order.double_payment_handled',
      objectType: 'order',
      objectId: order.number,
      before: { paymentId: before.paymentId, refundStatus: before.status, handledAt: null },
      after: {
        paymentId: before.paymentId,
        refundStatus: before.status,
        handledAt: at.toISOString(),
        note: input.note,
      },
    });
    return 'handled' as const;
  });
  if (outcome !== 'handled') return refuse(refusal(outcome));
  return answer(s, order.number, STAFF_ORDER_MESSAGES.HANDLED);
}
