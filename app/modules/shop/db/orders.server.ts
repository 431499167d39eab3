import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { cartItems, licenseCodes, orderEvents, orderLines, orders, payments, type OrderCustomer } from './tables.ts';
import { products, subjects } from '#app/modules/catalog/index.server.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** Thrown inside the order transaction when a product cannot be sold as asked; the transaction rolls back. */
export class OutOfStockError extends Error {
  readonly productName: string;
  constructor(productName: string) {
    super(`Out of stock: ${productName}`);
    this.productName = productName;
  }
}

export interface NewOrder {
  userId: string | null;
  cartId: string;
  email: string;
  customer: OrderCustomer;
  shippingMethod: string;
  newsletter: boolean;
  accessToken: string;
  /** Prices the reserved products (read inside the transaction) into the order's amounts. */
  price(lines: { productId: number; sku: string; name: string; quantity: number; priceCents: number }[]): {
    lines: {
      productId: number;
      sku: string;
      name: string;
      quantity: number;
      unitPriceCents: number;
      lineTotalCents: number;
      discountCents: number;
    }[];
    subtotalCents: number;
    discountPercent: number;
    discountCents: number;
    shippingCents: number;
    totalCents: number;
    vatCents: number;
  };
  numberFor(id: number): string;
}

/**
 * Places an order from a cart in one transaction: every product's stock is
 * decremented with a conditional UPDATE (only while enough is in stock and
 * the product is orderable), so concurrent checkouts can never sell more
 * than there is; the amounts are computed from the prices read in that same
 * statement; the order, its lines and its first event are written and the
 * cart is emptied. Any product short of stock throws OutOfStockError and
 * nothing is kept. Returns null for an empty cart.
 */
export function insertOrderFromCart(db: Db, input: NewOrder): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const wanted = await tx
      .select({ productId: cartItems.productId, quantity: cartItems.quantity, name: products.name })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.cartId, input.cartId))
      .orderBy(asc(cartItems.productId)); // a fixed lock order: concurrent orders cannot deadlock
    if (wanted.length === 0) return null;
    const reserved = [];
    for (const line of wanted) {
      const [row] = await tx
        .update(products)
        .set({ totalQuantity: sql`${products.totalQuantity} - ${line.quantity}`, updatedAt: sql`now()` })
        .where(
          and(
            eq(products.id, line.productId),
            eq(products.isOrderable, 'Y'),
            sql`${products.totalQuantity} >= ${line.quantity}`,
          ),
        )
        .returning({ sku: products.sku, name: products.name, priceCents: products.priceCents });
      if (!row) throw new OutOfStockError(line.name);
      reserved.push({ productId: line.productId, quantity: line.quantity, ...row });
    }
    const priced = input.price(reserved);
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
        subtotalCents: priced.subtotalCents,
        discountPercent: priced.discountPercent,
        discountCents: priced.discountCents,
        shippingCents: priced.shippingCents,
        totalCents: priced.totalCents,
        vatCents: priced.vatCents,
        newsletter: input.newsletter,
      })
      .returning();
    await tx.insert(orderLines).values(priced.lines.map((line, position) => ({ ...line, orderId: id, position })));
    await tx
      .insert(orderEvents)
      .values({ orderId: id, fromStatus: null, toStatus: 'pending', reason: 'Bestelling geplaatst' });
    await tx.delete(cartItems).where(eq(cartItems.cartId, input.cartId));
    return order!;
  });
}

export async function findOrderByNumber(db: Db, number: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number));
  return row;
}

export async function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
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
 * store; an order transition writes exactly one event. Returns what changed.
 */
export function applyPaymentUpdate(
  db: Db,
  paymentId: string,
  decide: (current: { payment: PaymentRow; order: OrderRow }) => {
    paymentStatus: string;
    method: string | null;
    orderStatus: string | null;
    reason: string;
  },
): Promise<{ order: OrderRow; paymentChanged: boolean; orderChanged: boolean } | null> {
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
    if (!decision.orderStatus) return { order: order!, paymentChanged, orderChanged: false };
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
    return { order: updated!, paymentChanged, orderChanged: true };
  });
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
 * Cancels unpaid orders placed before `before` and puts their stock back, one
 * order per transaction (locked, re-checked): an order paid meanwhile is left alone.
 */
export async function cancelUnpaidOrders(db: Db, before: Date, reason: string): Promise<number> {
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, before)))
    .limit(500);
  let cancelled = 0;
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (order?.status !== 'pending') return false;
      const open = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, id), inArray(payments.status, ['open', 'pending', 'authorized'])));
      if (open.length > 0) return false; // the buyer may still be paying
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
      for (const line of lines) {
        if (line.productId === null) continue;
        await tx
          .update(products)
          .set({ totalQuantity: sql`${products.totalQuantity} + ${line.quantity}`, updatedAt: sql`now()` })
          .where(eq(products.id, line.productId));
      }
      await tx
        .update(orders)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(eq(orders.id, id));
      await tx.insert(orderEvents).values({ orderId: id, fromStatus: 'pending', toStatus: 'cancelled', reason });
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}

/** The study subject a product unlocks (its subject at its level), if there is one. */
export async function subjectOfProduct(db: Db, productId: number) {
  const [row] = await db
    .select({
      subjectId: subjects.id,
      productType: products.productType,
      subjectName: subjects.name,
      level: subjects.levelName,
    })
    .from(products)
    .innerJoin(subjects, and(eq(subjects.slug, products.subjectSlug), eq(subjects.levelName, products.levelSlug)))
    .where(eq(products.id, productId));
  return row;
}

/** Licence codes issued for an order. */
export function listOrderLicenseCodes(db: Db, orderId: number) {
  return db
    .select({ code: licenseCodes.code, productId: licenseCodes.productId, redeemedAt: licenseCodes.redeemedAt })
    .from(licenseCodes)
    .where(eq(licenseCodes.orderId, orderId))
    .orderBy(asc(licenseCodes.createdAt), asc(licenseCodes.code));
}

export async function insertOrderLicenseCodes(
  db: Db,
  rows: { code: string; productId: number; subjectId: number; orderId: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(licenseCodes).values(rows).onConflictDoNothing();
}
