export { findProductsBySkus, findProductsForSubjects } from './db/products.server.ts';
export { bundleProducts, products, subjects } from './db/tables.ts';
export { coverImage, getBundle, getCatalogSitemapEntries, getProduct, getProductListPage, getProductPage, getProductsBySku, listBundles, listFeaturedProducts, listProducts, toProductSummary } from './server/catalog.server.ts';
