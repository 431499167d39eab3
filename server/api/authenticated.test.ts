import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readyBody } from '#server/infra/compression.ts';
import { markPrivate } from './authenticated.ts';

// As the server runs it: the Node adapter's lightweight Response is the global one (server/main.ts).
getRequestListener(() => new Response(null));

/** Routes behind what `authenticated` does after its handler; `seen` is the body as the next layer out finds it. */
function app() {
  const a = new Hono();
  const seen: ReturnType<typeof readyBody>[] = [];
  a.use('*', async (c, next) => {
    await next();
    seen.push(readyBody(c.res));
  });
  a.use('*', async (c, next) => {
    await next();
    markPrivate(c);
  });
  a.get('/me', (c) => c.json({ id: 'pupil-1' }));
  a.get('/away', () => Response.redirect('http://localhost/mijnslaagbundel', 302));
  // An answer passed on from elsewhere: `fetch` gives a web Response whose headers cannot be changed.
  a.get('/passed-on', () => fetch('data:application/json,{"passed":true}'));
  return { app: a, seen };
}

describe('markPrivate (the authenticated middleware, after its handler)', () => {
  it('marks an answer private, leaving it as the handler made it (its body not made a stream)', async () => {
    const { app: a, seen } = app();
    const res = await a.request('/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(seen[0]).toBe(JSON.stringify({ id: 'pupil-1' }));
    expect(await res.json()).toEqual({ id: 'pupil-1' });
  });

  it('marks a redirect made with Response.redirect private too', async () => {
    const { app: a } = app();
    const res = await a.request('/away');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('http://localhost/mijnslaagbundel');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('marks an answer passed on from fetch, whose headers are fixed, private too', async () => {
    const { app: a } = app();
    const res = await a.request('/passed-on');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ passed: true });
  });
});
