import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { Auth } from '#app/modules/accounts/index.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { HttpEnv } from '#server/http-env.ts';
import { readyBody } from '#server/infra/compression.ts';
import { authenticated } from './authenticated.ts';

// The session is whatever the cookie says here: what is tested is what the middleware does around the handler.
vi.mock('#app/modules/accounts/index.server.ts', () => ({
  sessionUser: async (_deps: unknown, headers: Headers) =>
    headers.get('cookie') === 'session=pupil' ? { id: 'pupil-1' } : null,
}));

// As the server runs it: the Node adapter's lightweight Response is the global one (server/main.ts).
getRequestListener(() => new Response(null));

function app() {
  const a = new Hono<HttpEnv>();
  const seen: { body: ReturnType<typeof readyBody> }[] = [];
  a.use('*', async (c, next) => {
    c.set('scope', { db: null, once: () => undefined } as unknown as Scope);
    await next();
    seen.push({ body: readyBody(c.res) });
  });
  a.use('*', authenticated({} as Auth));
  a.get('/me', (c) => c.json({ id: c.var.userId }));
  a.get('/away', () => Response.redirect('http://localhost/mijnslaagbundel', 302));
  // An answer passed on from elsewhere: `fetch` gives a web Response whose headers cannot be changed.
  a.get('/passed-on', () => fetch('data:application/json,{"passed":true}'));
  return { app: a, seen };
}

const asPupil = { headers: { cookie: 'session=pupil' } };

describe('authenticated', () => {
  it('answers 401 without a session, and runs no handler', async () => {
    const { app: a, seen } = app();
    const res = await a.request('/me');
    expect(res.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('marks an answer private, leaving it as the handler made it (its body not made a stream)', async () => {
    const { app: a, seen } = app();
    const res = await a.request('/me', asPupil);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(seen[0]!.body).toBe(JSON.stringify({ id: 'pupil-1' }));
    expect(await res.json()).toEqual({ id: 'pupil-1' });
  });

  it('marks a redirect made with Response.redirect private too', async () => {
    const { app: a } = app();
    const res = await a.request('/away', asPupil);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('http://localhost/mijnslaagbundel');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('marks an answer passed on from fetch, whose headers are fixed, private too', async () => {
    const { app: a } = app();
    const res = await a.request('/passed-on', asPupil);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ passed: true });
  });
});
