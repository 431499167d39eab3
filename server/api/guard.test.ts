import { createRoute } from '@hono/zod-openapi';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { Deps } from '#app/platform/server/deps.ts';
import { createApp } from '#server/create-app.ts';
import { createMemoryRateLimiter } from '#server/infra/rate-limit.ts';
import { errorResponses, WRITE_ERRORS } from './errors.ts';
import { writeGuard } from './guard.ts';
import { DEFAULT_MAX_BODY_BYTES, RATE_LIMITS, limitsOfRoute, writeLimits } from './limits.ts';
import { createRouteTable } from './route-table.ts';
import { createApiRouter } from './router.ts';

/** A route that says nothing about its limits gets the defaults. */
function appWithPlainRoute() {
  const api = createApiRouter();
  const rateLimiter = createMemoryRateLimiter({ logger: pino({ level: 'silent' }) });
  api.use('*', writeGuard({ routes: createRouteTable(api), rateLimiter, trustProxyHops: 0 }));
  api.openapi(
    createRoute({
      method: 'post',
      path: '/notes',
      request: {
        body: { required: true, content: { 'application/json': { schema: z.object({ text: z.string() }) } } },
      },
      responses: { 204: { description: 'ok' }, ...errorResponses(...WRITE_ERRORS) },
    }),
    (c) => c.body(null, 204),
  );
  const deps = {
    logger: pino({ level: 'silent' }),
    errors: { capture() {}, flush: async () => {} },
    settings: { publicUrl: 'http://localhost' },
  } as unknown as Deps;
  const app = createApp({ deps, ping: async () => {}, production: false });
  app.route('/test', api);
  return app;
}

const post = (app: ReturnType<typeof appWithPlainRoute>, text: string) =>
  app.request('/test/notes', {
    method: 'POST',
    body: JSON.stringify({ text }),
    headers: { 'content-type': 'application/json' },
  });

describe('write guard defaults', () => {
  it('allows 16 KB and refuses more, for a route that sets no limit', async () => {
    const app = appWithPlainRoute();
    const overhead = JSON.stringify({ text: '' }).length;
    expect((await post(app, 'x'.repeat(DEFAULT_MAX_BODY_BYTES - overhead))).status).toBe(204);
    expect((await post(app, 'x'.repeat(DEFAULT_MAX_BODY_BYTES - overhead + 1))).status).toBe(413);
  });

  it('limits such a route with the general write rule', async () => {
    const app = appWithPlainRoute();
    for (let i = 1; i < RATE_LIMITS.write.points; i += 1) await post(app, 'x');
    expect((await post(app, 'x')).status).toBe(204);
    const refused = await post(app, 'x');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('writeLimits', () => {
  it('documents a route’s own limits and reads them back', () => {
    const config = writeLimits({ rateLimit: RATE_LIMITS.consent, maxBodyBytes: 1024 });
    expect(config).toEqual({
      'x-rate-limit': { name: 'consent', requests: 10, windowSeconds: 60, per: 'client' },
      'x-max-body-bytes': 1024,
    });
    expect(limitsOfRoute(config)).toEqual({ rateLimit: RATE_LIMITS.consent, maxBodyBytes: 1024 });
    expect(limitsOfRoute({})).toEqual({ rateLimit: RATE_LIMITS.write, maxBodyBytes: 16 * 1024 });
  });
});
