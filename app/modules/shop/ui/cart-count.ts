import { useEffect, useSyncExternalStore } from 'react';
import { CART_COUNT_COOKIE, SIGNED_IN_COOKIE } from '#app/platform/cookies.ts';
import { parseCookieHeader } from '#app/platform/cookie-header.ts';

const EVENT = 'slaagbundel:cart';

/** The cart's product count from the cookie the server writes with every cart answer (0 without one). */
export function readCartCount(cookieHeader: string): number {
  const count = Number(parseCookieHeader(cookieHeader)[CART_COUNT_COOKIE.name] ?? 0);
  return Number.isSafeInteger(count) && count > 0 ? count : 0;
}

/** Tells the header that a cart answer arrived (its Set-Cookie changed the count). */
export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(listener: () => void) {
  window.addEventListener(EVENT, listener);
  // Another tab may have changed the cart.
  window.addEventListener('focus', listener);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener('focus', listener);
  };
}

/**
 * The header's cart count, read in the browser: public HTML is the same for
 * everyone (ADR 006), so the server renders 0 and the browser fills it in.
 */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => readCartCount(document.cookie),
    () => 0,
  );
}

const SYNCED_KEY = 'slaagbundel.cart_synced';

/**
 * A signed-in user's cart lives with the account (and a visitor's cart joins
 * it on sign-in): once per browser session after signing in, ask the server
 * for the cart so that the header's count is the account's, also on another
 * device. One GET; nothing when signed out.
 */
export function useCartSyncAfterSignIn(): void {
  useEffect(() => {
    const signedIn = parseCookieHeader(document.cookie)[SIGNED_IN_COOKIE.name] === '1';
    if (!signedIn) {
      sessionStorage.removeItem(SYNCED_KEY);
      return;
    }
    if (sessionStorage.getItem(SYNCED_KEY)) return;
    sessionStorage.setItem(SYNCED_KEY, '1');
    fetch('/api/v1/cart', { credentials: 'same-origin' })
      .then(() => notifyCartChanged())
      .catch(() => sessionStorage.removeItem(SYNCED_KEY));
  });
}
