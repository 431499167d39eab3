import { eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { demoPayments } from './tables.ts';

export type DemoPaymentRow = typeof demoPayments.$inferSelect;

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
