export {
  findProductsByIds,
  findProductsBySkus,
  findProductsForSubjects,
  findProductsOfType,
} from './db/products.server.ts';
export {
  findProductSubjects,
  findSubjectBySlug,
  findSubjects,
  listAllSubjects,
  subjectColumns,
  type SubjectRow,
} from './db/subjects.server.ts';
export {
  adjustStock,
  listStockChanges,
  listStockLevels,
  MAX_STOCK,
  releaseStock,
  reserveStock,
  type StockChangeRow,
  type StockLevelRow,
} from './db/stock.server.ts';
export { products, stockChanges, subjectIdColumn, subjects } from './db/tables.ts';
export {
  coverImage,
  getCatalogSitemapEntries,
  getProduct,
  getProductListPage,
  getProductPage,
  getProductsBySku,
  listFeaturedProducts,
  listProducts,
  listQuoteProducts,
  toProductSummary,
} from './server/catalog.server.ts';
export {
  allSubjects,
  getSubject,
  getSubjects,
  primarySubjects,
  subjectRows,
  subjectsToAdd,
  toSubjectView,
} from './server/subjects.server.ts';
