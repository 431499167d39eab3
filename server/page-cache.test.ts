import { describe, expect, it } from 'vitest';
import { createPageCache, pageCacheKey } from './page-cache.ts';

const req = (path: string, cookie?: string, method = 'GET') =>
  new Request(`http://localhost${path}`, { method, headers: cookie ? { Cookie: cookie } : {} });

function page(nonce: string, init: ResponseInit = {}) {
  return new Response(
    `<html><script nonce="${nonce}">1</script><script nonce="${nonce}" src="/a.js"></script></html>`,
    {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      ...init,
    },
  );
}

function setup(ttlMs = 5000) {
  let clock = 0;
  let renders = 0;
  const cache = createPageCache({ ttlMs, now: () => clock });
  const serve = (request: Request, nonce: string, init?: ResponseInit) =>
    cache.handle(request, nonce, async () => {
      renders++;
      return page(nonce, init);
    });
  return { cache, serve, renders: () => renders, advance: (ms: number) => (clock += ms) };
}

describe('pageCacheKey', () => {
  it('varies on path, query, level and sale-banner cookies only', () => {
    expect(pageCacheKey(req('/'))).toBe('/|sb_level=&sale_notice_cookie=');
    expect(pageCacheKey(req('/?a=1', 'gdpr_cookie=*,1,GTM:1; vsf-locale=nl; sb_level=vwo'))).toBe(
      '/?a=1|sb_level=vwo&sale_notice_cookie=',
    );
  });
  it('refuses non-GET, API and requests with any unknown cookie', () => {
    expect(pageCacheKey(req('/', undefined, 'POST'))).toBeNull();
    expect(pageCacheKey(req('/api/v1/products'))).toBeNull();
    expect(pageCacheKey(req('/', 'session=abc'))).toBeNull();
  });
});

describe('page cache', () => {
  it('renders once, then serves the copy with this request’s nonce', async () => {
    const { serve, renders } = setup();
    const first = await serve(req('/'), 'AAA');
    expect(first.headers.get('X-Page-Cache')).toBe('MISS');
    expect(await first.text()).toContain('nonce="AAA"');
    const second = await serve(req('/'), 'BBB');
    expect(second.headers.get('X-Page-Cache')).toBe('HIT');
    const html = await second.text();
    expect(html).not.toContain('AAA');
    expect(html.match(/nonce="BBB"/g)).toHaveLength(2);
    expect(second.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(renders()).toBe(1);
  });

  it('gzips a copy when the browser accepts gzip', async () => {
    const { serve } = setup();
    await serve(req('/'), 'A');
    const request = new Request('http://localhost/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    const hit = await serve(request, 'B');
    expect(hit.headers.get('Content-Encoding')).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(Buffer.from(await hit.arrayBuffer())).toString()).toContain('nonce="B"');
  });

  it('adds the language cookies the request lacks, also on a hit', async () => {
    const { serve } = setup();
    await serve(req('/'), 'A');
    const hit = await serve(req('/', 'vsf-locale=nl'), 'B');
    expect(hit.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['vsf-currency', 'vsf-country']);
  });

  it('keeps entries for the TTL only', async () => {
    const { serve, renders, advance } = setup(5000);
    await serve(req('/'), 'A');
    advance(4999);
    await serve(req('/'), 'B');
    expect(renders()).toBe(1);
    advance(1);
    await serve(req('/'), 'C');
    expect(renders()).toBe(2);
  });

  it('keeps levels apart and bypasses personal requests', async () => {
    const { serve, renders } = setup();
    await serve(req('/', 'sb_level=vwo'), 'A');
    await serve(req('/', 'sb_level=havo'), 'B');
    expect(renders()).toBe(2);
    const personal = await serve(req('/', 'sb_level=vwo; session=1'), 'C');
    expect(personal.headers.get('X-Page-Cache')).toBeNull();
    expect(renders()).toBe(3);
  });

  it('never keeps responses that set other cookies, are private, or are errors', async () => {
    const { serve, renders } = setup();
    await serve(req('/a'), 'A', { headers: { 'Set-Cookie': 'session=1' } });
    await serve(req('/a'), 'B');
    await serve(req('/b'), 'A', { headers: { 'Cache-Control': 'private' } });
    await serve(req('/b'), 'B');
    await serve(req('/c'), 'A', { status: 500 });
    await serve(req('/c'), 'B', { status: 500 });
    expect(renders()).toBe(6);
  });

  it('renders once for concurrent identical requests', async () => {
    const { serve, renders } = setup();
    const responses = await Promise.all(['1', '2', '3', '4'].map((n) => serve(req('/'), n)));
    expect(renders()).toBe(1);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    bodies.forEach((body, i) => expect(body).toContain(`nonce="${i + 1}"`));
  });

  it('is off with a TTL of 0', async () => {
    const { serve, renders } = setup(0);
    await serve(req('/'), 'A');
    await serve(req('/'), 'B');
    expect(renders()).toBe(2);
  });
});
