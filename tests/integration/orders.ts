/**
 * Orders written straight into the database for the back office's tests (issue 32): what a checkout, its
 * payments and the refund job leave behind, without running them. Numbers `SB99-…`, apart from real ones.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { extraPayments, orderLines, orders, payments } from '#app/modules/shop/db/tables.ts';

let made = 0;

export interface TestOrder {
  id: number;
  number: string;
  email: string;
  /** The double payment's id, when the order has one. */
  extraPaymentId?: string;
}

/** A paid, pending or cancelled order of one line, paid (or started) with `method`; optionally paid twice. */
export async function insertTestOrder(
  db: Db,
  options: {
    status?: 'pending' | 'paid' | 'cancelled';
    email?: string;
    method?: 'ideal' | 'bancontact' | 'creditcard' | 'paypal';
    createdAt?: Date;
    productId?: number | null;
    quantity?: number;
    /** A second paid payment, its refund in this state. */
    double?: 'queued' | 'refunding' | 'refunded' | 'failed';
  } = {},
): Promise<TestOrder> {
  made += 1;
  const status = options.status ?? 'paid';
  const number = `SB99-${String(process.pid % 1000).padStart(3, '0')}${String(made).padStart(4, '0')}`;
  const email = options.email ?? `koper${made}@example.nl`;
  const createdAt = options.createdAt ?? new Date();
  const quantity = options.quantity ?? 1;
  const [order] = await db
    .insert(orders)
    .values({
      number,
      accessToken: `token-${number}`,
      email,
      status,
      customer: {
        firstName: 'Test',
        lastName: `Koper ${made}`,
        email,
        billing: { street: 'Teststraat', houseNumber: '1', postcode: '1234 AB', city: 'Utrecht' },
      },
      shippingMethod: 'post',
      subtotalCents: 2495 * quantity,
      discountPercent: 0,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 2495 * quantity,
      vatCents: 206 * quantity,
      createdAt,
      updatedAt: createdAt,
      paidAt: status === 'paid' ? createdAt : null,
    })
    .returning();
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId: options.productId ?? null,
    sku: 'SB-TEST',
    name: 'Testbundel',
    quantity,
    unitPriceCents: 2495,
    lineTotalCents: 2495 * quantity,
    discountCents: 0,
    position: 0,
  });
  const paymentStatus = status === 'paid' ? 'paid' : status === 'pending' ? 'open' : 'expired';
  await db.insert(payments).values({
    id: `tr_${number}_1`,
    orderId: order!.id,
    provider: 'demo',
    method: options.method ?? 'ideal',
    status: paymentStatus,
    amountCents: 2495 * quantity,
    createdAt,
    updatedAt: createdAt,
  });
  const made_: TestOrder = { id: order!.id, number, email };
  if (options.double) {
    const id = `tr_${number}_2`;
    await db.insert(payments).values({
      id,
      orderId: order!.id,
      provider: 'demo',
      method: options.method ?? 'ideal',
      status: 'paid',
      amountCents: 2495 * quantity,
    });
    await db.insert(extraPayments).values({
      paymentId: id,
      orderId: order!.id,
      amountCents: 2495 * quantity,
      reason: 'order_paid',
      status: options.double,
      ...(options.double === 'failed' ? { lastError: 'De betaalprovider weigerde' } : {}),
      ...(options.double === 'refunded' ? { refundedAt: new Date() } : {}),
    });
    made_.extraPaymentId = id;
  }
  return made_;
}

/** An order's status as stored. */
export async function orderStatusOf(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status;
}
