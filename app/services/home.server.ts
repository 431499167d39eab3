import type { AppServices } from '../context.ts';
import { listFeaturedProducts } from './catalog.server.ts';
import { getLatestArticles, getSiteConfig } from './content.server.ts';

/** Everything the home page shows, fetched in parallel. */
export async function getHomePage(s: AppServices, level: string | undefined) {
  const [products, articles, config] = await Promise.all([
    listFeaturedProducts(s, level, 6),
    getLatestArticles(s, 3),
    getSiteConfig(s),
  ]);
  return { products, articles, campaign: config.campaign };
}
