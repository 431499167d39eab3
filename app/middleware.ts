import type { MiddlewareFunction } from 'react-router';
import { LOCALE_CONFIG, assertLocaleConfig } from '#app/platform/locale.ts';
import { uiStore } from '#app/ui/ui-store.ts';

assertLocaleConfig(LOCALE_CONFIG);

/**
 * Language middleware: every page is in the single locale (nl-NL). It states
 * the language of the response; the locale, currency and country cookies of
 * spec §9 are written by the server's request layer (server/create-app.ts),
 * the one place that knows whether a response may be shared by caches.
 */
export const languageMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set('Content-Language', `${LOCALE_CONFIG.locale}-${LOCALE_CONFIG.country}`);
  return response;
};

/** Closes the mobile menu (spec §2: on every route change). */
const mobileMenuMiddleware: MiddlewareFunction<undefined> = async (_args, next) => {
  uiStore.setMobileMenu(false);
  await next();
};

/**
 * Closes any open modal or dialog (spec §2: on every route change). Client
 * middleware also runs for a fetcher's post (the account modal signing in)
 * and for loaders revalidating the page that is shown: neither changes the
 * route, so neither closes the modal that started it.
 */
const closeModalsMiddleware: MiddlewareFunction<undefined> = async ({ request }, next) => {
  const target = new URL(request.url);
  const routeChange =
    request.method === 'GET' &&
    (target.pathname !== window.location.pathname || target.search !== window.location.search);
  if (routeChange) uiStore.closeAllOnNavigation();
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
