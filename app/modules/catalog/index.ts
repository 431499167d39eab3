export {
  hasProductFilters,
  PRODUCT_LIST_PARAM_ALIASES,
  productCountText,
  productListHref,
  productPath,
  PRODUCTS_PATH,
} from './domain/product-list.ts';
export {
  contentProductId,
  coverImagePath,
  editionYear,
  isProductType,
  isQuoteProduct,
  PRODUCT_SORTS,
  PRODUCT_TYPES,
  type ProductType,
  productTypeLabel,
  QUOTE_PRODUCT_TYPES,
  SCHEMA_AVAILABILITY,
  schemaPrice,
  STOCK_LABELS,
} from './domain/products.ts';
export { opensStudyArea } from './domain/online-content.ts';
export { orderOffer, productOffer } from './domain/product-offer.ts';
export { CATALOG_MESSAGES, SUBJECT_MESSAGES } from './domain/messages.ts';
export { parseProductPreviews } from './schemas/product-previews.ts';
export { productDetailSchema, productIdParamsSchema } from './schemas/catalog.ts';
export {
  productListSchema,
  productQueryFromSearchParams,
  productQuerySchema,
  productSummarySchema,
} from './schemas/product-query.ts';
export {
  type AvailableSubjectsView,
  levelProfileParamsSchema,
  primarySubjectsSchema,
  subjectIdField,
  subjectIdParamsSchema,
  subjectSchema,
} from './schemas/subjects.ts';
export { type ProductCardData, type ProductSummary, toProductCardData } from './schemas/views.ts';
