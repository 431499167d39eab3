/**
 * The demo's refund (issue 32): one paid order of the demo buyer with one line refunded by the demo finance
 * member through the demo payment provider, so `npm start` shows a credit note (`/beheer/creditnotas/…`) and the
 * refund page of an order with an earlier refund. The order is written as a paid checkout leaves it (the seed
 * takes no payments through a cart); the refund is made the way the back office makes one (`refundOrder`: the
 * credit note's number, the audit entry). Once: nothing is done when a credit note exists.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { orderLines, orders, payments } from '#app/db/schema/index.ts';
import { users } from '#app/modules/accounts/index.server.ts';
import { refundOrder } from '#app/modules/backoffice-orders/index.server.ts';
import { products } from '#app/modules/catalog/index.server.ts';
import { creditNotes } from '#app/modules/refunds/index.server.ts';
import { createDemoPaymentProvider } from '#app/modules/demo-payments/index.server.ts';
import { percentageOf, VAT_RATE_PERCENT, vatAmount } from '#app/platform/sales.ts';
import { seedScopes } from './seed-scope.ts';

const FINANCE_EMAIL = 'financien@slaagbundel.test';
const BUYER_EMAIL = 'ouder@slaagbundel.test';

/** Answers the credit note's number, or null when the demo refund existed (or the demo finance member does not). */
export async function seedDemoRefund(db: Db): Promise<string | null> {
  const [existing] = await db.select({ id: creditNotes.id }).from(creditNotes).limit(1);
  if (existing) return null;
  const [finance] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, FINANCE_EMAIL));
  if (!finance) return null;
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, BUYER_EMAIL));
  const picked = await db
    .select({ id: products.id, sku: products.sku, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.isOrderable, 'Y'))
    .orderBy(asc(products.id))
    .limit(2);
  if (picked.length < 2) return null;
  // Two of the first and one of the second: 5 % stacking discount on three books (ADR: cartTotal's tiers), shipping.
  const lines = picked.map((product, index) => {
    const quantity = index === 0 ? 2 : 1;
    const lineTotalCents = product.priceCents * quantity;
    return { product, quantity, lineTotalCents, discountCents: percentageOf(lineTotalCents, 5) };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const discountCents = lines.reduce((sum, l) => sum + l.discountCents, 0);
  const shippingCents = 395;
  const totalCents = subtotalCents - discountCents + shippingCents;
  const paidAt = new Date(Date.now() - 3 * 24 * 3600_000);
  const next = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
  )) as unknown as {
    rows: [{ id: number }];
  };
  const id = next.rows[0].id;
  const number = `SB${String(paidAt.getFullYear() % 100).padStart(2, '0')}-${String(id).padStart(6, '0')}`;
  await db.insert(orders).values({
    id,
    number,
    accessToken: randomBytes(18).toString('base64url'),
    userId: buyer?.id ?? null,
    email: BUYER_EMAIL,
    status: 'paid',
    customer: {
      firstName: 'Sanne',
      lastName: 'de Vries',
      email: BUYER_EMAIL,
      billing: { street: 'Oudegracht', houseNumber: '12', postcode: '3511 AB', city: 'Utrecht' },
    },
    shippingMethod: 'postnl',
    subtotalCents,
    discountPercent: 5,
    discountCents,
    shippingCents,
    totalCents,
    vatCents: vatAmount(totalCents),
    createdAt: paidAt,
    paidAt,
    fulfilmentQueuedAt: paidAt,
    fulfilledAt: paidAt,
  });
  await db.insert(orderLines).values(
    lines.map((line, position) => ({
      orderId: id,
      productId: line.product.id,
      sku: line.product.sku,
      name: line.product.name,
      quantity: line.quantity,
      unitPriceCents: line.product.priceCents,
      lineTotalCents: line.lineTotalCents,
      discountCents: line.discountCents,
      position,
      vatRatePercent: VAT_RATE_PERCENT,
    })),
  );
  const demo = createDemoPaymentProvider(db, 'http://localhost');
  const payment = await demo.createPayment({
    amountCents: totalCents,
    description: `Slaagbundel bestelling ${number}`,
    redirectUrl: 'http://localhost/afrekenen/bevestiging',
    webhookUrl: 'http://localhost/api/v1/payments/webhook',
    method: 'ideal',
    metadata: { orderNumber: number },
  });
  await demo.settle(payment.id, 'paid');
  await db.insert(payments).values({
    id: payment.id,
    orderId: id,
    provider: 'demo',
    method: 'ideal',
    status: 'paid',
    amountCents: totalCents,
  });
  const scope = { ...seedScopes(db)(), payments: demo };
  const refunded = await refundOrder(
    scope,
    { userId: finance.id, role: 'finance', email: finance.email, name: finance.name },
    number,
    { lines: [{ position: 1, quantity: 1 }], shipping: false, reason: 'damaged', note: 'Demo: beschadigd ontvangen.' },
  );
  if (!refunded.ok) throw new Error(`The demo refund was refused: ${refunded.message}`);
  return refunded.value.creditNote.number;
}
