import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords } from '#app/modules/consent/db/tables.ts';
import { createLogErrorReporter } from '#app/platform/integrations/errors/log.adapter.server.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { createApp } from '#server/create-app.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(() => rt.close());

const get = (path: string, init?: RequestInit) => rt.app.request(path, init);
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  rt.app.request(path, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Asserts the one error shape of the API and returns it. */
async function errorBody(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = apiErrorSchema.parse(await res.json());
  expect(body.status).toBe(status);
  return body;
}

/** Products the shop lists of the demo catalogue (content/products.json): not the class licences, sold on a quote. */
const CATALOGUE_SIZE = (JSON.parse(readFileSync('content/products.json', 'utf8')) as { productType: string }[]).filter(
  (p) => p.productType !== 'klaslicentie',
).length;

const visitor = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('health', () => {
  it('answers /healthz and /readyz with the database reachable', async () => {
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'ok', rateLimitStore: 'ok' });
  });

  it('reports 503 when the database is gone', async () => {
    const app = createApp({
      deps: rt.deps,
      ping: () => Promise.reject(new Error('connection refused')),
      production: false,
    });
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', database: 'unreachable', rateLimitStore: 'ok' });
  });
});

describe('security headers', () => {
  it('sends a locked-down CSP, nosniff and a referrer policy; HSTS only in production', async () => {
    const res = await get('/healthz');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const prod = createApp({ deps: rt.deps, ping: rt.database.ping, production: true });
    expect((await prod.request('/healthz')).headers.get('strict-transport-security')).toContain('max-age=31536000');
  });

  it('gives API answers the default CSP too', async () => {
    const res = await get('/api/v1/products');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('GET /api/v1/products', () => {
  /** Every product of the catalogue, page by page. */
  async function allProducts() {
    const first = await (await get('/api/v1/products')).json();
    const rest = await Promise.all(
      Array.from(
        { length: first.totalPages - 1 },
        async (_, i) => (await (await get(`/api/v1/products?page=${i + 2}`)).json()).products,
      ),
    );
    return [...first.products, ...rest.flat()];
  }

  it('lists 18 products a page with totals, cacheable for a minute', async () => {
    const res = await get('/api/v1/products');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['page', 'products', 'total', 'totalPages']);
    expect(body.products).toHaveLength(18);
    expect(body.total).toBe(CATALOGUE_SIZE);
    expect(body.page).toBe(1);
    expect(body.totalPages).toBe(Math.ceil(CATALOGUE_SIZE / 18));
    const second = await (await get('/api/v1/products?page=2')).json();
    expect(second.products).toHaveLength(18);
    const ids = new Set([...body.products, ...second.products].map((p: { id: number }) => p.id));
    expect(ids.size).toBe(36);
    expect(new Set((await allProducts()).map((p: { id: number }) => p.id)).size).toBe(CATALOGUE_SIZE);
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

  it('shows each product’s own cover, a file under public/', async () => {
    const body = await (await get('/api/v1/products?productType=examenbundel&level=vwo')).json();
    for (const p of body.products) {
      expect(p.image).toMatch(/^\/images\/covers\/sb-vwo-[a-z0-9-]+-\d{4}\.svg$/);
      expect(existsSync(path.join('public', p.image))).toBe(true);
    }
    const images = (await allProducts()).map((p: { image: string }) => p.image);
    expect(new Set(images).size).toBe(CATALOGUE_SIZE);
  });

  it('marks orderability and stock as the spec says', async () => {
    const all = await allProducts();
    const notOrderable = all.filter((p) => p.isOrderable === 'N');
    const soldOut = all.filter((p) => !p.inStock);
    expect(notOrderable.length).toBeGreaterThan(0);
    expect(soldOut.length).toBeGreaterThan(0);
    for (const p of [...notOrderable, ...soldOut]) expect(p.canOrder).toBe(false);
  });

  it('answers bad input with 400 and Dutch field errors in the one error shape, never a 500', async () => {
    const body = await errorBody(await get('/api/v1/products?level=mbo&page=nul&productType=poster'), 400);
    expect(body).toEqual({
      status: 400,
      error: 'validation_failed',
      message: 'Controleer de ingevulde gegevens.',
      fieldErrors: {
        level: ['Onbekend niveau.'],
        page: ['Voer een paginanummer in.'],
        productType: ['Onbekend producttype.'],
      },
    });
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await get('/api/v1/products', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});

describe('POST /api/v1/consent', () => {
  const rowsOf = async (visitorId: string) =>
    (await rt.services.db.select().from(consentRecords)).filter((r) => r.visitorId === visitorId);

  it('records a choice once per visitor: 201 the first time, 200 after, one row', async () => {
    const first = await postJson('/api/v1/consent', { category: '1,2', visitorId: visitor(1) });
    expect(first.status).toBe(201);
    const receipt = await first.json();
    expect(receipt).toEqual({
      category: '1,2',
      value: '*,1,2,GTM:1',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      confirmedAt: receipt.createdAt,
    });

    const again = await postJson('/api/v1/consent', { category: '1,2', visitorId: visitor(1) });
    expect(again.status).toBe(200);
    const confirmed = await again.json();
    expect(confirmed.createdAt).toBe(receipt.createdAt);
    expect(Date.parse(confirmed.confirmedAt)).toBeGreaterThanOrEqual(Date.parse(receipt.createdAt));

    const rows = await rowsOf(visitor(1));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ categories: '1,2', value: '*,1,2,GTM:1' });
    // PII-free: the record holds the choice, the random visitor id and times, nothing else.
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'categories',
      'confirmedAt',
      'createdAt',
      'id',
      'value',
      'visitorId',
    ]);
  });

  it('keeps a changed choice as a record of its own', async () => {
    expect((await postJson('/api/v1/consent', { category: '1,2,3', visitorId: visitor(2) })).status).toBe(201);
    expect((await postJson('/api/v1/consent', { category: '1', visitorId: visitor(2) })).status).toBe(201);
    expect((await postJson('/api/v1/consent', { category: '1', visitorId: visitor(2) })).status).toBe(200);
    expect((await rowsOf(visitor(2))).map((r) => r.value).sort()).toEqual(['*,1,2,3,GTM:1', '*,1,GTM:1']);
  });

  it('refuses a missing or unknown choice with the spec message, and a bad visitor id', async () => {
    const before = (await rt.services.db.select().from(consentRecords)).length;
    for (const category of [undefined, '4', '*,1,2,GTM:1']) {
      const body = await errorBody(await postJson('/api/v1/consent', { category, visitorId: visitor(3) }), 400);
      expect(body.fieldErrors).toEqual({ category: ['Maak een keuze.'] });
    }
    const bad = await errorBody(await postJson('/api/v1/consent', { category: '1', visitorId: 'me' }), 400);
    expect(bad.fieldErrors).toEqual({ visitorId: ['Ongeldige bezoekerscode.'] });
    expect((await rt.services.db.select().from(consentRecords)).length).toBe(before);
  });

  it('answers a body that is not JSON with 400 invalid_json', async () => {
    const body = await errorBody(await postJson('/api/v1/consent', 'geen json'), 400);
    expect(body).toEqual({
      status: 400,
      error: 'invalid_json',
      message: 'De verstuurde gegevens zijn geen geldige JSON.',
    });
  });
});

describe('POST /api/v1/client-errors', () => {
  it('hands a browser error to the error reporter, the report nested under its own fields', async () => {
    const before = rt.reported.length;
    const res = await postJson('/api/v1/client-errors', {
      message: 'TypeError: x is undefined',
      stack: 'TypeError: x is undefined\n    at home.tsx:1',
      url: '/examenbundels',
      context: { kind: 'route' },
    });
    expect(res.status).toBe(202);
    expect(rt.reported.length).toBe(before + 1);
    const error = rt.reported.at(-1) as Error;
    expect(error.name).toBe('ClientError');
    expect(error.message).toBe('TypeError: x is undefined');
    expect(error.stack).toContain('at home.tsx:1');
  });

  it('keeps the log line its own: forged level, msg, err and url stay inside `reported`', async () => {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const logger = pino({ level: 'info' }, destination);
    const captured: { error: unknown; context: unknown }[] = [];
    const reporter = createLogErrorReporter(logger);
    const app = createApp({
      deps: {
        ...rt.deps,
        logger,
        errors: {
          capture: (error, context) => (captured.push({ error, context }), reporter.capture(error, context)),
          flush: reporter.flush,
        },
      },
      ping: rt.database.ping,
      production: false,
    });
    const forged = { level: 'fatal', msg: 'x', err: 'y', url: '//evil', time: 0, reqId: 'forged' };
    const res = await app.request('/api/v1/client-errors', {
      method: 'POST',
      body: JSON.stringify({ message: 'Error: echt', url: '/examenbundels', context: forged }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(202);

    expect(captured).toHaveLength(1);
    expect(captured[0]!.context).toEqual({
      source: 'browser',
      reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: '/examenbundels',
      reported: forged,
    });
    const line = lines.find((l) => l.msg === 'reported error')!;
    expect(line).toBeDefined();
    expect(line.level).toBe(50);
    expect(typeof line.time).toBe('number');
    expect(line.time).not.toBe(0);
    expect(line.err).toMatchObject({ type: 'ClientError', message: 'Error: echt' });
    expect(line.url).toBeUndefined();
    expect(line.reqId).toBeUndefined();
    expect(line.context).toMatchObject({ source: 'browser', url: '/examenbundels', reported: forged });
  });

  it("refuses a url that is not a path of this site: '//evil.example', 'https://evil', '/\\evil'", async () => {
    const before = rt.reported.length;
    for (const url of ['//evil.example', 'https://evil', '/\\evil', 'javascript:alert(1)']) {
      const body = await errorBody(await postJson('/api/v1/client-errors', { message: 'x', url }), 400);
      expect(body.fieldErrors).toEqual({ url: ['Geef een pad op deze website op, dat begint met één /.'] });
    }
    expect(rt.reported.length).toBe(before);
  });

  it('refuses malformed and oversized reports without reporting them', async () => {
    const before = rt.reported.length;
    expect((await postJson('/api/v1/client-errors', { message: '', url: '/' })).status).toBe(400);
    expect((await postJson('/api/v1/client-errors', { message: 'x', url: '/', context: { a: { b: 1 } } })).status).toBe(
      400,
    );
    await errorBody(
      await postJson('/api/v1/client-errors', { message: 'x', url: '/', stack: 'y'.repeat(20_000) }),
      413,
    );
    expect(rt.reported.length).toBe(before);
  });
});

describe('unknown routes and methods', () => {
  it('answer an unknown path with 404 in the error shape, for any method', async () => {
    for (const init of [{}, { method: 'DELETE' }] as RequestInit[]) {
      const body = await errorBody(await get('/api/v1/bestaat-niet', init), 404);
      expect(body).toEqual({ status: 404, error: 'not_found', message: 'Deze API-route bestaat niet.' });
    }
    await errorBody(await get('/api/v2/products'), 404);
    await errorBody(await get('/api'), 404);
  });

  it('answer a known path with another method with 405 and Allow, from the registered routes', async () => {
    const products = await get('/api/v1/products', { method: 'DELETE' });
    const body = await errorBody(products, 405);
    expect(body).toEqual({
      status: 405,
      error: 'method_not_allowed',
      message: 'Deze API-route ondersteunt deze methode niet.',
    });
    expect(products.headers.get('allow')).toBe('GET, HEAD, OPTIONS');

    const consent = await get('/api/v1/consent');
    await errorBody(consent, 405);
    expect(consent.headers.get('allow')).toBe('POST, OPTIONS');

    const put = await get('/api/v1/client-errors', {
      method: 'PUT',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    await errorBody(put, 405);
    expect(put.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('answer OPTIONS on a known path with 204 and Allow', async () => {
    const res = await get('/api/v1/consent', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
