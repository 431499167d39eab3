import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { RouterContextProvider } from 'react-router';
import { requestContext, servicesContext, type AppServices } from '../app/context.ts';
import { MESSAGES } from '../app/schemas/messages.ts';
import { createApiV1 } from './api/v1.ts';
import type { PageCache } from './page-cache.ts';

export type SsrHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface CreateAppOptions {
  services: AppServices;
  /** Throws when the database is unreachable (readiness). */
  ping: () => Promise<void>;
  /** React Router's request handler; absent in API-only tests. */
  ssr?: SsrHandler;
  /** Micro-cache for anonymous pages (absent: every request renders). */
  pageCache?: PageCache;
  /** Static file handlers (production: build/client). */
  staticHandlers?: MiddlewareHandler[];
  production: boolean;
  /** Development: allow Vite's inline scripts and HMR websocket. */
  dev?: boolean;
}

type Env = { Variables: { requestId: string; secureHeadersNonce?: string } };

/** The one HTTP app: /healthz, /readyz, /api/v1, assets, and SSR for everything else. */
export function createApp({
  services,
  ping,
  ssr,
  pageCache,
  staticHandlers = [],
  production,
  dev = false,
}: CreateAppOptions) {
  const app = new Hono<Env>();
  const { logger } = services;

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
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : [NONCE, "'strict-dynamic'", "'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: dev ? ["'self'", 'ws:'] : ["'self'", 'https://www.google-analytics.com'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      strictTransportSecurity: production ? 'max-age=31536000; includeSubDomains' : false,
      xContentTypeOptions: 'nosniff',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    }),
  );
  app.use(compress());

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await ping();
      return c.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      logger.warn({ err: error }, 'readiness check failed');
      return c.json({ status: 'unavailable', database: 'unreachable' }, 503);
    }
  });

  app.route('/api/v1', createApiV1(services));

  // Hashed assets (immutable) and public files; each answers when the file exists, else passes on.
  for (const handler of staticHandlers) app.use('*', handler);

  if (ssr) {
    app.all('*', async (c) => {
      const nonce = c.get('secureHeadersNonce') ?? '';
      const render = () => {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestContext, { requestId: c.get('requestId'), nonce });
        return ssr(c.req.raw, context);
      };
      return pageCache ? pageCache.handle(c.req.raw, nonce, render) : render();
    });
  }

  app.onError((error, c) => {
    services.errors.capture(error, { reqId: c.get('requestId'), path: c.req.path, method: c.req.method });
    if (c.req.path.startsWith('/api/')) {
      return c.json({ error: 'internal_error', message: MESSAGES.GENERIC_ERROR }, 500);
    }
    return c.text(MESSAGES.GENERIC_ERROR, 500);
  });
  return app;
}
