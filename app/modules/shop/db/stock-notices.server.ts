import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { products } from '#app/modules/catalog/index.server.ts';
import { stockNotices } from './tables.ts';

/** The product a notice is asked for, with what decides whether it can come back. */
export async function findNoticeProduct(db: Db, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      isOrderable: products.isOrderable,
      totalQuantity: products.totalQuantity,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/** Stores the address for the product once; the token of the row there is (new or earlier). */
export async function upsertStockNotice(db: Db, productId: number, email: string, token: string): Promise<string> {
  const [inserted] = await db
    .insert(stockNotices)
    .values({ productId, email, token })
    .onConflictDoNothing()
    .returning({ token: stockNotices.token });
  if (inserted) return inserted.token;
  const [existing] = await db
    .select({ token: stockNotices.token })
    .from(stockNotices)
    .where(and(eq(stockNotices.productId, productId), eq(stockNotices.email, email)));
  return existing!.token;
}

/** The notice of a delete link, with its product's name; undefined when it is gone. */
export async function findStockNoticeByToken(db: Db, token: string) {
  const [row] = await db
    .select({ id: stockNotices.id, productName: products.name })
    .from(stockNotices)
    .innerJoin(products, eq(products.id, stockNotices.productId))
    .where(eq(stockNotices.token, token));
  return row;
}

/** Deletes one notice by its token; whether there was one. */
export async function deleteStockNoticeByToken(db: Db, token: string): Promise<boolean> {
  const deleted = await db.delete(stockNotices).where(eq(stockNotices.token, token)).returning({ id: stockNotices.id });
  return deleted.length > 0;
}

/** Notices whose product can be ordered again (orderable, stock above 0). */
export function listBackInStockNotices(db: Db, limit = 500) {
  return db
    .select({
      id: stockNotices.id,
      email: stockNotices.email,
      token: stockNotices.token,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
    })
    .from(stockNotices)
    .innerJoin(products, eq(products.id, stockNotices.productId))
    .where(and(eq(products.isOrderable, 'Y'), gt(products.totalQuantity, 0)))
    .limit(limit);
}

export async function deleteStockNotice(db: Db, id: number): Promise<void> {
  await db.delete(stockNotices).where(eq(stockNotices.id, id));
}

/** Deletes the notices stored before `before` (the retention); how many. */
export async function purgeStockNotices(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(stockNotices)
    .where(lt(stockNotices.createdAt, before))
    .returning({ id: stockNotices.id });
  return deleted.length;
}
