import { asc, eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { bundleProducts, bundles } from './tables.ts';

export type BundleRow = typeof bundles.$inferSelect;

/**
 * Bundles that have products, each with its products' ids in the bundle's order; `id` for one bundle.
 * The products themselves are the catalogue's (server/bundles.server.ts reads them through its entry).
 */
export async function findBundlesWithProductIds(
  db: Db,
  { id }: { id?: number } = {},
): Promise<{ bundle: BundleRow; productIds: number[] }[]> {
  const rows = await db
    .select({ bundle: bundles, productId: bundleProducts.productId })
    .from(bundles)
    .innerJoin(bundleProducts, eq(bundleProducts.bundleId, bundles.id))
    .where(id === undefined ? undefined : eq(bundles.id, id))
    .orderBy(asc(bundles.id), asc(bundleProducts.position), asc(bundleProducts.productId));
  const byId = new Map<number, { bundle: BundleRow; productIds: number[] }>();
  for (const row of rows) {
    const entry = byId.get(row.bundle.id) ?? { bundle: row.bundle, productIds: [] };
    entry.productIds.push(row.productId);
    byId.set(row.bundle.id, entry);
  }
  return [...byId.values()];
}
