import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { products } from './tables.ts';

/**
 * The catalogue's stock writes, for the shop's order workflows (app/modules/shop/server/orders.server.ts),
 * each run inside the workflow's transaction.
 */

/**
 * Takes `quantity` of a product out of stock with one conditional UPDATE: only while it is orderable and
 * at least that many are in stock, so concurrent orders can never sell more than there is. Answers what
 * the order needs of the product as that statement read it (its price at that moment), or undefined when
 * it cannot be sold as asked (nothing changed).
 */
export async function reserveStock(
  db: Db,
  productId: number,
  quantity: number,
): Promise<{ sku: string; name: string; priceCents: number } | undefined> {
  const [row] = await db
    .update(products)
    .set({ totalQuantity: sql`${products.totalQuantity} - ${quantity}`, updatedAt: sql`now()` })
    .where(
      and(eq(products.id, productId), eq(products.isOrderable, 'Y'), sql`${products.totalQuantity} >= ${quantity}`),
    )
    .returning({ sku: products.sku, name: products.name, priceCents: products.priceCents });
  return row;
}

/** Puts `quantity` of a product back in stock (an unpaid order cancelled). */
export async function releaseStock(db: Db, productId: number, quantity: number): Promise<void> {
  await db
    .update(products)
    .set({ totalQuantity: sql`${products.totalQuantity} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}
