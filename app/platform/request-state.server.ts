import { isLevel } from '#app/platform/levels.ts';
import type { RequestState } from '#app/context.ts';
import { GDPR_COOKIE, LEVEL_COOKIE, SALE_NOTICE_COOKIE, parseConsent, renderCookieKey } from '#app/platform/cookies.ts';
import { parseCookieHeader } from './cookie-header.ts';
import { languageCookieHeaders } from './language-cookies.ts';

function decodable(path: string): boolean {
  try {
    // The result is used on purpose: the bundler drops a bare decodeURI() call as side-effect free.
    return typeof decodeURI(path) === 'string';
  } catch {
    return false;
  }
}

/** Reads a request's cookies once into what middleware, loaders and the page cache need. */
export function readRequestState(cookieHeader: string | null | undefined, requestId: string, path = '/'): RequestState {
  const cookies = parseCookieHeader(cookieHeader);
  const raw = cookies[LEVEL_COOKIE.name];
  const level = isLevel(raw) ? raw : null;
  const saleNoticeDismissed = Boolean(cookies[SALE_NOTICE_COOKIE.name]);
  return {
    requestId,
    // Normalised values: an unknown level renders like no level, so it shares the cache entry.
    renderKey: renderCookieKey({
      [LEVEL_COOKIE.name]: level ?? '',
      [SALE_NOTICE_COOKIE.name]: saleNoticeDismissed ? '1' : '',
    }),
    level,
    saleNoticeDismissed,
    consent: parseConsent(cookies[GDPR_COOKIE.name]),
    malformedPath: !decodable(path),
    missingLanguageCookies: languageCookieHeaders(cookies),
  };
}
