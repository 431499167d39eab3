import { and, asc, desc, eq, gt, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { products, stockChanges } from './tables.ts';

/**
 * The catalogue's stock writes and their history (issue 32, item 4). The shop's order workflows
 * (app/modules/shop/server/orders.server.ts) reserve and release stock; the back office adjusts it
 * (app/modules/backoffice-stock). Each write runs inside its caller's transaction and writes one row of
 * `stock_changes` in it: before and after, what kind of change, and for an adjustment the reason and the staff
 * member.
 */

type StockChangeKind = 'adjustment' | 'order' | 'release';

async function insertChange(
  db: Db,
  change: {
    productId: number;
    to: number;
    delta: number;
    kind: StockChangeKind;
    reason?: string;
    staffUserId?: string;
  },
) {
  const [row] = await db
    .insert(stockChanges)
    .values({
      productId: change.productId,
      fromQuantity: change.to - change.delta,
      toQuantity: change.to,
      delta: change.delta,
      kind: change.kind,
      reason: change.reason ?? null,
      staffUserId: change.staffUserId ?? null,
    })
    .returning();
  return row!;
}

/**
 * Takes `quantity` of a product out of stock with one conditional UPDATE: only while it is orderable and
 * at least that many are in stock, so concurrent orders can never sell more than there is. Answers what
 * the order needs of the product as that statement read it (its price at that moment), or undefined when
 * it cannot be sold as asked (nothing changed). The history gets an `order` row in the same transaction.
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
    .returning({
      sku: products.sku,
      name: products.name,
      priceCents: products.priceCents,
      to: products.totalQuantity,
    });
  if (!row) return undefined;
  if (quantity !== 0) await insertChange(db, { productId, to: row.to, delta: -quantity, kind: 'order' });
  return { sku: row.sku, name: row.name, priceCents: row.priceCents };
}

/** Puts `quantity` of a product back in stock (an unpaid order cancelled), with a `release` row in the history. */
export async function releaseStock(db: Db, productId: number, quantity: number): Promise<void> {
  const [row] = await db
    .update(products)
    .set({ totalQuantity: sql`${products.totalQuantity} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(products.id, productId))
    .returning({ to: products.totalQuantity });
  if (row && quantity !== 0) await insertChange(db, { productId, to: row.to, delta: quantity, kind: 'release' });
}

/** The most a product's stock may be after an adjustment (far beyond any print run; keeps the column exact). */
export const MAX_STOCK = 1_000_000;

/**
 * A staff member sets a product's stock (`to`) or changes it by `delta`, with a reason. Locks the product's row
 * (concurrent adjustments queue, each reading what the one before wrote), refuses a result below 0 or above
 * MAX_STOCK and a change that changes nothing, and writes the new stock with its history row. Answers before and
 * after. Call it inside the transaction that also writes the audit entry.
 */
export async function adjustStock(
  tx: Db,
  change: { productId: number; to?: number; delta?: number; reason: string; staffUserId: string | null },
): Promise<
  | { ok: true; before: number; after: number; changeId: number }
  | { ok: false; reason: 'product_not_found' | 'below_zero' | 'above_max' | 'unchanged'; before: number; after: number }
> {
  const [product] = await tx
    .select({ quantity: products.totalQuantity })
    .from(products)
    .where(eq(products.id, change.productId))
    .for('update');
  if (!product) return { ok: false, reason: 'product_not_found', before: 0, after: 0 };
  const before = product.quantity;
  const after = change.to ?? before + (change.delta ?? 0);
  if (after < 0) return { ok: false, reason: 'below_zero', before, after };
  if (after > MAX_STOCK) return { ok: false, reason: 'above_max', before, after };
  if (after === before) return { ok: false, reason: 'unchanged', before, after };
  await tx
    .update(products)
    .set({ totalQuantity: after, updatedAt: sql`now()` })
    .where(eq(products.id, change.productId));
  const row = await insertChange(tx, {
    productId: change.productId,
    to: after,
    delta: after - before,
    kind: 'adjustment',
    reason: change.reason,
    ...(change.staffUserId ? { staffUserId: change.staffUserId } : {}),
  });
  return { ok: true, before, after, changeId: row.id };
}

export type StockChangeRow = typeof stockChanges.$inferSelect;

/** A product's stock changes, newest first, `limit` at a time before the change `before` (keyset on the id). */
export function listStockChanges(
  db: Db,
  productId: number,
  { before, limit }: { before?: number | undefined; limit: number },
): Promise<StockChangeRow[]> {
  return db
    .select()
    .from(stockChanges)
    .where(and(eq(stockChanges.productId, productId), before === undefined ? undefined : lt(stockChanges.id, before)))
    .orderBy(desc(stockChanges.id))
    .limit(limit);
}

/** A product as the stock screens show it. */
export interface StockLevelRow {
  id: number;
  sku: string;
  name: string;
  productType: string;
  isOrderable: string;
  quantity: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The products with their stock in SKU order, `limit` at a time after the SKU `after` (keyset): those whose name
 * or SKU contains `q`; with `lowAt`, only orderable ones with at most that many in stock.
 */
export function listStockLevels(
  db: Db,
  filter: { q?: string | undefined; lowAt?: number | undefined; after?: string | undefined; limit: number },
): Promise<StockLevelRow[]> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.sku, pattern)));
  }
  if (filter.lowAt !== undefined) {
    conditions.push(eq(products.isOrderable, 'Y'), lte(products.totalQuantity, filter.lowAt));
  }
  if (filter.after !== undefined) conditions.push(gt(products.sku, filter.after));
  return db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      productType: products.productType,
      isOrderable: products.isOrderable,
      quantity: products.totalQuantity,
    })
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.sku))
    .limit(filter.limit);
}
