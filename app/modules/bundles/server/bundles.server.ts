/**
 * The bundles (voordeelpakketten): fixed combinations of the catalogue's products, each priced with the
 * stacking discount (spec §1, §9), for their pages, the API and the sitemap.
 */
import { findProductsByIds, toProductSummary } from '#app/modules/catalog/index.server.ts';
import { sortByLevelOrder } from '#app/platform/levels.ts';
import { isFullyOrderable } from '#app/platform/sales.ts';
import type { SitemapEntry } from '#app/platform/seo.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { findBundlesWithProductIds, type BundleRow } from '#app/modules/bundles/db/bundles.server.ts';
import { bundlePrice } from '#app/modules/bundles/domain/bundles.ts';
import { bundlePath } from '#app/modules/bundles/domain/paths.ts';
import type { BundleSummary } from '#app/modules/bundles/schemas/bundles.ts';

type ProductRow = Awaited<ReturnType<typeof findProductsByIds>>[number];

/** Bundles with their products in the bundle's order (one read of the catalogue for all of them). */
async function bundlesWithProducts(s: Scope, id?: number): Promise<{ bundle: BundleRow; products: ProductRow[] }[]> {
  const found = await findBundlesWithProductIds(s.db, id === undefined ? {} : { id });
  const ids = [...new Set(found.flatMap((entry) => entry.productIds))];
  const byId = new Map((await findProductsByIds(s.db, ids)).map((row) => [row.id, row]));
  return found
    .map(({ bundle, productIds }) => ({
      bundle,
      products: productIds.flatMap((productId) => byId.get(productId) ?? []),
    }))
    .filter((entry) => entry.products.length > 0);
}

function toBundleSummary({ bundle, products }: { bundle: BundleRow; products: ProductRow[] }): BundleSummary {
  const summaries = products.map(toProductSummary);
  const price = bundlePrice(summaries.map((p) => p.priceCents));
  return {
    id: bundle.id,
    slug: bundle.slug,
    name: bundle.name,
    href: bundlePath(bundle.id, bundle.slug),
    level: bundle.levelSlug,
    description: bundle.description,
    products: summaries,
    normalCents: price.normalCents,
    discountPercent: price.discountPercent,
    discountCents: price.discountCents,
    priceCents: price.priceCents,
    fullyOrderable: isFullyOrderable(
      products.map((p) => ({ isOrderable: p.isOrderable, inventory: { totalQuantity: p.totalQuantity } })),
    ),
  };
}

/** Every bundle (voordeelpakket) with its products and price, by level (spec §9 level order). */
export async function listBundles(s: Scope): Promise<BundleSummary[]> {
  const bundles = (await bundlesWithProducts(s)).map(toBundleSummary);
  return sortByLevelOrder(bundles, (b) => b.level);
}

/** One bundle with its products and price; null when there is none. */
export async function getBundle(s: Scope, id: number): Promise<BundleSummary | null> {
  const [found] = await bundlesWithProducts(s, id);
  return found ? toBundleSummary(found) : null;
}

/** Every bundle page, for the sitemap. */
export async function getBundleSitemapEntries(s: Scope): Promise<SitemapEntry[]> {
  return (await findBundlesWithProductIds(s.db)).map(({ bundle }) => ({
    path: bundlePath(bundle.id, bundle.slug),
    lastModified: bundle.createdAt.toISOString(),
  }));
}
