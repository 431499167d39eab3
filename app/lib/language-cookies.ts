import { COUNTRY_COOKIE, CURRENCY_COOKIE, LOCALE_COOKIE } from '../domain/cookies.ts';
import { LOCALE_CONFIG } from '../domain/locale.ts';
import { parseCookieHeader, serializeCookie } from './cookie-header.ts';

const YEAR_SECONDS = 365 * 86_400;

export const LANGUAGE_COOKIE_NAMES = [LOCALE_COOKIE.name, CURRENCY_COOKIE.name, COUNTRY_COOKIE.name] as const;

/** Set-Cookie values for locale nl, currency EUR and country NL (a year) that the request lacks. */
export function languageCookieHeaders(cookieHeader: string | null): string[] {
  const cookies = parseCookieHeader(cookieHeader);
  const wanted: [string, string][] = [
    [LOCALE_COOKIE.name, LOCALE_CONFIG.locale],
    [CURRENCY_COOKIE.name, LOCALE_CONFIG.currency],
    [COUNTRY_COOKIE.name, LOCALE_CONFIG.country],
  ];
  return wanted
    .filter(([name, value]) => cookies[name] !== value)
    .map(([name, value]) => serializeCookie(name, value, { maxAgeSeconds: YEAR_SECONDS }));
}
