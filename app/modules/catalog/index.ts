export {
  BUNDLES_PATH,
  hasProductFilters,
  PRODUCT_LIST_PARAM_ALIASES,
  productCountText,
  productListHref,
  type ProductListParams,
  productPath,
  PRODUCTS_PATH,
} from './domain/product-list.ts';
export {
  contentProductId,
  coverImagePath,
  editionYear,
  isProductType,
  PRODUCT_SORTS,
  PRODUCT_TYPES,
  type ProductType,
  productTypeLabel,
  SCHEMA_AVAILABILITY,
  schemaPrice,
  STOCK_LABELS,
  type StockState,
} from './domain/products.ts';
export {
  bundleIdParamsSchema,
  bundleListSchema,
  bundleSchema,
  CATALOG_MESSAGES,
  productDetailSchema,
  productIdParamsSchema,
} from './schemas/catalog.ts';
export { CHOOSE_LEVEL_MESSAGE, chooseLevelSchema } from './schemas/choose-level.ts';
export { productListSchema, productQueryFromSearchParams, productQuerySchema } from './schemas/product-query.ts';
export {
  type AvailableSubjectsView,
  levelProfileParamsSchema,
  primarySubjectsSchema,
  SUBJECT_MESSAGES,
  subjectIdField,
  subjectIdParamsSchema,
  subjectSchema,
} from './schemas/subjects.ts';
export { type ProductCardData, type ProductSummary, type TaxonomyEntry, toProductCardData } from './schemas/views.ts';
export { BundleCovers, BundlePriceLines } from './ui/bundle-parts.tsx';
export { CatalogCard } from './ui/catalog-card.tsx';
export { DiscountTiers } from './ui/discount-tiers.tsx';
export { LazyProductBlock } from './ui/lazy.ts';
export { LevelChooser } from './ui/level-chooser.tsx';
export { PreviewViewer } from './ui/preview-viewer.tsx';
export { ProductCard, stockLabel } from './ui/product-card.tsx';
export { ProductFilters } from './ui/product-filters.tsx';
