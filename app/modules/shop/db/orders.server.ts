import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { extraPayments, orderEvents, orderLines, orders, payments, type OrderCustomer } from './tables.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ExtraPaymentRow = typeof extraPayments.$inferSelect;

export interface NewOrder {
  userId: string | null;
  email: string;
  customer: OrderCustomer;
  shippingMethod: string;
  newsletter: boolean;
  accessToken: string;
  /** The lines as priced from the reserved products, in the order's order. */
  lines: {
    productId: number;
    sku: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
    discountCents: number;
    vatRatePercent: number;
  }[];
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  vatCents: number;
  numberFor(id: number): string;
}

/**
 * Writes a placed order: the order (its number made from its id), its lines and its first event. Run
 * inside the order workflow's transaction (placeOrder, app/modules/shop/server/orders.server.ts), after
 * the stock was reserved and before the cart is emptied.
 */
export async function insertOrder(tx: Db, input: NewOrder): Promise<OrderRow> {
  const next = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
  )) as unknown as {
    rows: [{ id: number }];
  };
  const id = next.rows[0].id;
  const [order] = await tx
    .insert(orders)
    .values({
      id,
      number: input.numberFor(id),
      accessToken: input.accessToken,
      userId: input.userId,
      email: input.email,
      status: 'pending',
      customer: input.customer,
      shippingMethod: input.shippingMethod,
      subtotalCents: input.subtotalCents,
      discountPercent: input.discountPercent,
      discountCents: input.discountCents,
      shippingCents: input.shippingCents,
      totalCents: input.totalCents,
      vatCents: input.vatCents,
      newsletter: input.newsletter,
    })
    .returning();
  await tx.insert(orderLines).values(input.lines.map((line, position) => ({ ...line, orderId: id, position })));
  await tx
    .insert(orderEvents)
    .values({ orderId: id, fromStatus: null, toStatus: 'pending', reason: 'Bestelling geplaatst' });
  return order!;
}

export async function findOrderByNumber(db: Db, number: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number));
  return row;
}

/** Orders' numbers, addresses and buyers by ids, by number or by address (the back office's code search). */
export async function findOrderContacts(
  db: Db,
  by: { ids: readonly number[] } | { number: string } | { email: string },
) {
  if ('ids' in by && by.ids.length === 0) return [];
  const where =
    'ids' in by
      ? inArray(orders.id, [...by.ids])
      : 'number' in by
        ? eq(orders.number, by.number)
        : sql`lower(${orders.email}) = ${by.email.toLowerCase()}`;
  const columns = { id: orders.id, number: orders.number, email: orders.email, userId: orders.userId };
  return db.select(columns).from(orders).where(where).orderBy(desc(orders.id)).limit(200);
}

export function listOrderLines(db: Db, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

/** A user's orders, newest first. */
export function listUserOrders(db: Db, userId: string, limit = 50): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export function listOrderPayments(db: Db, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
}

export async function insertPayment(db: Db, row: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(row);
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/**
 * Applies a re-fetched payment status in one transaction with the order row
 * locked (FOR UPDATE), so concurrent webhooks for one order run one after
 * the other: `decide` gets the stored payment and order and says what to
 * store; an order transition writes exactly one event. A payment `decide`
 * calls extra (paid, but the order was paid by another or cancelled) is
 * recorded in `extra_payments` in the same transaction. Returns what changed,
 * and the payment's extra-payment record if it has one.
 */
export function applyPaymentUpdate(
  db: Db,
  paymentId: string,
  decide: (current: { payment: PaymentRow; order: OrderRow }) => {
    paymentStatus: string;
    method: string | null;
    orderStatus: string | null;
    reason: string;
    /** Set when this update makes the payment an extra payment: why. */
    extra: 'order_paid' | 'order_cancelled' | null;
  },
): Promise<{
  order: OrderRow;
  paymentChanged: boolean;
  orderChanged: boolean;
  /** The payment's extra-payment record; `created` when this update wrote it. */
  extra: { row: ExtraPaymentRow; created: boolean } | null;
} | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
    if (!found) return null;
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    const decision = decide({ payment: payment!, order: order! });
    const paymentChanged = decision.paymentStatus !== payment!.status;
    if (paymentChanged || (decision.method && decision.method !== payment!.method)) {
      await tx
        .update(payments)
        .set({ status: decision.paymentStatus, method: decision.method ?? payment!.method, updatedAt: sql`now()` })
        .where(eq(payments.id, paymentId));
    }
    let created = false;
    if (decision.extra) {
      const inserted = await tx
        .insert(extraPayments)
        .values({ paymentId, orderId: order!.id, amountCents: payment!.amountCents, reason: decision.extra })
        .onConflictDoNothing()
        .returning({ paymentId: extraPayments.paymentId });
      created = inserted.length > 0;
    }
    const [extraRow] =
      decision.paymentStatus === 'paid'
        ? await tx.select().from(extraPayments).where(eq(extraPayments.paymentId, paymentId))
        : [];
    const extra = extraRow ? { row: extraRow, created } : null;
    if (!decision.orderStatus) return { order: order!, paymentChanged, orderChanged: false, extra };
    const [updated] = await tx
      .update(orders)
      .set({
        status: decision.orderStatus,
        updatedAt: sql`now()`,
        ...(decision.orderStatus === 'paid' ? { paidAt: sql`now()` } : {}),
      })
      .where(eq(orders.id, order!.id))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order!.id,
      fromStatus: order!.status,
      toStatus: decision.orderStatus,
      reason: decision.reason,
    });
    return { order: updated!, paymentChanged, orderChanged: true, extra };
  });
}

