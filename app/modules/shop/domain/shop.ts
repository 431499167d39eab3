import { AREA_PATH } from '#app/platform/brand.ts';

/** The shop's personal pages (spec §2): a cart and a checkout are never the same for two people. */
export const CART_PATH = '/winkelwagen';
export const CHECKOUT_PATH = '/afrekenen';
export const PAYMENT_PATH = '/afrekenen/betalen';
export const CONFIRMATION_PATH = '/afrekenen/bevestiging';

/**
 * Paths whose pages are personal: the logged-in area, the cart and the
 * checkout. The server never looks them up in, nor stores them in, the page
 * cache, and their answers are `private, no-store`.
 */
export function isPersonalPath(pathname: string): boolean {
  // A client navigation asks for '/winkelwagen.data'.
  const path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
  return [AREA_PATH, CART_PATH, CHECKOUT_PATH].some((p) => path === p || path.startsWith(`${p}/`));
}
