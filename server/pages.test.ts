import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestContext } from '#app/context.ts';
import type { Deps } from '#app/platform/server/deps.ts';
import { createApp } from './create-app.ts';

const LANGUAGE = 'vsf-locale=nl; vsf-currency=EUR; vsf-country=NL';
const INLINE = 'window.__ctx = {"a":1};';
const html = (extra = '') =>
  `<!DOCTYPE html><html><head></head><body><main>${extra}${'x'.repeat(2000)}</main>` +
  `<script>${INLINE}</script><script type="module" src="/assets/a.js"></script></body></html>`;

/** What createApp reads of the dependencies when the SSR handler is a fake: a silent logger and settings. */
function fakeDeps(settings: Partial<Deps['settings']> = {}): Deps {
  return {
    logger: pino({ level: 'silent' }),
    errors: { capture() {}, flush: async () => {} },
    settings: { gtmId: undefined, ...settings },
  } as unknown as Deps;
}

function setup({
  pageCacheSeconds = 5,
  respond,
}: { pageCacheSeconds?: number; respond?: (r: Request) => Response } = {}) {
  const renders: { path: string; level: string | null }[] = [];
  const deps = fakeDeps();
  const app = createApp({
    deps,
    ping: async () => {},
    production: false,
    pageCacheSeconds,
    cdnCacheSeconds: 60,
    ssr: async (request, context) => {
      renders.push({ path: new URL(request.url).pathname, level: context.get(requestContext).level });
      return (
        respond?.(request) ??
        new Response(html(context.get(requestContext).level ?? ''), {
          status: 200,
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
        })
      );
    },
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { Cookie: LANGUAGE, ...headers } });
  return { app, get, renders };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('public pages', () => {
  it('allow exactly their inline scripts by hash, the same policy every time', async () => {
    const { get } = setup({ pageCacheSeconds: 0 });
    const first = await get('/');
    const csp = first.headers.get('Content-Security-Policy')!;
    expect(csp).toContain(`script-src 'self' ${sha256(INLINE)};`);
    expect(csp).not.toMatch(/nonce|unsafe-inline'[^;]*script|script-src[^;]*unsafe-inline/);
    expect((await get('/')).headers.get('Content-Security-Policy')).toBe(csp);
  });

  it('are cacheable by shared caches, with an ETag that a revalidation answers with 304', async () => {
    const { get } = setup();
    const page = await get('/');
    expect(page.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate, s-maxage=60');
    expect(page.headers.get('CDN-Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=300');
    const etag = page.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    expect((await get('/', { 'If-None-Match': 'W/"other"' })).status).toBe(200);
  });

  it('are sent with brotli or gzip when the browser accepts them, else as they are', async () => {
    const { get } = setup();
    const plain = await (await get('/')).text();
    const br = await get('/', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gzip = await get('/', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    expect(br.headers.get('Vary')).toContain('Accept-Encoding');
  });

  it('are rendered once per render-affecting cookie value; other cookies do not split the cache', async () => {
    const { get, renders } = setup();
    expect((await get('/')).headers.get('X-Page-Cache')).toBe('MISS');
    const withSession = await get('/', { Cookie: `${LANGUAGE}; session=abc; _ga=GA1.2.3` });
    expect(withSession.headers.get('X-Page-Cache')).toBe('HIT');
    expect(await (await get('/', { Cookie: `${LANGUAGE}; sb_level=vwo` })).text()).toContain('<main>vwo');
    // An unknown level renders like no level, so it shares that entry.
    expect((await get('/', { Cookie: `${LANGUAGE}; sb_level=mbo-x` })).headers.get('X-Page-Cache')).toBe('HIT');
    expect(renders).toEqual([
      { path: '/', level: null },
      { path: '/', level: 'vwo' },
    ]);
  });

  it('set the missing language cookies, and such a response is not shared', async () => {
    const { get } = setup();
    const first = await get('/', { Cookie: '' });
    expect(first.headers.getSetCookie()).toEqual([
      'vsf-locale=nl; Max-Age=31536000; Path=/; SameSite=Lax',
      'vsf-currency=EUR; Max-Age=31536000; Path=/; SameSite=Lax',
      'vsf-country=NL; Max-Age=31536000; Path=/; SameSite=Lax',
    ]);
    expect(first.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(first.headers.get('CDN-Cache-Control')).toBeNull();
    expect((await get('/')).headers.getSetCookie()).toEqual([]);
  });
});

describe('personal responses', () => {
  it('a page that sets a cookie or says private is never cached or shared', async () => {
    const { get, renders } = setup({
      respond: (request) =>
        new Response(html(), {
          headers: {
            'Content-Type': 'text/html; charset=utf-8',
            ...(request.url.endsWith('/cookie') ? { 'Set-Cookie': 'a=1' } : { 'Cache-Control': 'private' }),
          },
        }),
    });
    for (const path of ['/cookie', '/cookie', '/private', '/private']) {
      const res = await get(path);
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      expect(res.headers.get('X-Page-Cache')).toBe('MISS');
    }
    expect(renders).toHaveLength(4);
  });

  it("a link's prefetch of a personal page's data is answered without rendering; its click is rendered", async () => {
    const { get, renders } = setup();
    for (const path of ['/mijnslaagbundel.data', '/mijnslaagbundel/24/wiskunde-b-havo.data', '/winkelwagen.data']) {
      const prefetch = await get(path, { 'Sec-Purpose': 'prefetch' });
      expect(prefetch.status).toBe(204);
      expect(prefetch.headers.get('Cache-Control')).toBe('no-store');
    }
    expect(renders).toHaveLength(0);
    expect((await get('/mijnslaagbundel.data')).status).toBe(200);
    // A public page's data is prefetched as usual (the prefetch fills the browser's cache).
    expect((await get('/producten.data', { 'Sec-Purpose': 'prefetch' })).status).toBe(200);
    expect(renders.map((r) => r.path)).toEqual(['/mijnslaagbundel.data', '/producten.data']);
  });

  it('a form post is rendered every time and not stored', async () => {
    const { app, renders } = setup();
    for (let i = 0; i < 2; i++) {
      const res = await app.request('/', { method: 'POST', headers: { Cookie: LANGUAGE } });
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    }
    expect(renders).toHaveLength(2);
  });
});

describe('non-page responses', () => {
  it('may run nothing and cannot be framed', async () => {
    const { app } = setup();
    const res = await app.request('/healthz');
    expect(res.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  });
});

describe('malformed addresses', () => {
  it('reach the router decodable, flagged so that the page answers 400', async () => {
    const seen: { url: string; malformed: boolean }[] = [];
    const deps = fakeDeps();
    const app = createApp({
      deps,
      ping: async () => {},
      production: false,
      ssr: async (request, context) => {
        seen.push({ url: new URL(request.url).pathname, malformed: context.get(requestContext).malformedPath });
        return new Response('x', { headers: { 'Content-Type': 'text/html' } });
      },
    });
    await app.request('http://localhost/%E0%A4%A');
    await app.request('http://localhost/privacy');
    expect(seen).toEqual([
      { url: '/%25E0%25A4%25A', malformed: true },
      { url: '/privacy', malformed: false },
    ]);
  });
});

describe('form posts to pages', () => {
  function formApp() {
    const seen: { method: string; refusal: number | undefined; body: string }[] = [];
    const deps = fakeDeps({ publicUrl: 'https://www.slaagbundel.nl' });
    const app = createApp({
      deps,
      ping: async () => {},
      production: false,
      pageCacheSeconds: 5,
      api: { trustProxyHops: 1 },
      // Like the root loader: a refusal is answered with its status; otherwise the action's page.
      ssr: async (request, context) => {
        const { refusal } = context.get(requestContext);
        seen.push({ method: request.method, refusal: refusal?.status, body: await request.text() });
        return new Response(refusal?.message ?? html(), {
          status: refusal?.status ?? 200,
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
        });
      },
    });
    const post = (headers: Record<string, string>, body: BodyInit = 'level=havo', client = '198.51.100.1') =>
      app.request('http://localhost/', {
        method: 'POST',
        body,
        headers: {
          Cookie: LANGUAGE,
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': client,
          ...headers,
        },
        // A ReadableStream body needs this in Node's fetch.
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
    return { app, post, seen };
  }

  it('reach the action with their body when they come from our own site', async () => {
    const { post, seen } = formApp();
    // The request reaches us as http://localhost (Host: the internal name behind a proxy); the browser's Origin is PUBLIC_URL's.
    expect((await post({ Origin: 'https://www.slaagbundel.nl' })).status).toBe(200);
    expect((await post({ 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect(seen).toEqual(Array(2).fill({ method: 'POST', refusal: undefined, body: 'level=havo' }));
  });

  it("compare the Origin with PUBLIC_URL's, never with the Host the request names", async () => {
    const { post, seen } = formApp();
    expect((await post({ Origin: 'http://localhost' })).status).toBe(403);
    expect((await post({ Origin: 'https://evil.example', Host: 'evil.example' })).status).toBe(403);
    expect(seen).toEqual(Array(2).fill({ method: 'GET', refusal: 403, body: '' }));
  });

  it('from another website are refused with 403 before any action runs, and nothing is read', async () => {
    const { post, seen } = formApp();
    const res = await post({ Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('Dit formulier kwam niet van onze eigen website en is daarom niet verwerkt.');
    expect((await post({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(seen).toEqual(Array(2).fill({ method: 'GET', refusal: 403, body: '' }));
  });

  it('over 16 KB are refused with 413, declared or streamed', async () => {
    const { post, seen } = formApp();
    const big = `level=${'x'.repeat(16 * 1024)}`;
    expect((await post({}, big)).status).toBe(413);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    expect((await post({}, chunked)).status).toBe(413);
    expect(seen.map((s) => [s.method, s.refusal])).toEqual([
      ['GET', 413],
      ['GET', 413],
    ]);
  });

  it('are limited per client and minute (room for a class: 300 posts), with Retry-After, and a refusal is never cached', async () => {
    const { app, post } = formApp();
    // The limiter's clock is Date: a minute can pass without waiting for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 300; i++) expect((await post({}, 'level=vwo', '198.51.100.7')).status).toBe(200);
      const limited = await post({}, 'level=vwo', '198.51.100.7');
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await limited.text()).toBe(
        `Je hebt dit te vaak geprobeerd. Probeer het over ${retryAfter} ${retryAfter === 1 ? 'seconde' : 'seconden'} opnieuw.`,
      );
      expect(limited.headers.get('Cache-Control')).toBe('private, no-store');
      // Another client posts, and the page itself is still served normally.
      expect((await post({}, 'level=vwo', '198.51.100.8')).status).toBe(200);
      const page = await app.request('/', { headers: { Cookie: LANGUAGE } });
      expect(page.status).toBe(200);
      // Within the minute the client is still refused; once it has passed, its posts reach the action again.
      vi.setSystemTime(Date.now() + 59_000);
      expect((await post({}, 'level=vwo', '198.51.100.7')).status).toBe(429);
      vi.setSystemTime(Date.now() + 1_001);
      expect((await post({}, 'level=vwo', '198.51.100.7')).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
