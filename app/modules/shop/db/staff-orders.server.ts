/**
 * The back office's reads and writes of orders (issue 32): the filtered list, paged by keyset on the id (ids
 * grow with time), an order with everything that happened to it, and a double payment marked handled.
 */
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import type { PaymentMethod } from '#app/platform/payments.ts';
import type { OrderStatus } from '../domain/orders.ts';
import { extraPayments, orderEvents, orderLines, orders, payments } from './tables.ts';

export interface OrderFilter {
  /** An order number (exact, any case) or an e-mail address (exact, any case). */
  number?: string | undefined;
  email?: string | undefined;
  status?: OrderStatus | undefined;
  method?: PaymentMethod | undefined;
  /** Placed on or after `from`, before `until` (Dates at midnight, Amsterdam). */
  from?: Date | undefined;
  until?: Date | undefined;
  /** Only orders with a double payment nobody marked handled. */
  flagged?: boolean | undefined;
  /** The keyset: orders with a lower id than this one. */
  before?: number | undefined;
}

/** One row of the list: the order, the method of its newest payment, and whether a double payment waits. */
export async function searchOrders(db: Db, filter: OrderFilter, limit: number) {
  const where: SQL[] = [];
  if (filter.number) where.push(eq(orders.number, filter.number.toUpperCase()));
  if (filter.email) where.push(sql`lower(${orders.email}) = ${filter.email.toLowerCase()}`);
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.from) where.push(gte(orders.createdAt, filter.from));
  if (filter.until) where.push(lt(orders.createdAt, filter.until));
  if (filter.before) where.push(lt(orders.id, filter.before));
  if (filter.method) {
    where.push(
      sql`exists (select 1 from ${payments} where ${payments.orderId} = "orders"."id" and ${payments.method} = ${filter.method})`,
    );
  }
  const open = sql`exists (select 1 from ${extraPayments} where ${extraPayments.orderId} = "orders"."id" and ${extraPayments.handledAt} is null)`;
  if (filter.flagged) where.push(open);
  return db
    .select({
      id: orders.id,
      number: orders.number,
      email: orders.email,
      status: orders.status,
      totalCents: orders.totalCents,
      vatCents: orders.vatCents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      method: sql<
        string | null
      >`(select ${payments.method} from ${payments} where ${payments.orderId} = "orders"."id" order by ${payments.createdAt} desc limit 1)`,
      flagged: sql<boolean>`${open}`,
    })
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.id))
    .limit(limit);
}

/** An order with its lines, status changes, payments and double payments: what its back-office page shows. */
export async function findOrderForStaff(db: Db, number: string) {
  const [order] = await db.select().from(orders).where(eq(orders.number, number.toUpperCase()));
  if (!order) return undefined;
  const [lines, events, paid, extra] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(payments.createdAt),
    db.select().from(extraPayments).where(eq(extraPayments.orderId, order.id)).orderBy(extraPayments.createdAt),
  ]);
  return { order, lines, events, payments: paid, extraPayments: extra };
}

/** The open double payments, for the day's dashboard: how many wait, and how many of them failed to refund. */
export async function countOpenExtraPayments(db: Db): Promise<{ open: number; failed: number }> {
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${extraPayments.status} = 'failed'))::int`,
    })
    .from(extraPayments)
    .where(isNull(extraPayments.handledAt));
  return row ?? { open: 0, failed: 0 };
}

/**
 * Marks a double payment handled by a staff member: one whose refund ended (refunded, or failed and refunded by
 * hand). The row as it was, or undefined when it is not the order's, is handled already or its refund still runs.
 */
export async function markExtraPaymentHandled(
  tx: Db,
  orderId: number,
  paymentId: string,
  by: { userId: string; note: string; at: Date },
) {
  const [before] = await tx
    .select()
    .from(extraPayments)
    .where(and(eq(extraPayments.paymentId, paymentId), eq(extraPayments.orderId, orderId)))
    .for('update');
  if (!before || before.handledAt || !['refunded', 'failed'].includes(before.status)) return { before, changed: false };
  await tx
    .update(extraPayments)
    .set({ handledAt: by.at, handledBy: by.userId, handledNote: by.note, updatedAt: by.at })
    .where(and(eq(extraPayments.paymentId, paymentId), inArray(extraPayments.status, ['refunded', 'failed'])));
  return { before, changed: true };
}

/** The day's figures of the back office's dashboard: orders placed and paid in [from, to), payments that failed. */
export async function dayOrderFigures(db: Db, from: Date, to: Date) {
  const [figures] = await db
    .select({
      placed: sql<number>`(count(*) filter (where ${orders.createdAt} >= ${from} and ${orders.createdAt} < ${to}))::int`,
      paid: sql<number>`(count(*) filter (where ${orders.paidAt} >= ${from} and ${orders.paidAt} < ${to}))::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paidAt} >= ${from} and ${orders.paidAt} < ${to}), 0)::int`,
      pending: sql<number>`(count(*) filter (where ${orders.status} = 'pending'))::int`,
    })
    .from(orders)
    .where(sql`${orders.createdAt} >= ${from} or ${orders.paidAt} >= ${from} or ${orders.status} = 'pending'`);
  const [paymentFigures] = await db
    .select({
      failed: sql<number>`(count(*) filter (where ${payments.status} in ('failed', 'canceled', 'expired')))::int`,
      open: sql<number>`(count(*) filter (where ${payments.status} in ('open', 'pending', 'authorized')))::int`,
    })
    .from(payments)
    .where(and(gte(payments.updatedAt, from), lt(payments.updatedAt, to)));
  return { ...figures!, failedPayments: paymentFigures?.failed ?? 0, openPayments: paymentFigures?.open ?? 0 };
}
