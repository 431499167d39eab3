export { bundleProducts, bundles } from './db/tables.ts';
export { getBundle, getBundleSitemapEntries, listBundles } from './server/bundles.server.ts';
