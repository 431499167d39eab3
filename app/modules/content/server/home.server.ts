import type { Scope } from '#app/platform/server/deps.ts';
import type { Level } from '#app/platform/levels.ts';
import { toProductCardData } from '#app/modules/catalog/index.ts';
import { listFeaturedProducts } from '#app/modules/catalog/index.server.ts';
import { getLatestArticles, getSiteConfig } from './content.server.ts';

/** Everything the home page shows, fetched in parallel. */
export async function getHomePage(s: Scope, level: Level | undefined) {
  const [products, articles, config] = await Promise.all([
    listFeaturedProducts(s, level, 6),
    getLatestArticles(s, 3),
    getSiteConfig(s),
  ]);
  return { products: products.map(toProductCardData), articles, campaign: config.campaign };
}
