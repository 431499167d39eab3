import { LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import { DEFAULT_PRODUCT_SORT, type ProductSort } from './products.ts';

/** The shop's product list (spec §2); the bundles' list is the bundles module's. */
export const PRODUCTS_PATH = '/producten';

/** Path of a product page: /producten/{id}/{slug} (spec §2). */
export function productPath(id: number, slug: string): string {
  return `${PRODUCTS_PATH}/${id}/${slug}`;
}

/** The level filters of the product list: every level, and 'vmbo' for all vmbo levels together. */
export const VMBO_LEVEL_GROUP = 'vmbo';
export const PRODUCT_LEVEL_FILTERS = [VMBO_LEVEL_GROUP, ...LEVEL_ORDER] as const;
export type ProductLevelFilter = (typeof PRODUCT_LEVEL_FILTERS)[number];

/** The levels a level filter stands for: 'vmbo' → vmbo-b, vmbo-k and vmbo-gl-tl; a level → itself. */
export function levelsOfFilter(filter: ProductLevelFilter): Level[] {
  return filter === VMBO_LEVEL_GROUP ? LEVEL_ORDER.filter((level) => level.startsWith('vmbo')) : [filter];
}

/**
 * Other names of the list's parameters that links in content use
 * (/producten?niveau=havo, ?type=samenvatting, ?vak=engels); the page moves
 * them to their own names.
 */
export const PRODUCT_LIST_PARAM_ALIASES: Readonly<Record<string, 'level' | 'subject' | 'productType'>> = {
  niveau: 'level',
  vak: 'subject',
  type: 'productType',
};

/** What the product list shows: filters, order and page, as in its URL. */
export interface ProductListParams {
  level?: string | undefined;
  subject?: string | undefined;
  productType?: string | undefined;
  sort?: ProductSort | undefined;
  page?: number | undefined;
}

/** True when the list is narrowed by a level, subject or product type. */
export function hasProductFilters(params: ProductListParams): boolean {
  return Boolean(params.level || params.subject || params.productType);
}

/**
 * The shareable URL of a product list: /producten with its filters, order and
 * page in a fixed order (level, subject, productType, sort, page). Defaults
 * are left out, so every list has one address: relevance is no `sort`, page 1
 * is no `page`.
 */
export function productListHref(params: ProductListParams): string {
  const query = new URLSearchParams();
  if (params.level) query.set('level', params.level);
  if (params.subject) query.set('subject', params.subject);
  if (params.productType) query.set('productType', params.productType);
  if (params.sort && params.sort !== DEFAULT_PRODUCT_SORT) query.set('sort', params.sort);
  if (params.page !== undefined && params.page > 1) query.set('page', String(params.page));
  const search = query.toString();
  return search ? `${PRODUCTS_PATH}?${search}` : PRODUCTS_PATH;
}

/** '1 product', '23 producten' (the count above a product list). */
export function productCountText(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'producten'}`;
}
