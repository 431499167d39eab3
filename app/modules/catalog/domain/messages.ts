import { PRICE_ON_QUOTE } from './products.ts';
/**
 * The catalogue's Dutch messages, in one place: the refusals of its paths
 * and queries and the field messages of its schemas (additions: the spec
 * names none of these).
 */

/** A product that a path names but does not exist. */
export const CATALOG_MESSAGES = {
  UNKNOWN_PRODUCT: 'Dit product bestaat niet.',
  /** What a quote product's page and card say instead of a price: school orders are priced on a quote. */
  PRICE_ON_QUOTE,
} as const;

/** The product list's query (app/modules/catalog/schemas/product-query.ts). */
export const PRODUCT_QUERY_MESSAGES = {
  LEVEL: 'Onbekend niveau.',
  SUBJECT: 'Onbekend vak.',
  PRODUCT_TYPE: 'Onbekend producttype.',
  PAGE: 'Voer een paginanummer in.',
  SORT: 'Onbekende sortering.',
} as const;

/** Subjects of the catalogue (spec §3 User subject, §7 /v1/subjects). */
export const SUBJECT_MESSAGES = {
  UNKNOWN_SUBJECT: 'Dit vak bestaat niet (meer).',
  LEVEL: 'Kies een van de niveaus.',
  PROFILE: 'Kies een profiel: NT, NG, EM, CM of geen.',
  PROFILE_NOT_FOR_LEVEL: 'Alleen havo en vwo hebben een profiel; kies bij vmbo ‘geen’.',
} as const;
