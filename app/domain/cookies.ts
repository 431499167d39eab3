/**
 * Cookies of the product and the cookie-consent rules (spec §3 "Cookie
 * consent state", §4 "Cookie notice", §9).
 */

/** Consent cookie: 365 days, path '/', value '*,{categories},GTM:1' (spec §9). */
export const GDPR_COOKIE = { name: 'gdpr_cookie', maxAgeDays: 365, path: '/' } as const;

/** Dismissal of the sales banner, kept 365 days (spec §4, §9). */
export const SALE_NOTICE_COOKIE = { name: 'sale_notice_cookie', maxAgeDays: 365, path: '/' } as const;

/** The level a visitor chose on the home page; it sets the colour theme (spec §4). */
export const LEVEL_COOKIE = { name: 'sb_level', maxAgeDays: 365, path: '/' } as const;

/** Locale cookie, 365 days (spec §9). */
export const LOCALE_COOKIE = { name: 'vsf-locale', maxAgeDays: 365 } as const;

/** Currency cookie, 1 year (spec §9). */
export const CURRENCY_COOKIE = { name: 'vsf-currency', maxAgeDays: 365 } as const;

/** Country cookie, 1 year (spec §9). */
export const COUNTRY_COOKIE = { name: 'vsf-country', maxAgeDays: 365 } as const;

/** Hint shown while no cookie category is chosen (spec §4, §5). */
export const COOKIE_CONSENT_REQUIRED_MESSAGE = 'Maak een keuze.';

/**
 * Consent category numbers: 1 functional (always on), 2 analytics,
 * 3 marketing.
 */
export type ConsentCategory = 1 | 2 | 3;

/** Values of the three choices, broadest first (spec §3). */
export const COOKIE_CATEGORY_VALUES = ['1,2,3', '1,2', '1'] as const;
export type CookieCategoryValue = (typeof COOKIE_CATEGORY_VALUES)[number];

export interface CookieCategory {
  name: 'complete' | 'personal' | 'base';
  value: CookieCategoryValue;
  label: string;
  description: string;
}

/** The choices of the cookie notice (spec §3), with Dutch labels and descriptions. */
export const COOKIE_CATEGORIES: readonly CookieCategory[] = [
  {
    name: 'complete',
    value: '1,2,3',
    label: 'Compleet',
    description:
      'Functionele, analytische en marketingcookies. We onthouden je voorkeuren, meten hoe je de site gebruikt en laten advertenties zien die bij je passen.',
  },
  {
    name: 'personal',
    value: '1,2',
    label: 'Persoonlijk',
    description:
      'Functionele en analytische cookies. We onthouden je voorkeuren en meten hoe je de site gebruikt, zodat we hem kunnen verbeteren. Je ziet geen persoonlijke advertenties.',
  },
  {
    name: 'base',
    value: '1',
    label: 'Basis',
    description:
      'Alleen functionele cookies die nodig zijn om de site te laten werken, zoals je winkelwagen en je cookiekeuze. We slaan niets op voor statistieken of advertenties.',
  },
];

/** Type guard for a known category value ('1,2,3', '1,2' or '1') (spec §3). */
export function isCookieCategoryValue(value: unknown): value is CookieCategoryValue {
  return (COOKIE_CATEGORY_VALUES as readonly unknown[]).includes(value);
}

/**
 * The gdpr_cookie value for a chosen category (spec §9):
 * '*,{categories},GTM:1', e.g. '*,1,2,3,GTM:1'. Throws a RangeError for an
 * unknown category value.
 */
export function consentValue(categoryValue: CookieCategoryValue): string {
  if (!isCookieCategoryValue(categoryValue)) {
    throw new RangeError(`Unknown cookie category value: ${String(categoryValue)}`);
  }
  return `*,${categoryValue},GTM:1`;
}

/**
 * Reads a gdpr_cookie value back (spec §9): '*,1,2,GTM:1' → ['1', '2'].
 * Returns null when the value is missing or not exactly the shape written by
 * consentValue for a known category.
 */
export function parseConsent(cookieValue: string | null | undefined): string[] | null {
  const match = /^\*,(.+),GTM:1$/.exec(cookieValue?.trim() ?? '');
  const categories = match?.[1];
  return categories !== undefined && isCookieCategoryValue(categories) ? categories.split(',') : null;
}

/** Whether a gdpr_cookie value grants a category; false when the cookie is invalid (spec §4, §9). */
export function consentAllows(cookieValue: string | null | undefined, category: ConsentCategory): boolean {
  return parseConsent(cookieValue)?.includes(String(category)) ?? false;
}

/** Cookie Max-Age in seconds for a lifetime in days (spec §9 cookie lifetimes). */
export function maxAgeSeconds(days: number): number {
  if (!Number.isFinite(days) || days < 0) {
    throw new RangeError(`Cookie lifetime must be a non-negative number of days, got ${String(days)}`);
  }
  return Math.round(days * 24 * 60 * 60);
}
