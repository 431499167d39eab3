/**
 * Demo licence codes for the back office (issue 32, item 3): a small printed batch, and a guest's paid order whose
 * codes were mailed, one of them revoked and reissued by the demo support member, with its history. Once: a
 * database that has them keeps them. The order's address finds them on /beheer/codes (the e2e test reissues one).
 */
import type { Db } from '#app/db/client.server.ts';
import { findProductsBySkus, findProductSubjects } from '#app/modules/catalog/index.server.ts';
import { orderLines, orders, payments } from '#app/db/schema/index.ts';
import {
  findCode,
  insertBatch,
  insertCodeEvents,
  insertCodes,
  markCodeRevoked,
} from '#app/modules/licenses/index.server.ts';
import { findPersonByEmail } from '#app/modules/accounts/index.server.ts';

/** The demo order's address and number (README). */
export const DEMO_CODE_ORDER = { email: 'gast.bestelling@example.nl', number: 'SB26-900001' } as const;
const SKU = 'SB-HAVO-NE-2027';
const PRINTED = Array.from({ length: 10 }, (_, i) => `SB-DRUK-NE27-${String(i + 1).padStart(4, '0')}`);

/** Seeds the demo codes when missing; answers how many codes it made. */
export async function seedDemoCodes(db: Db): Promise<number> {
  if (await findCode(db, PRINTED[0]!)) return 0;
  const [product] = await findProductsBySkus(db, [SKU]);
  const [subject] = product ? await findProductSubjects(db, [product.id]) : [];
  if (!product || !subject) return 0;
  const support = await findPersonByEmail(db, 'support@slaagbundel.test');
  const staffUserId = support?.id ?? null;
  const base = { productId: product.id, subjectId: subject.subjectId };
  await db.transaction(async (tx) => {
    const batch = await insertBatch(tx, {
      label: 'Drukwerk havo Nederlands 2027 (demo)',
      productId: product.id,
      count: PRINTED.length,
      createdBy: staffUserId,
    });
    await insertCodes(
      tx,
      PRINTED.map((code) => ({ ...base, code, batchId: batch.id })),
      { kind: 'batch_created', staffUserId, details: { batchId: batch.id } },
    );
    const [order] = await tx
      .insert(orders)
      .values({
        number: DEMO_CODE_ORDER.number,
        accessToken: 'demo-order-codes',
        userId: null,
        email: DEMO_CODE_ORDER.email,
        status: 'paid',
        customer: {
          firstName: 'Gijs',
          lastName: 'Gast',
          email: DEMO_CODE_ORDER.email,
          billing: { street: 'Domplein', houseNumber: '1', postcode: '3512 JC', city: 'Utrecht' },
        },
        shippingMethod: 'post',
        subtotalCents: 5990,
        discountPercent: 0,
        discountCents: 0,
        shippingCents: 0,
        totalCents: 5990,
        vatCents: 495,
        paidAt: new Date(),
        fulfilledAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (!order) return;
    // Two copies of the bundle, paid with iDEAL (the demo provider): what a checkout leaves behind.
    await tx.insert(orderLines).values({
      orderId: order.id,
      productId: product.id,
      sku: SKU,
      name: product.name,
      quantity: 2,
      unitPriceCents: 2995,
      lineTotalCents: 5990,
      discountCents: 0,
      position: 0,
      vatRatePercent: 9,
    });
    await tx.insert(payments).values({
      id: 'tr_demo_gast_0001',
      orderId: order.id,
      provider: 'demo',
      method: 'ideal',
      status: 'paid',
      amountCents: 5990,
    });
    const [first, lost, reissued] = ['SB-DEMO-GAST-0001', 'SB-DEMO-GAST-0002', 'SB-DEMO-GAST-0003'];
    await insertCodes(
      tx,
      [
        { ...base, code: first!, orderId: order.id, copy: 0 },
        { ...base, code: lost!, orderId: order.id, copy: 1 },
      ],
      { kind: 'issued', details: { orderId: order.id } },
    );
    const reason = 'Klant vond de mail met de code niet meer (demo).';
    await markCodeRevoked(tx, lost!, reason, new Date());
    await insertCodes(tx, [{ ...base, code: reissued!, orderId: order.id, copy: 1, replaces: lost! }], {
      kind: 'issued',
      staffUserId,
      details: { replaces: lost },
    });
    await insertCodeEvents(tx, [
      { code: lost!, kind: 'revoked', staffUserId, details: { reason, accessTaken: false } },
      { code: lost!, kind: 'reissued', staffUserId, details: { newCode: reissued, reason } },
      { code: reissued!, kind: 'mailed', staffUserId },
    ]);
  });
  return PRINTED.length + 3;
}
