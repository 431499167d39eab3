/**
 * The back office's reads and writes of orders (issue 32): the filtered list, paged by keyset on the id (ids
 * grow with time), an order with everything that happened to it, and a double payment marked handled.
 */
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
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

/** The filters a list query has: which of them it binds decides its statement. */
const FILTERS = ['number', 'email', 'status', 'from', 'until', 'before', 'method', 'flagged'] as const;
type Shape = Record<(typeof FILTERS)[number], boolean>;

function listQuery(db: Db, shape: Shape, name: string) {
  const where: SQL[] = [];
  const param = (key: string) => sql.placeholder(key);
  if (shape.number) where.push(sql`${orders.number} = ${param('number')}`);
  if (shape.email) where.push(sql`lower(${orders.email}) = ${param('email')}`);
  if (shape.status) where.push(sql`${orders.status} = ${param('status')}`);
  if (shape.from) where.push(sql`${orders.createdAt} >= ${param('from')}::timestamptz`);
  if (shape.until) where.push(sql`${orders.createdAt} < ${param('until')}::timestamptz`);
  if (shape.before) where.push(sql`${orders.id} < ${param('before')}`);
  if (shape.method) {
    where.push(
      sql`exists (select 1 from ${payments} where ${payments.orderId} = "orders"."id" and ${payments.method} = ${param('method')})`,
    );
  }
  const open = sql`exists (select 1 from ${extraPayments} where ${extraPayments.orderId} = "orders"."id" and ${extraPayments.handledAt} is null)`;
  if (shape.flagged) where.push(open);
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
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

/**
 * The list's statements, one per combination of filters, prepared once per database as they are first asked
 * for (ADR 009): the database plans a filtered page once, not at every page (the plan cost as much as the
 * search).
 */
const listQueries = preparedPerDatabase(() => new Map<string, ReturnType<typeof listQuery>>());

/** One row of the list: the order, the method of its newest payment, and whether a double payment waits. */
export async function searchOrders(db: Db, filter: OrderFilter, limit: number) {
  const shape = Object.fromEntries(FILTERS.map((key) => [key, Boolean(filter[key])])) as Shape;
  const key = FILTERS.map((name) => (shape[name] ? '1' : '0')).join('');
  const queries = listQueries(db);
  let query = queries.get(key);
  if (!query) {
    query = listQuery(db, shape, `staff_orders_${key}`);
    queries.set(key, query);
  }
  return query.execute({
    number: filter.number?.toUpperCase(),
    email: filter.email?.toLowerCase(),
    status: filter.status,
    from: filter.from?.toISOString(),
    until: filter.until?.toISOString(),
    before: filter.before,
    method: filter.method,
    limit,
  });
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
