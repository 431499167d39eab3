/**
 * "Mail me als het er weer is" on a sold-out product: the address is kept only for that one
 * mail, and never longer than this.
 */
export const STOCK_NOTICE_RETENTION_DAYS = 365;

/** The page that takes the form (and the delete link of the page and the mail: ?afmelden={token}). */
export const STOCK_NOTICE_PATH = '/producten/voorraadmelding';

/** The query parameter of the delete link. */
export const STOCK_NOTICE_TOKEN_PARAM = 'afmelden';

/** Only a product that is sold but sold out for now can come back (spec §4: orderable 'Y', stock 0). */
export const canAwaitStock = (product: { isOrderable: string; totalQuantity: number }): boolean =>
  product.isOrderable === 'Y' && product.totalQuantity <= 0;
