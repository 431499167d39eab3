import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords } from '../../app/db/schema/index.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(() => rt.close());

const get = (path: string) => rt.app.request(path);

describe('health', () => {
  it('answers /healthz and /readyz with the database reachable', async () => {
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('reports 503 when the database is gone', async () => {
    const { createApp } = await import('../../server/create-app.ts');
    const app = createApp({
      services: rt.services,
      ping: () => Promise.reject(new Error('connection refused')),
      production: false,
    });
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
  });
});

describe('security headers', () => {
  it('sends a nonce CSP, nosniff and a referrer policy; HSTS only in production', async () => {
    const res = await get('/healthz');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const { createApp } = await import('../../server/create-app.ts');
    const prod = createApp({ services: rt.services, ping: rt.database.ping, production: true });
    expect((await prod.request('/healthz')).headers.get('strict-transport-security')).toContain('max-age=31536000');
  });

  it('uses a new nonce for every response', async () => {
    const nonce = async () =>
      /'nonce-([^']+)'/.exec((await get('/healthz')).headers.get('content-security-policy')!)![1];
    expect(await nonce()).not.toBe(await nonce());
  });
});

describe('GET /api/v1/products', () => {
  it('lists 18 products a page with totals', async () => {
    const res = await get('/api/v1/products');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.products).toHaveLength(18);
    expect(body.total).toBe(36);
    expect(body.totalPages).toBe(2);
    const second = await (await get('/api/v1/products?page=2')).json();
    expect(second.products).toHaveLength(18);
    const ids = new Set([...body.products, ...second.products].map((p: { id: number }) => p.id));
    expect(ids.size).toBe(36);
  });

  it('filters by level, subject and product type', async () => {
    const body = await (await get('/api/v1/products?level=vwo&productType=examenbundel')).json();
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) {
      expect(p.level).toBe('vwo');
      expect(p.productType).toBe('examenbundel');
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.href).toBe(`/producten/${p.id}/${p.slug}`);
    }
    const none = await (await get('/api/v1/products?subject=sterrenkunde')).json();
    expect(none).toMatchObject({ products: [], total: 0, totalPages: 0 });
  });

  it('shows a dummy cover whose label fits the product type and level', async () => {
    const body = await (await get('/api/v1/products?productType=examenbundel&level=vwo')).json();
    for (const p of body.products) expect(p.image).toMatch(/^\/images\/dummy\/dummy-(3|7|13)\.svg$/);
    const idioms = await (await get('/api/v1/products?productType=examenidioom')).json();
    for (const p of idioms.products) expect(p.image).toMatch(/^\/images\/dummy\/dummy-(8|14)\.svg$/);
  });

  it('marks orderability and stock as the spec says', async () => {
    const all = [
      ...(await (await get('/api/v1/products?page=1')).json()).products,
      ...(await (await get('/api/v1/products?page=2')).json()).products,
    ];
    const notOrderable = all.filter((p) => p.isOrderable === 'N');
    const soldOut = all.filter((p) => !p.inStock);
    expect(notOrderable.length).toBeGreaterThan(0);
    expect(soldOut.length).toBeGreaterThan(0);
    for (const p of [...notOrderable, ...soldOut]) expect(p.canOrder).toBe(false);
  });

  it('answers bad input with 400 and Dutch field errors, never a 500', async () => {
    const res = await get('/api/v1/products?level=mbo&page=nul&productType=poster');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('validation_failed');
    expect(body.fieldErrors).toEqual({
      level: ['Onbekend niveau.'],
      page: ['Voer een paginanummer in.'],
      productType: ['Onbekend producttype.'],
    });
  });
});

describe('POST /api/v1/consent', () => {
  it('records a valid consent choice', async () => {
    const res = await rt.app.request('/api/v1/consent', {
      method: 'POST',
      body: JSON.stringify({ value: '*,1,2,GTM:1' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ categories: ['1', '2'] });
    const rows = await rt.services.db.select().from(consentRecords);
    expect(rows.map((r) => r.value)).toContain('*,1,2,GTM:1');
  });

  it('refuses a value that is no consent, with the spec message', async () => {
    for (const body of ['{"value":"*,4,GTM:1"}', '{}', 'geen json']) {
      const res = await rt.app.request('/api/v1/consent', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors.value).toEqual(['Maak een keuze.']);
    }
  });
});

describe('POST /api/v1/client-errors', () => {
  const post = (body: string) =>
    rt.app.request('/api/v1/client-errors', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('hands a browser error to the error reporter', async () => {
    const before = rt.reported.length;
    const res = await post(
      JSON.stringify({
        message: 'TypeError: x is undefined',
        stack: 'at home.tsx:1',
        url: '/',
        context: { kind: 'route' },
      }),
    );
    expect(res.status).toBe(202);
    expect(rt.reported.length).toBe(before + 1);
    const error = rt.reported.at(-1) as Error;
    expect(error.name).toBe('ClientError');
    expect(error.message).toBe('TypeError: x is undefined');
  });

  it('refuses malformed and oversized reports without reporting them', async () => {
    const before = rt.reported.length;
    expect((await post('{"message":"","url":"https://evil.example"}')).status).toBe(400);
    expect((await post(JSON.stringify({ message: 'x', url: '/', stack: 'y'.repeat(9000) }))).status).toBe(413);
    expect(rt.reported.length).toBe(before);
  });
});

describe('unknown API routes', () => {
  it('answer JSON 404', async () => {
    const res = await get('/api/v1/bestaat-niet');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Deze API-route bestaat niet.' });
  });
});
