/** The back office's stock rules (issue 32, item 4). */

/** At or below this many in stock an orderable product counts as low in stock. */
export const LOW_STOCK_THRESHOLD = 10;

/** Products per page of the stock list, changes per page of a product's history. */
export const STOCK_PAGE_SIZE = 100;
export const STOCK_CHANGES_PAGE_SIZE = 50;

/** The most a product's stock may be (the catalogue's MAX_STOCK). */
export const MAX_STOCK_QUANTITY = 1_000_000;

export const STOCK_PATHS = {
  list: '/beheer/voorraad',
  product: (productId: number) => `/beheer/voorraad/${productId}`,
} as const;

/** The kinds of stock change, as the history names them. */
export const STOCK_CHANGE_KIND_LABELS = {
  adjustment: 'Aanpassing',
  order: 'Bestelling',
  release: 'Bestelling geannuleerd',
} as const;
export type StockChangeKind = keyof typeof STOCK_CHANGE_KIND_LABELS;

/** Whether an orderable product is low in stock. */
export const isLowStock = (product: { quantity: number; orderable: boolean }): boolean =>
  product.orderable && product.quantity <= LOW_STOCK_THRESHOLD;
