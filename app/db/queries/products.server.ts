import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { products } from '#app/db/schema/index.ts';

export interface ProductFilter {
  level?: string | undefined;
  subject?: string | undefined;
  productType?: string | undefined;
  featured?: boolean | undefined;
}

function where(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.level) conditions.push(eq(products.levelSlug, filter.level));
  if (filter.subject) conditions.push(eq(products.subjectSlug, filter.subject));
  if (filter.productType) conditions.push(eq(products.productType, filter.productType));
  if (filter.featured !== undefined) conditions.push(eq(products.featured, filter.featured));
  return conditions.length ? and(...conditions) : undefined;
}

export async function findProducts(
  db: Db,
  { filter, limit, skip }: { filter: ProductFilter; limit: number; skip: number },
) {
  const condition = where(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(products)
      .where(condition)
      .orderBy(desc(products.featured), asc(products.name), asc(products.id))
      .limit(limit)
      .offset(skip),
    db.select({ total: count() }).from(products).where(condition),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Products by their SKUs (content refers to products by SKU); unknown SKUs are simply absent. */
export function findProductsBySkus(db: Db, skus: readonly string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(inArray(products.sku, [...skus]));
}

export type ProductRow = typeof products.$inferSelect;

/**
 * The products of one level for some subjects (the quick scan's candidates), every type, orderable or not:
 * the caller decides. Ordered by subject, type and name, then id, so a choice among equals is stable.
 */
export function findProductsForSubjects(db: Db, { level, subjects }: { level: string; subjects: readonly string[] }) {
  if (subjects.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(and(eq(products.levelSlug, level), inArray(products.subjectSlug, [...subjects])))
    .orderBy(asc(products.subjectSlug), asc(products.productType), asc(products.name), asc(products.id));
}
