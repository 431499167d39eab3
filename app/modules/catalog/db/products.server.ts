import { and, asc, count, desc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { products } from './tables.ts';
import { levelsOfFilter, type ProductLevelFilter } from '#app/modules/catalog/domain/product-list.ts';
import { PRODUCT_TYPES, QUOTE_PRODUCT_TYPES, type ProductSort } from '#app/modules/catalog/domain/products.ts';

export interface ProductFilter {
  /** A level, or 'vmbo' for every vmbo level. */
  level?: ProductLevelFilter | undefined;
  subject?: string | undefined;
  /** One product type; without it, every type the shop sells (quote products, the class licences, left out). */
  productType?: string | undefined;
  featured?: boolean | undefined;
}

/** The products the shop sells in a cart: not the ones sold to schools on a quote (QUOTE_PRODUCT_TYPES). */
const soldInShop = notInArray(products.productType, [...QUOTE_PRODUCT_TYPES]);

function where(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.level) conditions.push(inArray(products.levelSlug, levelsOfFilter(filter.level)));
  if (filter.subject) conditions.push(eq(products.subjectSlug, filter.subject));
  conditions.push(filter.productType ? eq(products.productType, filter.productType) : soldInShop);
  if (filter.featured !== undefined) conditions.push(eq(products.featured, filter.featured));
  return and(...conditions);
}

/** 1 when the product can be ordered now (spec §4: orderable and in stock), else 0. */
const orderableNow = sql<number>`case when ${products.isOrderable} = 'Y' and ${products.totalQuantity} > 0 then 1 else 0 end`;

/** Position of the product type in PRODUCT_TYPES: exam bundles first. */
const typeRank = sql<number>`case ${products.productType} ${sql.join(
  PRODUCT_TYPES.map((type, i) => sql`when ${type} then ${i}`),
  sql` `,
)} else ${PRODUCT_TYPES.length} end`;

/**
 * The order of each sort (PRODUCT_SORTS). Relevance: featured products,
 * then the ones that can be ordered now, exam bundles before summaries and
 * idioms, then by name. Every order ends on the id, so pages never overlap.
 */
function orderBy(sort: ProductSort): SQL[] {
  switch (sort) {
    case 'price-asc':
      return [asc(products.priceCents), asc(products.name), asc(products.id)];
    case 'price-desc':
      return [desc(products.priceCents), asc(products.name), asc(products.id)];
    case 'name':
      return [asc(products.name), asc(products.id)];
    case 'relevance':
      return [desc(products.featured), desc(orderableNow), asc(typeRank), asc(products.name), asc(products.id)];
  }
}

export async function findProducts(
  db: Db,
  {
    filter,
    limit,
    skip,
    sort = 'relevance',
  }: { filter: ProductFilter; limit: number; skip: number; sort?: ProductSort | undefined },
) {
  const condition = where(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(products)
      .where(condition)
      .orderBy(...orderBy(sort))
      .limit(limit)
      .offset(skip),
    db.select({ total: count() }).from(products).where(condition),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One product by its id; undefined when there is none. */
export async function findProductById(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/**
 * Products related to one: of the same level in other subjects (its own
 * product type first), and of the same subject as another product type (its
 * own level first). Those that can be ordered now come first; quote products
 * (class licences) are never among them.
 */
export async function findRelatedProducts(
  db: Db,
  product: { levelSlug: string; subjectSlug: string; productType: string },
  limit: number,
) {
  const levelRank = sql<number>`case when ${products.levelSlug} = ${product.levelSlug} then 0 else 1 end`;
  const sameTypeRank = sql<number>`case when ${products.productType} = ${product.productType} then 0 else 1 end`;
  const [sameLevel, sameSubject] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(eq(products.levelSlug, product.levelSlug), ne(products.subjectSlug, product.subjectSlug), soldInShop))
      .orderBy(asc(sameTypeRank), desc(orderableNow), desc(products.featured), asc(products.name), asc(products.id))
      .limit(limit),
    db
      .select()
      .from(products)
      .where(
        and(eq(products.subjectSlug, product.subjectSlug), ne(products.productType, product.productType), soldInShop),
      )
      .orderBy(asc(levelRank), desc(orderableNow), asc(typeRank), asc(products.name), asc(products.id))
      .limit(limit),
  ]);
  return { sameLevel, sameSubject };
}

/** Which level, subject and product type combinations the shop's list has: the filters worth offering. */
export function findProductFacets(db: Db) {
  return db
    .selectDistinct({ level: products.levelSlug, subject: products.subjectSlug, productType: products.productType })
    .from(products)
    .where(soldInShop);
}

/** Id, slug and last change of every product, for the sitemap. */
export function findProductPaths(db: Db) {
  return db
    .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.id));
}

/** Products by their SKUs (content refers to products by SKU); unknown SKUs are simply absent. */
export function findProductsBySkus(db: Db, skus: readonly string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(inArray(products.sku, [...skus]));
}

/** Products by their ids; unknown ids are simply absent. */
export function findProductsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export type ProductRow = typeof products.$inferSelect;

/**
 * The products of one level for some subjects (the quick scan's candidates), every type the shop sells,
 * orderable or not: the caller decides (quote products, sold to schools, are not candidates). Ordered by
 * subject, type and name, then id, so a choice among equals is stable.
 */
export function findProductsForSubjects(db: Db, { level, subjects }: { level: string; subjects: readonly string[] }) {
  if (subjects.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(and(eq(products.levelSlug, level), inArray(products.subjectSlug, [...subjects]), soldInShop))
    .orderBy(asc(products.subjectSlug), asc(products.productType), asc(products.name), asc(products.id));
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
