import type { MiddlewareFunction } from 'react-router';
import { LOCALE_CONFIG, assertLocaleConfig } from './domain/locale.ts';
import { parseCookieHeader } from './lib/cookie-header.ts';
import { languageCookieHeaders } from './lib/language-cookies.ts';
import { uiStore } from './lib/ui-store.ts';

assertLocaleConfig(LOCALE_CONFIG);

/** Language middleware: locale nl, currency EUR and country NL cookies for a year. */
export const languageMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  for (const header of languageCookieHeaders(parseCookieHeader(request.headers.get('Cookie')))) {
    response.headers.append('Set-Cookie', header);
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
