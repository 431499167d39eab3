import { eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { demoPayments, demoRefunds } from './tables.ts';

export type DemoPaymentRow = typeof demoPayments.$inferSelect;
export type DemoRefundRow = typeof demoRefunds.$inferSelect;

export async function insertDemoPayment(db: Db, row: typeof demoPayments.$inferInsert): Promise<DemoPaymentRow> {
  const [inserted] = await db.insert(demoPayments).values(row).returning();
  return inserted!;
}

export async function findDemoPayment(db: Db, id: string): Promise<DemoPaymentRow | undefined> {
  const [row] = await db.select().from(demoPayments).where(eq(demoPayments.id, id));
  return row;
}

/** Sets a demo payment's status; only an open payment changes (a final one stays as it is). */
export async function settleDemoPayment(db: Db, id: string, status: string): Promise<DemoPaymentRow | undefined> {
  const [row] = await db.update(demoPayments).set({ status }).where(eq(demoPayments.id, id)).returning();
  return row;
}

/** Why the demo provider refuses a refund (Mollie answers these with a 422). */
export class DemoRefundRefusal extends Error {
  override name = 'DemoRefundRefusal';
}

/**
 * Records a refund of a demo payment, as Mollie does: only of a paid payment and at most what is
 * left of it; a key used before answers the refund made with it. The payment row is locked, so
 * concurrent refunds of one payment are checked one after the other. Undefined for an unknown payment.
 */
export function insertDemoRefund(
  db: Db,
  row: { id: string; paymentId: string; amountCents: number; description: string; idempotencyKey: string },
): Promise<DemoRefundRow | undefined> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(demoPayments).where(eq(demoPayments.id, row.paymentId)).for('update');
    if (!payment) return undefined;
    const [earlier] = await tx.select().from(demoRefunds).where(eq(demoRefunds.idempotencyKey, row.idempotencyKey));
    if (earlier) return earlier;
    if (payment.status !== 'paid') throw new DemoRefundRefusal(`Payment ${payment.id} is ${payment.status}, not paid`);
    const [refunded] = await tx
      .select({ cents: sql<number>`coalesce(sum(${demoRefunds.amountCents}), 0)::int` })
      .from(demoRefunds)
      .where(eq(demoRefunds.paymentId, row.paymentId));
    const left = payment.amountCents - (refunded?.cents ?? 0);
    if (!Number.isSafeInteger(row.amountCents) || row.amountCents < 1 || row.amountCents > left) {
      throw new DemoRefundRefusal(`A refund of ${row.amountCents} cents is more than the ${left} cents left`);
    }
    const [inserted] = await tx
      .insert(demoRefunds)
      .values({ ...row, status: 'pending' })
      .returning();
    return inserted!;
  });
}

export function listDemoRefunds(db: Db, paymentId: string): Promise<DemoRefundRow[]> {
  return db.select().from(demoRefunds).where(eq(demoRefunds.paymentId, paymentId));
}
