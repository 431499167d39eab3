import { Hono, type MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { RouterContextProvider } from 'react-router';
import { requestContext, scopeContext } from '#app/context.ts';
import { readRequestState } from '#app/platform/request-state.server.ts';
import { isPersonalPath } from '#app/modules/shop/index.ts';
import { isBackofficePath } from '#app/modules/backoffice/index.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { API_ERROR_CODES, API_MESSAGES, apiErrorBody } from '#app/platform/schemas/api-error.ts';
import type { DatabaseHealth } from '#app/db/health.server.ts';
import { createScope, type Deps } from '#app/platform/server/deps.ts';
import { API_BASE, createApi, type ApiOptions } from './api/index.ts';
import { clientKey } from './api/client-key.ts';
import type { HttpEnv } from './http-env.ts';
import { DEFAULT_CSP } from './infra/csp.ts';
import { createPageCache } from './infra/page-cache.ts';
import { createMemoryRateLimiter } from './infra/rate-limit.ts';
import { refusePageWrite } from './page-guard.ts';
import { chooseEncoding, compressResponses } from './infra/compression.ts';
import { createSharedJson } from './infra/shared-json.ts';
import { encodedBody, etagMatches, preparePage, type PreparedPage } from './infra/prepared-page.ts';

export type SsrHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface CreateAppOptions {
  deps: Deps;
  /** Throws when the database is unreachable (readiness). */
  ping: () => Promise<void>;
  /** The database's reachability (app/db/health.server.ts): while it is down, requests answer 503. */
  health?: DatabaseHealth;
  /** React Router's request handler; absent in API-only tests. */
  ssr?: SsrHandler;
  /** Seconds a public page is kept in this copy's page cache (0: render every request). */
  pageCacheSeconds?: number;
  /** The page micro-cache's bytes at most (PAGE_CACHE_MB). */
  pageCacheBytes?: number;
  /** The kept shared JSON answers' bytes at most (SHARED_JSON_MB; 0: none kept). */
  sharedJsonBytes?: number;
  /** s-maxage for shared caches (a CDN) on public pages. */
  cdnCacheSeconds?: number;
  /** Static file handlers (production: build/client). */
  staticHandlers?: MiddlewareHandler[];
  production: boolean;
  /** Development: allow Vite's inline scripts and HMR websocket. */
  dev?: boolean;
  /** Rate-limit store and TRUST_PROXY of API writes and page form posts (server/composition.ts); absent: counters in memory. */
  api?: ApiOptions;
}

/** '/a/b?c' of an absolute URL, as sent (not decoded), without building a URL object. */
const NOT_STORED = { 'Cache-Control': 'no-store' } as const;

/** A browser's speculative fetch of a page's data (`<link rel="prefetch">` sends `Sec-Purpose: prefetch`). */
export function isDataPrefetch(request: Request): boolean {
  if (request.method !== 'GET' || !new URL(request.url).pathname.endsWith('.data')) return false;
  const purpose = request.headers.get('Sec-Purpose') ?? request.headers.get('Purpose') ?? '';
  return /\bprefetch\b/i.test(purpose);
}

function pathAndQuery(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

/** A page that needs nothing to render: the Dutch notice while the database cannot be reached. */
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Even niet bereikbaar – Slaagbundel</title></head>
<body><main><h1>Even niet bereikbaar</h1><p>${MESSAGES.SERVICE_UNAVAILABLE}</p><p><a href="">Probeer het opnieuw</a></p></main></body>
</html>
`;

/** The 503 answer while the database cannot be reached: the API's error shape, or the Dutch page. */
function unavailable(path: string, retryAfterSeconds: number): Response {
  const headers = { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' };
  if (path.startsWith(`${API_BASE}/`)) {
    return Response.json(apiErrorBody(503, API_ERROR_CODES.serviceUnavailable, API_MESSAGES.SERVICE_UNAVAILABLE), {
      status: 503,
      headers,
    });
  }
  return new Response(UNAVAILABLE_PAGE, {
    status: 503,
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
  });
}

/** The one HTTP app: /healthz, /readyz, /api, assets, and SSR for everything else. */
export function createApp({
  deps,
  ping,
  health,
  ssr,
  pageCacheSeconds = 0,
  pageCacheBytes,
  sharedJsonBytes = 8 * 1024 * 1024,
  cdnCacheSeconds = 60,
  staticHandlers = [],
  production,
  dev = false,
  api = {},
}: CreateAppOptions) {
  const app = new Hono<HttpEnv>();
  const { logger } = deps;
  const pageCache = createPageCache<PreparedPage>({
    ttlMs: dev ? 0 : pageCacheSeconds * 1000,
    maxBytes: pageCacheBytes,
    // Its body, and half as much again for the compressed forms made of it on first need.
    sizeOf: (page) => Math.ceil(page.body.length * 1.5) + 1024,
  });
  // Browsers revalidate every time (ETag → 304): a page differs by the level cookie, and a
  // browser serving a stale copy (stale-while-revalidate) would show the old level. Shared
  // caches keep it s-maxage; CDNs that read CDN-Cache-Control (RFC 9213) may also serve it
  // stale while they refresh it.
  const publicCacheControl = `public, max-age=0, must-revalidate, s-maxage=${cdnCacheSeconds}`;
  const cdnCacheControl = `public, max-age=${cdnCacheSeconds}, stale-while-revalidate=${cdnCacheSeconds * 5}`;

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const path = c.req.path;
    const quiet = path.startsWith('/assets/') || path === '/healthz' || path === '/readyz';
    logger[quiet ? 'debug' : 'info'](
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: undefined,
      referrerPolicy: 'strict-origin-when-cross-origin',
      strictTransportSecurity: production ? 'max-age=31536000; includeSubDomains' : false,
      xContentTypeOptions: 'nosniff',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    }),
  );
  // Pages set their own policy (script hashes); everything else runs nothing.
  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', DEFAULT_CSP);
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // Ready when the database answers and the rate-limit store is reachable: without the store, sign-in,
  // registration and password resets are refused (ADR 015), so this copy is not fully in service.
  app.get('/readyz', async (c) => {
    const [database, rateLimits] = await Promise.all([
      ping().then(
        () => 'ok' as const,
        (error: unknown) => {
          logger.warn({ err: error }, 'readiness check failed: database');
          return 'unreachable' as const;
        },
      ),
      (api.rateLimiter?.available() ?? Promise.resolve(true)).then(
        (up) => (up ? ('ok' as const) : ('unreachable' as const)),
        () => 'unreachable' as const,
      ),
    ]);
    const ready = database === 'ok' && rateLimits === 'ok';
    return c.json({ status: ready ? 'ok' : 'unavailable', database, rateLimitStore: rateLimits }, ready ? 200 : 503);
  });

  // Hashed assets (immutable) and public files; each answers when the file exists, else passes on.
  for (const handler of staticHandlers) app.use('*', handler);

  // While the database cannot be reached, every page and API request answers a Dutch 503 with
  // Retry-After at once, rather than waiting on it and failing; a request that was running when
  // the connection went (a 500, its error reported to the health) answers the same.
  if (health) {
    app.use(async (c, next) => {
      if (health.available) {
        await next();
        if (c.res.status !== 500 || health.available) return;
      }
      c.res = unavailable(c.req.path, health.retryAfterSeconds);
    });
  }

  const trustProxyHops = api.trustProxyHops ?? 0;
  const sharedJson = createSharedJson({ maxBytes: sharedJsonBytes });
  // For the API and pages (not health checks or files): the request's cookies are read once, here,
  // for middleware, loaders, API handlers and the page cache.
  app.use(async (c, next) => {
    const target = pathAndQuery(c.req.url);
    c.set('target', target);
    c.set('request', {
      ...readRequestState(c.req.header('Cookie'), c.get('requestId'), target.split('?', 1)[0]),
      clientAddress: clientKey(c, trustProxyHops),
    });
    // A GET or HEAD reads before anything could change: it may use the views kept of the user's data.
    c.set('scope', createScope(deps, { userViews: c.req.method === 'GET' || c.req.method === 'HEAD' }));
    c.set('sharedJson', sharedJson);
    await next();
  });

  const rateLimiter = api.rateLimiter ?? createMemoryRateLimiter({ logger });
  app.use('/api/*', compressResponses());
  app.route(API_BASE, createApi({ rateLimiter, trustProxyHops, auth: api.auth }));

  if (ssr) {
    app.all('*', async (c) => {
      const initial = c.get('request');
      // The logged-in area, the cart and the checkout are personal by nature (their redirects too): never
      // looked up in, nor stored in, the cache.
      const personal = isPersonalPath(c.req.path) || isBackofficePath(c.req.path);
      // A link's prefetch on intent (spec §9) of a personal page's data could never be used: that data is
      // `no-store` and the click asks for it again. It is answered at once, without running the page's
      // loaders (the prefetch of the page's code is unaffected).
      if (personal && isDataPrefetch(c.req.raw)) return new Response(null, { status: 204, headers: NOT_STORED });
      const refusal = initial.malformedPath
        ? ({ status: 400, message: MESSAGES.MALFORMED_PATH } as const)
        : await refusePageWrite(c, { rateLimiter, trustProxyHops, publicUrl: deps.settings.publicUrl });
      let request = c.req.raw;
      let state = initial;
      if (refusal) {
        // No loader runs for the original request and no action at all: the same address as a plain GET,
        // whose root loader answers the refusal with our Dutch error page (a bad address would make the
        // router warn outside our log, so its percent signs are escaped).
        logger.warn(
          { reqId: state.requestId, method: request.method, path: c.req.path, status: refusal.status },
          'request refused',
        );
        const url = new URL(request.url);
        if (initial.malformedPath) url.pathname = url.pathname.replaceAll('%', '%25');
        request = new Request(url, { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers: request.headers });
        state = { ...initial, refusal };
      }
      const render = async () => {
        const context = new RouterContextProvider();
        context.set(scopeContext, c.get('scope'));
        context.set(requestContext, state);
        return preparePage(await ssr(request, context), {
          method: request.method,
          dev,
          tagManager: Boolean(deps.settings.gtmId),
        });
      };
      const cacheable =
        !refusal && !personal && pageCache.enabled && (request.method === 'GET' || request.method === 'HEAD');
      const key = `${c.get('target')}|${state.renderKey}`;
      const { value: page, hit } = cacheable
        ? await pageCache.get(key, render, (p) => p.public)
        : { value: await render(), hit: false };
      const response = sendPage(page, request, state.missingLanguageCookies, hit);
      if (refusal && 'retryAfterSeconds' in refusal)
        response.headers.set('Retry-After', String(refusal.retryAfterSeconds));
      return response;
    });
  }

  /** Headers, revalidation (304), content negotiation and language cookies for a prepared page. */
  function sendPage(page: PreparedPage, request: Request, languageCookies: string[], hit: boolean): Response {
    const headers = new Headers(page.headers);
    if (page.etag) headers.set('ETag', page.etag);
    headers.append('Vary', 'Accept-Encoding');
    if (pageCache.enabled) headers.set('X-Page-Cache', hit ? 'HIT' : 'MISS');
    // The one layer that writes the language cookies (spec §9). A response that sets
    // a cookie is never stored by a shared cache.
    for (const cookie of languageCookies) headers.append('Set-Cookie', cookie);
    const shared = page.public && languageCookies.length === 0;
    headers.set('Cache-Control', shared ? publicCacheControl : page.public ? 'private, no-cache' : 'private, no-store');
    if (shared) headers.set('CDN-Cache-Control', cdnCacheControl);
    if (page.etag && etagMatches(request.headers.get('If-None-Match'), page.etag)) {
      headers.delete('Content-Type');
      return new Response(null, { status: 304, headers });
    }
    const reused = pageCache.enabled && page.public;
    const encoding = chooseEncoding(request.headers.get('Accept-Encoding'), page.body.length);
    const body = encoding ? encodedBody(page, encoding, { reused }) : page.body;
    if (encoding) headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.length));
    const nullBody = request.method === 'HEAD' || page.status === 204 || page.status === 304;
    return new Response(nullBody ? null : (body as Uint8Array<ArrayBuffer>), { status: page.status, headers });
  }

  app.onError((error, c) => {
    deps.errors.capture(error, { reqId: c.get('requestId'), path: c.req.path, method: c.req.method });
    if (c.req.path.startsWith('/api/')) {
      return c.json({ status: 500, error: 'internal_error', message: MESSAGES.GENERIC_ERROR }, 500);
    }
    return c.text(MESSAGES.GENERIC_ERROR, 500);
  });
  return app;
}