/** An extra payment with its order's number (for the refund's description and the reports). */
export async function findExtraPayment(
  db: Db,
  paymentId: string,
): Promise<(ExtraPaymentRow & { orderNumber: string }) | undefined> {
  const [row] = await db
    .select({ extra: extraPayments, orderNumber: orders.number })
    .from(extraPayments)
    .innerJoin(orders, eq(orders.id, extraPayments.orderId))
    .where(eq(extraPayments.paymentId, paymentId));
  return row ? { ...row.extra, orderNumber: row.orderNumber } : undefined;
}

/**
 * Takes an extra payment's refund on: moves it from queued to refunding (one attempt more), or takes
 * over a claim made before `staleBefore` (a run that stopped midway). Only one run gets the row; the
 * others get undefined and leave the refund alone.
 */
export async function claimExtraPaymentRefund(
  db: Db,
  paymentId: string,
  staleBefore: Date,
): Promise<ExtraPaymentRow | undefined> {
  const [row] = await db
    .update(extraPayments)
    .set({
      status: 'refunding',
      claimedAt: sql`now()`,
      attempts: sql`${extraPayments.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(extraPayments.paymentId, paymentId),
        or(
          eq(extraPayments.status, 'queued'),
          and(eq(extraPayments.status, 'refunding'), lt(extraPayments.claimedAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row;
}

/** Ends a claimed refund: refunded (with the provider's refund), back to queued for a retry, or failed. */
export async function finishExtraPaymentRefund(
  db: Db,
  paymentId: string,
  outcome:
    { status: 'refunded'; refundId: string; refundStatus: string } | { status: 'queued' | 'failed'; error: string },
): Promise<ExtraPaymentRow> {
  const [row] = await db
    .update(extraPayments)
    .set(
      outcome.status === 'refunded'
        ? {
            status: 'refunded',
            refundId: outcome.refundId,
            refundStatus: outcome.refundStatus,
            lastError: null,
            refundedAt: sql`now()`,
            updatedAt: sql`now()`,
          }
        : { status: outcome.status, lastError: outcome.error.slice(0, 2000), updatedAt: sql`now()` },
    )
    .where(eq(extraPayments.paymentId, paymentId))
    .returning();
  return row!;
}

/** Extra payments whose refund is queued since before `before` (the housekeeping queues their job again). */
export function listQueuedExtraPayments(db: Db, before: Date, limit = 100): Promise<ExtraPaymentRow[]> {
  return db
    .select()
    .from(extraPayments)
    .where(and(eq(extraPayments.status, 'queued'), lt(extraPayments.updatedAt, before)))
    .orderBy(asc(extraPayments.createdAt))
    .limit(limit);
}

/**
 * The first step of a paid order's follow-up (the fulfilment workflow, app/modules/licenses/server/fulfilment.server.ts):
 * locks the order row (FOR UPDATE) until the transaction `tx` ends, so a second run, at the same time or
 * later, waits and then finds it fulfilled (`fulfilledAt` set). Undefined when the order does not exist or
 * is not paid.
 */
export async function lockPaidOrder(tx: Db, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order?.status === 'paid' ? order : undefined;
}

/** The last step of a paid order's follow-up, in its transaction: the order is fulfilled. */
export async function markOrderFulfilled(tx: Db, orderId: number): Promise<void> {
  await tx
    .update(orders)
    .set({ fulfilledAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** Paid orders not fulfilled, paid before `before`: their follow-up is due again. Oldest first, at most `limit`. */
export function listUnfulfilledPaidOrders(db: Db, before: Date, limit = 500): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'paid'), isNull(orders.fulfilledAt), lt(orders.paidAt, before)))
    .orderBy(asc(orders.paidAt))
    .limit(limit);
}

/** Marks a paid order's follow-up as queued; false when it was queued before (by another webhook). */
export async function markFulfilmentQueued(db: Db, orderId: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ fulfilmentQueuedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.fulfilmentQueuedAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export function listOrderEvents(db: Db, orderId: number) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

/**
 * Pending orders placed before `before` of which no payment was started since: an order and its
 * newest payment attempt are both older than the deadline. Oldest first, at most `limit`.
 */
export function listStaleOrders(db: Db, before: Date, limit = 500): Promise<{ id: number; createdAt: Date }[]> {
  return db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        lt(orders.createdAt, before),
        sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.createdAt} >= ${before.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** Payments of an order that are not final yet: open, pending or authorized. */
export function listUnsettledPayments(db: Db, orderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['open', 'pending', 'authorized'])));
}

/**
 * Cancels one unpaid order inside the cancel workflow's transaction `tx` (cancelStaleOrders puts the stock
 * back in the same transaction): the order row locked and everything checked again under the lock: only
 * while it is pending, was placed before `before`, had no payment started since, and has no payment in one
 * of the `holding` states (a payment the provider is still processing). A payment still `open` does not hold
 * it: past the deadline it was abandoned. Answers the lines whose stock goes back, by product id, or null
 * when it was not cancelled.
 */
export async function cancelPendingOrder(
  tx: Db,
  id: number,
  { before, holding, reason }: { before: Date; holding: readonly string[]; reason: string },
): Promise<{ productId: number; quantity: number }[] | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (order?.status !== 'pending' || order.createdAt >= before) return null;
  const blocking = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, id),
        holding.length > 0
          ? or(gte(payments.createdAt, before), inArray(payments.status, [...holding]))
          : gte(payments.createdAt, before),
      ),
    );
  if (blocking.length > 0) return null; // a payment was started meanwhile, or is still being processed
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.productId));
  await tx
    .update(orders)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(eq(orders.id, id));
  await tx.insert(orderEvents).values({ orderId: id, fromStatus: 'pending', toStatus: 'cancelled', reason });
  return lines.flatMap((line) =>
    line.productId === null ? [] : [{ productId: line.productId, quantity: line.quantity }],
  );
}
