import { asc, eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { bundleProducts, bundles, products } from './tables.ts';
import type { ProductRow } from './products.server.ts';

export type BundleRow = typeof bundles.$inferSelect;

/** Bundles with their products in the bundle's order; `id` for one bundle. */
export async function findBundlesWithProducts(
  db: Db,
  { id }: { id?: number } = {},
): Promise<{ bundle: BundleRow; products: ProductRow[] }[]> {
  const rows = await db
    .select({ bundle: bundles, product: products })
    .from(bundles)
    .innerJoin(bundleProducts, eq(bundleProducts.bundleId, bundles.id))
    .innerJoin(products, eq(products.id, bundleProducts.productId))
    .where(id === undefined ? undefined : eq(bundles.id, id))
    .orderBy(asc(bundles.id), asc(bundleProducts.position), asc(products.id));
  const byId = new Map<number, { bundle: BundleRow; products: ProductRow[] }>();
  for (const row of rows) {
    const entry = byId.get(row.bundle.id) ?? { bundle: row.bundle, products: [] };
    entry.products.push(row.product);
    byId.set(row.bundle.id, entry);
  }
  return [...byId.values()];
}
