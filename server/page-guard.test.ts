import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from './api/limits.ts';
import type { HttpEnv } from './http-env.ts';
import { createMemoryRateLimiter } from './infra/rate-limit.ts';
import { refusePageWrite } from './page-guard.ts';

/** The page guard alone, in front of a handler that answers what the guard decided. */
function guarded() {
  const rateLimiter = createMemoryRateLimiter({ logger: pino({ level: 'silent' }) });
  const app = new Hono<HttpEnv>();
  app.all('*', async (c) => {
    const refusal = await refusePageWrite(c, { rateLimiter, trustProxyHops: 0, publicUrl: 'http://localhost' });
    return c.json(refusal ?? { status: 200 }, refusal?.status ?? 200);
  });
  const post = (path: string) =>
    app.request(path, {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.nl',
    });
  return { app, post, rateLimiter };
}

describe('page form posts', () => {
  it('share the API limit of the same write: the 6th message via /contact in ten minutes is refused', async () => {
    const { post } = guarded();
    for (let i = 0; i < RATE_LIMITS.contact.points; i += 1) expect((await post('/contact')).status).toBe(200);
    const refused = await post('/contact');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ status: 429, retryAfterSeconds: expect.any(Number) });
    // Other pages keep the general page-write limit.
    expect((await post('/?index')).status).toBe(200);
  });

  it('count a sign-up on /nieuwsbrief against the newsletter rule, but not its confirm page', async () => {
    const { post, rateLimiter } = guarded();
    // The API's sign-ups use the same budget.
    await rateLimiter.consume(RATE_LIMITS.newsletter, 'unknown');
    for (let i = 1; i < RATE_LIMITS.newsletter.points; i += 1) expect((await post('/nieuwsbrief')).status).toBe(200);
    expect((await post('/nieuwsbrief')).status).toBe(429);
    expect((await post('/nieuwsbrief/bevestigen?token=x')).status).toBe(200);
  });
});
