import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { stockNotices } from './tables.ts';

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

/** The notice of a delete link, with its product; undefined when it is gone. */
export async function findStockNoticeByToken(db: Db, token: string) {
  const [row] = await db
    .select({ id: stockNotices.id, productId: stockNotices.productId })
    .from(stockNotices)
    .where(eq(stockNotices.token, token));
  return row;
}

/** Deletes one notice by its token; whether there was one. */
export async function deleteStockNoticeByToken(db: Db, token: string): Promise<boolean> {
  const deleted = await db.delete(stockNotices).where(eq(stockNotices.token, token)).returning({ id: stockNotices.id });
  return deleted.length > 0;
}

/** The products someone waits for (each once), by id. */
export async function listAwaitedProductIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ productId: stockNotices.productId })
    .from(stockNotices)
    .orderBy(asc(stockNotices.productId));
  return rows.map((row) => row.productId);
}

/** The notices of these products (the ones that can be ordered again), at most `limit`. */
export function listNoticesOfProducts(db: Db, productIds: readonly number[], limit = 500) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: stockNotices.id,
      email: stockNotices.email,
      token: stockNotices.token,
      productId: stockNotices.productId,
    })
    .from(stockNotices)
    .where(inArray(stockNotices.productId, [...productIds]))
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
