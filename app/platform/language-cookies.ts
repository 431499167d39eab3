import { COUNTRY_COOKIE, CURRENCY_COOKIE, LOCALE_COOKIE } from '#app/platform/cookies.ts';
import { LOCALE_CONFIG } from '#app/platform/locale.ts';
import { serializeDefinedCookie } from './cookie-header.ts';

const LANGUAGE_COOKIES = [
  [LOCALE_COOKIE, LOCALE_CONFIG.locale],
  [CURRENCY_COOKIE, LOCALE_CONFIG.currency],
  [COUNTRY_COOKIE, LOCALE_CONFIG.country],
] as const;

export const LANGUAGE_COOKIE_NAMES = LANGUAGE_COOKIES.map(([cookie]) => cookie.name);

/** Set-Cookie values for locale nl, currency EUR and country NL (a year) that the request's cookies lack. */
export function languageCookieHeaders(cookies: Record<string, string>): string[] {
  return LANGUAGE_COOKIES.filter(([cookie, value]) => cookies[cookie.name] !== value).map(([cookie, value]) =>
    serializeDefinedCookie(cookie, value),
  );
}
