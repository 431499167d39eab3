import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from './api/limits.ts';
import type { HttpEnv } from './http-env.ts';
import { createMemoryRateLimiter } from './infra/rate-limit.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
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

  it('count a post with JavaScript (to the page’s .data address) against the same page’s limit', async () => {
    const { post } = guarded();
    for (let i = 0; i < RATE_LIMITS.contact.points; i += 1) {
      expect((await post(i % 2 ? '/contact.data' : '/contact')).status).toBe(200);
    }
    expect((await post('/contact.data')).status).toBe(429);
    expect((await post('/contact')).status).toBe(429);
  });

  it('refuse a body that is no form with 415, and a multipart body that cannot be read with 400', async () => {
    const { app } = guarded();
    const send = (type: string | undefined, body: string) =>
      app.request('/contact', {
        method: 'POST',
        headers: { origin: 'http://localhost', ...(type ? { 'content-type': type } : {}) },
        body,
      });
    for (const [type, body] of [
      ['text/plain', 'email=a@b.nl'],
      ['application/json', '{"email":"a@b.nl"}'],
      ['application/xml', '<a/>'],
      [undefined, 'email=a%40b.nl'],
    ] as const) {
      const refused = await send(type, body);
      expect(refused.status, String(type)).toBe(415);
      expect(await refused.json()).toMatchObject({ message: MESSAGES.FORM_UNREADABLE });
    }
    expect((await send('multipart/form-data', 'email=a@b.nl')).status).toBe(400);
    expect((await send('multipart/form-data; boundary=x', '--y\r\nbroken')).status).toBe(400);
    // Forms as browsers send them pass.
    expect((await send('application/x-www-form-urlencoded; charset=UTF-8', 'email=a%40b.nl')).status).toBe(200);
    const form = new FormData();
    form.set('email', 'a@b.nl');
    expect(
      (await app.request('/contact', { method: 'POST', headers: { origin: 'http://localhost' }, body: form })).status,
    ).toBe(200);
  });

  it('count a sign-up on /nieuwsbrief against the newsletter rule, but not its confirm page', async () => {
    const { post, rateLimiter } = guarded();
    // The API's sign-ups use the same budget.
    await rateLimiter.consume(RATE_LIMITS.newsletter, 'unknown');
    for (let i = 1; i < RATE_LIMITS.newsletter.points; i += 1) expect((await post('/nieuwsbrief')).status).toBe(200);
    expect((await post('/nieuwsbrief')).status).toBe(429);
    expect((await post('/nieuwsbrief/bevestigen?token=x')).status).toBe(200);
  });

  it('take up to 2 MB on the back office’s upload of study content (its page and data request), 16 KB elsewhere', async () => {
    const { app } = guarded();
    const send = (path: string, bytes: number) => {
      const form = new FormData();
      form.set('text', 'x'.repeat(bytes));
      return app.request(path, { method: 'POST', headers: { origin: 'http://localhost' }, body: form });
    };
    for (const path of ['/beheer/studie-inhoud/uploaden', '/beheer/studie-inhoud/uploaden.data']) {
      expect((await send(path, 200 * 1024)).status, path).toBe(200);
      expect((await send(path, 2 * 1024 * 1024)).status, path).toBe(413);
    }
    expect((await send('/beheer/examengegevens/n-term', 200 * 1024)).status).toBe(413);
    expect((await send('/contact', 20 * 1024)).status).toBe(413);
  });
});
