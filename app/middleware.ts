import type { MiddlewareFunction } from 'react-router';
import { COUNTRY_COOKIE, CURRENCY_COOKIE, LOCALE_COOKIE } from './domain/cookies.ts';
import { LOCALE_CONFIG, assertLocaleConfig } from './domain/locale.ts';
import { uiStore } from './lib/ui-store.ts';
import { parseCookieHeader, serializeCookie } from './lib/cookie-header.ts';

assertLocaleConfig(LOCALE_CONFIG);

const YEAR_SECONDS = 365 * 86_400;

/** Language middleware: locale nl, currency EUR and country NL cookies for a year. */
export const languageMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const cookies = parseCookieHeader(request.headers.get('Cookie'));
  const wanted: [string, string][] = [
    [LOCALE_COOKIE.name, LOCALE_CONFIG.locale],
    [CURRENCY_COOKIE.name, LOCALE_CONFIG.currency],
    [COUNTRY_COOKIE.name, LOCALE_CONFIG.country],
  ];
  for (const [name, value] of wanted) {
    if (cookies[name] !== value) {
      response.headers.append('Set-Cookie', serializeCookie(name, value, { maxAgeSeconds: YEAR_SECONDS }));
    }
  }
  return response;
};

/** Closes the mobile menu (spec §2: on every route change). */
const mobileMenuMiddleware: MiddlewareFunction<undefined> = async (_args, next) => {
  uiStore.setMobileMenu(false);
  await next();
};

/** Closes any open modal or dialog (spec §2: on every route change). */
const closeModalsMiddleware: MiddlewareFunction<undefined> = async (_args, next) => {
  uiStore.closeAllOnNavigation();
  await next();
};

const serverMiddleware = { language: languageMiddleware } as const;
const clientMiddleware = { 'mobile-menu': mobileMenuMiddleware, 'close-modals': closeModalsMiddleware } as const;

function resolve<T>(registry: Record<string, T>, names: readonly string[]): T[] {
  return names.map((name) => {
    const middleware = registry[name];
    // Spec §8: an unknown middleware is a 500 'Unknown middleware {name}'.
    if (!middleware) throw new Response(`Unknown middleware ${name}`, { status: 500 });
    return middleware;
  });
}

export const resolveServerMiddleware = (names: readonly string[]) =>
  resolve<MiddlewareFunction<Response>>(serverMiddleware, names);
export const resolveClientMiddleware = (names: readonly string[]) =>
  resolve<MiddlewareFunction<undefined>>(clientMiddleware, names);
