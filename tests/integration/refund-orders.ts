/**
 * Paid orders for the refund tests (issue 32): written straight to the shop's tables as a paid checkout leaves
 * them (the order paid, its lines with their rate, a paid payment at the demo provider), without a cart.
 */
import { randomBytes } from 'node:crypto';
import { orderLines, orders, payments } from '#app/db/schema/index.ts';
import { createDemoPaymentProvider } from '#app/modules/demo-payments/index.server.ts';
import { percentageOf, vatAmount } from '#app/platform/sales.ts';
import type { TestRuntime } from './test-db.ts';

let made = 0;

export interface PaidOrderLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** Null: a line of an order placed before the rate was stored. */
  vatRatePercent?: number | null;
}

/** A paid order with these lines, `discountPercent` off each line and `shippingCents`; its number and payment. */
export async function paidOrder(
  rt: TestRuntime,
  lines: readonly PaidOrderLine[],
  { discountPercent = 0, shippingCents = 395, status = 'paid' } = {},
): Promise<{ number: string; id: number; paymentId: string; totalCents: number }> {
  made += 1;
  const number = `SB26-${String(800000 + made * 17 + Math.floor(Math.random() * 16)).padStart(6, '0')}`;
  const priced = lines.map((line) => {
    const lineTotalCents = line.unitPriceCents * line.quantity;
    return { ...line, lineTotalCents, discountCents: percentageOf(lineTotalCents, discountPercent) };
  });
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const discountCents = priced.reduce((sum, l) => sum + l.discountCents, 0);
  const totalCents = subtotalCents - discountCents + shippingCents;
  const db = rt.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      number,
      accessToken: randomBytes(18).toString('base64url'),
      email: 'koper@example.nl',
      status,
      customer: {
        firstName: 'Sanne',
        lastName: 'de Vries',
        email: 'koper@example.nl',
        billing: { street: 'Oudegracht', houseNumber: '12', postcode: '3511 AB', city: 'Utrecht' },
      },
      shippingMethod: 'postnl',
      subtotalCents,
      discountPercent,
      discountCents,
      shippingCents,
      totalCents,
      vatCents: vatAmount(totalCents),
      ...(status === 'paid' ? { paidAt: new Date() } : {}),
    })
    .returning();
  await db.insert(orderLines).values(
    priced.map((line, position) => ({
      orderId: order!.id,
      productId: null,
      sku: `SB-TEST-${position}`,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.lineTotalCents,
      discountCents: line.discountCents,
      position,
      vatRatePercent: line.vatRatePercent === undefined ? 9 : line.vatRatePercent,
    })),
  );
  const demo = createDemoPaymentProvider(db, 'http://localhost');
  const payment = await demo.createPayment({
    amountCents: totalCents,
    description: `Slaagbundel bestelling ${number}`,
    redirectUrl: 'http://localhost/afrekenen/bevestiging',
    webhookUrl: 'http://localhost/api/v1/payments/webhook',
    metadata: { orderNumber: number },
  });
  if (status === 'paid') await demo.settle(payment.id, 'paid');
  await db.insert(payments).values({
    id: payment.id,
    orderId: order!.id,
    provider: 'demo',
    method: 'ideal',
    status: status === 'paid' ? 'paid' : 'open',
    amountCents: totalCents,
  });
  return { number, id: order!.id, paymentId: payment.id, totalCents };
}
