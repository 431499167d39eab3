import { useSyncExternalStore } from 'react';
import { CART_COUNT_COOKIE } from '#app/domain/cookies.ts';
import { parseCookieHeader } from './cookie-header.ts';

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
