/**
 * The visitor's cart cookie: the cart's id, signed with the cookie secret, HttpOnly. The one place
 * it is written, read and verified; a forged or tampered value reads as no cart.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import { CART_COOKIE } from '#app/platform/cookies.ts';
import { readCookie, serializeDefinedCookie } from '#app/platform/cookie-header.ts';
import { signCookieValue, verifySignedCookieValue } from '#app/platform/server/signed-cookie.server.ts';

/** The cart id this browser's cookie carries, or null when it has none or its signature does not hold. */
export function cartIdFromCookie(s: Pick<Scope, 'settings'>, headers: Headers): string | null {
  return verifySignedCookieValue(readCookie(headers.get('cookie'), CART_COOKIE.name), s.settings.cookieSecret);
}

/** Set-Cookie value handing a visitor their new cart. */
export function cartCookie(s: Pick<Scope, 'settings'>, cartId: string, secure: boolean): string {
  return serializeDefinedCookie(CART_COOKIE, signCookieValue(cartId, s.settings.cookieSecret), {
    secure,
    httpOnly: true,
  });
}

/** Set-Cookie value removing the cart cookie (the account finds the cart from then on). */
export function clearedCartCookie(secure: boolean): string {
  return serializeDefinedCookie({ ...CART_COOKIE, maxAgeDays: 0 }, '', { secure, httpOnly: true });
}
