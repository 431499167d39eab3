import { GDPR_COOKIE, LEVEL_COOKIE, SALE_NOTICE_COOKIE } from '../app/domain/cookies.ts';
import { parseCookieHeader } from '../app/lib/cookie-header.ts';
import { LANGUAGE_COOKIE_NAMES, languageCookieHeaders } from '../app/lib/language-cookies.ts';
import { createGzipTemplate, type GzipTemplate } from './gzip-template.ts';

/**
 * Origin micro-cache for anonymous page and loader-data GETs (ADR 005).
 *
 * Public pages are the same for every visitor with the same few cookies, so
 * a rendered response is kept for a few seconds and served again with this
 * request's CSP nonce and language cookies. Anything personal bypasses it:
 * any cookie outside the list below (a future session cookie, say), a
 * response that sets other cookies, or one marked private/no-store.
 */

/** Cookies that change what a page renders; they are part of the key. */
const RENDER_COOKIES = [LEVEL_COOKIE.name, SALE_NOTICE_COOKIE.name] as const;
/** Cookies that change nothing rendered (the consent cookie, language cookies). */
const NEUTRAL_COOKIES = new Set<string>([GDPR_COOKIE.name, ...LANGUAGE_COOKIE_NAMES]);
const CACHEABLE_STATUS = new Set([200, 404]);
const MAX_BODY_BYTES = 1_000_000;

interface Entry {
  status: number;
  headers: [string, string][];
  /** The body split around the nonce it was rendered with. */
  parts: string[];
  /** The same, gzip-compressed once, with holes for each request's nonce. */
  gzip: GzipTemplate;
  expires: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The cache key of a request, or null when it must not be served from cache. */
export function pageCacheKey(
  request: Request,
  cookies: Record<string, string> = parseCookieHeader(request.headers.get('Cookie')),
): string | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.pathname.startsWith('/api/')) return null;
  for (const name of Object.keys(cookies)) {
    if (!NEUTRAL_COOKIES.has(name) && !(RENDER_COOKIES as readonly string[]).includes(name)) return null;
  }
  const varying = RENDER_COOKIES.map((name) => `${name}=${cookies[name] ?? ''}`).join('&');
  return `${url.pathname}${url.search}|${varying}`;
}

function isCacheable(response: Response): boolean {
  if (!CACHEABLE_STATUS.has(response.status)) return false;
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  if (/no-store|private/i.test(cacheControl)) return false;
  return response.headers
    .getSetCookie()
    .every((cookie) => (LANGUAGE_COOKIE_NAMES as readonly string[]).includes(cookie.split('=')[0]!.trim()));
}

export function createPageCache({ ttlMs, maxEntries = 500, now = Date.now }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry | null>>();

  function materialize(
    entry: Entry,
    request: Request,
    cookies: Record<string, string>,
    nonce: string,
    state: 'HIT' | 'MISS',
  ): Response {
    const headers = new Headers(entry.headers);
    for (const cookie of languageCookieHeaders(cookies)) headers.append('Set-Cookie', cookie);
    headers.set('X-Page-Cache', state);
    headers.append('Vary', 'Accept-Encoding');
    const values = Array.from({ length: entry.parts.length - 1 }, () => nonce);
    if (/\bgzip\b/.test(request.headers.get('Accept-Encoding') ?? '')) {
      headers.set('Content-Encoding', 'gzip');
      return new Response(entry.gzip.render(values) as Uint8Array<ArrayBuffer>, { status: entry.status, headers });
    }
    return new Response(entry.parts.join(nonce), { status: entry.status, headers });
  }

  function store(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    // Oldest first: drop expired entries, then the oldest while over the bound.
    for (const [k, e] of entries) {
      if (entries.size <= maxEntries && e.expires > now()) break;
      entries.delete(k);
    }
  }

  async function toEntry(response: Response, nonce: string): Promise<Entry | null> {
    if (!isCacheable(response)) return null;
    const body = await response.text();
    if (body.length > MAX_BODY_BYTES) return null;
    const headers = [...response.headers].filter(([name]) => {
      const lower = name.toLowerCase();
      return lower !== 'set-cookie' && lower !== 'content-length';
    });
    // Holes only where the nonce attribute was rendered, so no other text is touched:
    // 'a nonce="X" b' → ['a nonce="', '" b'].
    const split = nonce ? body.split(`nonce="${nonce}"`) : [body];
    const fixed = split.map((p, i) => `${i > 0 ? '"' : ''}${p}${i < split.length - 1 ? 'nonce="' : ''}`);
    return { status: response.status, headers, parts: fixed, gzip: createGzipTemplate(fixed), expires: now() + ttlMs };
  }

  return {
    size: () => entries.size,
    clear: () => entries.clear(),
    /** Serves from cache, waits for an identical render in flight, or renders and keeps the result. */
    async handle(request: Request, nonce: string, render: () => Promise<Response>): Promise<Response> {
      if (ttlMs <= 0) return render();
      const cookies = parseCookieHeader(request.headers.get('Cookie'));
      const key = pageCacheKey(request, cookies);
      if (key === null) return render();
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return materialize(hit, request, cookies, nonce, 'HIT');
      const pending = inflight.get(key);
      if (pending) {
        const entry = await pending;
        return entry ? materialize(entry, request, cookies, nonce, 'HIT') : render();
      }
      const rendered = render();
      const filling = rendered.then((response) => toEntry(response, nonce)).catch(() => null);
      inflight.set(key, filling);
      try {
        const entry = await filling;
        if (entry) {
          store(key, entry);
          return materialize(entry, request, cookies, nonce, 'MISS');
        }
        return await rendered;
      } finally {
        inflight.delete(key);
      }
    },
  };
}
