import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { products } from '#app/modules/catalog/index.server.ts';
import { users } from './tables.ts';

/** The account pages' own reads and writes (app/modules/accounts/server/account.server.ts); the owner is always a parameter. */

/** Renames the user; false when the user is gone. */
export async function updateUserName(db: Db, userId: string, name: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The shop's products of one type at these levels for these school subjects, by id. */
export function findProductsOfType(
  db: Db,
  productType: string,
  levels: readonly string[],
  subjectSlugs: readonly string[],
) {
  if (levels.length === 0 || subjectSlugs.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(
      and(
        eq(products.productType, productType),
        inArray(products.levelSlug, [...levels]),
        inArray(products.subjectSlug, [...subjectSlugs]),
      ),
    )
    .orderBy(asc(products.id));
}
