/**
 * Cookies of the product and the cookie-consent rules (spec §3 "Cookie
 * consent state", §4 "Cookie notice", §9).
 */

/**
 * A cookie of the product. `affectsRender` says whether its value changes the
 * HTML of a public page: such cookies are part of the page-cache key (and must
 * be part of a CDN's cache key); every other cookie is ignored by the cache,
 * and loaders never see undeclared cookies (app/context.ts RequestState).
 */
export interface CookieDefinition {
  name: string;
  maxAgeDays: number;
  path?: string;
  affectsRender: boolean;
}

/** Consent cookie: 365 days, path '/', value '*,{categories},GTM:1' (spec §9). Read in the browser only. */
export const GDPR_COOKIE = { name: 'gdpr_cookie', maxAgeDays: 365, path: '/', affectsRender: false } as const;

/** Dismissal of the sales banner, kept 365 days (spec §4, §9); a dismissed banner is not rendered. */
export const SALE_NOTICE_COOKIE = {
  name: 'sale_notice_cookie',
  maxAgeDays: 365,
  path: '/',
  affectsRender: true,
} as const;

/** The level a visitor chose on the home page; it sets the colour theme and the products shown (spec §4). */
export const LEVEL_COOKIE = { name: 'sb_level', maxAgeDays: 365, path: '/', affectsRender: true } as const;

/**
 * Says only that this browser has signed in: the public header shows the signed-in state from it
 * in the browser, so public HTML stays the same for everyone. Not a credential (the session cookie is
 * HttpOnly); set and cleared with the session by the accounts library (app/modules/accounts/server/auth.server.ts).
 * Like the session cookie it belongs to the accounts, not to spec §9's list (DECLARED_COOKIES).
 */
export const SIGNED_IN_COOKIE = {
  name: 'slaagbundel.signed_in',
  maxAgeDays: 30,
  path: '/',
  affectsRender: false,
} as const;

/**
 * The cart's id, signed: HttpOnly, so scripts never see it. A signed-in user's cart is found by
 * the account instead. Personal, so it never changes public HTML.
 */
export const CART_COOKIE = { name: 'slaagbundel.cart', maxAgeDays: 90, path: '/', affectsRender: false } as const;

/**
 * How many products the cart holds, for the header's count: written by the server with every cart
 * answer and read by the header in the browser, so public HTML stays the same for everyone (ADR 006).
 */
export const CART_COUNT_COOKIE = {
  name: 'slaagbundel.cart_count',
  maxAgeDays: 90,
  path: '/',
  affectsRender: false,
} as const;

/** Locale cookie, 365 days (spec §9). The single locale renders the same whatever it says. */
export const LOCALE_COOKIE = { name: 'vsf-locale', maxAgeDays: 365, affectsRender: false } as const;

/** Currency cookie, 1 year (spec §9). */
export const CURRENCY_COOKIE = { name: 'vsf-currency', maxAgeDays: 365, affectsRender: false } as const;

/** Country cookie, 1 year (spec §9). */
export const COUNTRY_COOKIE = { name: 'vsf-country', maxAgeDays: 365, affectsRender: false } as const;

/** Every cookie the product reads or writes. */
export const DECLARED_COOKIES: readonly CookieDefinition[] = [
  GDPR_COOKIE,
  SALE_NOTICE_COOKIE,
  LEVEL_COOKIE,
  LOCALE_COOKIE,
  CURRENCY_COOKIE,
  COUNTRY_COOKIE,
];

/** The cookies whose values change rendered HTML, in a fixed order. */
export const RENDER_COOKIES: readonly CookieDefinition[] = DECLARED_COOKIES.filter((c) => c.affectsRender);

/**
 * The part of a page-cache key that comes from cookies: the values of the
 * render-affecting cookies only ('sb_level=havo&sale_notice_cookie=').
 */
export function renderCookieKey(cookies: Readonly<Record<string, string | undefined>>): string {
  return RENDER_COOKIES.map((c) => `${c.name}=${cookies[c.name] ?? ''}`).join('&');
}

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
}

/** The choices of the cookie notice, broadest first (spec §3); their wording lives with the notice. */
export const COOKIE_CATEGORIES: readonly CookieCategory[] = [
  { name: 'complete', value: '1,2,3' },
  { name: 'personal', value: '1,2' },
  { name: 'base', value: '1' },
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
