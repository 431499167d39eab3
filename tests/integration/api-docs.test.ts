/** The API's own documentation: /api/openapi.json (OpenAPI 3.1) and /api/docs (Scalar, same origin only). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
// A dependency of @scalar/api-reference: validates a document against the OpenAPI 3.1 schema.
import { validate } from '@scalar/openapi-parser';
import pino from 'pino';
import { createMemoryRateLimiter } from '#server/infra/rate-limit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS } from '#server/api/auth.ts';
import { createApi } from '#server/api/index.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let document: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
beforeAll(async () => {
  rt = await createTestRuntime({ seed: false });
  document = await (await rt.app.request('/api/openapi.json')).json();
});
afterAll(() => rt.close());

const WRITE_ERRORS = ['400', '403', '413', '415', '429', '500', '503'];

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await rt.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const { valid, errors } = await validate(structuredClone(document));
    expect(errors).toEqual([]);
    expect(valid).toBe(true);
    expect(document.info).toMatchObject({ title: 'Slaagbundel API', version: expect.any(String) });
    expect(document.servers).toEqual([{ url: '/api', description: 'This site' }]);
    expect(document.tags.map((t: { name: string }) => t.name)).toEqual([
      'Producten',
      'Toestemming',
      'Foutmeldingen',
      'Contact',
      'Zoeken',
      'Nieuwsbrief',
      'Accounts',
      'Vakken',
    ]);
  });

  it('documents every route of the API, with tags and a description', () => {
    const api = createApi({
      rateLimiter: createMemoryRateLimiter({ logger: pino({ level: 'silent' }) }),
      trustProxyHops: 0,
      auth: rt.auth,
    });
    // Our own routes…
    const registered = new Set(
      api.routes
        .filter((r) => r.method !== 'ALL' && /^\/(v1|auth)\//.test(r.path) && !r.path.includes('*'))
        .map((r) => `${r.method.toLowerCase()} ${r.path.replaceAll(/:(\w+)/g, '{$1}')}`),
    );
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m} ${path}`)),
    );
    // …and the accounts library's endpoints that its handler lets through (server/api/auth.ts).
    for (const { method, path } of AUTH_ENDPOINTS) registered.add(`${method.toLowerCase()} /auth${path}`);
    expect(registered.size).toBeGreaterThanOrEqual(3);
    expect(documented).toEqual(registered);
    for (const key of documented) {
      const [method, path] = key.split(' ') as [string, string];
      const operation = document.paths[path][method];
      expect(operation.tags?.length, key).toBeGreaterThan(0);
      expect(operation.description, key).toBeTruthy();
    }
  });

  it('has the one error shape as a component, on every 4xx and 5xx answer', () => {
    expect(document.components.schemas.ApiError).toMatchObject({
      type: 'object',
      required: ['status', 'error', 'message'],
      properties: { fieldErrors: { type: 'object' } },
    });
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(
        item as Record<string, { responses: object; security?: unknown[] }>,
      )) {
        const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
        expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, response] of errors) {
          expect(response, `${method} ${path} ${status}`).toMatchObject({
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
          });
        }
        // A route that needs a session also answers 401 (server/api/authenticated.ts); a write may add
        // the refusals of its own (404: not yours, 409: already used, 502: an outside service such as the
        // payment provider failed), nothing else.
        const statuses = errors.map(([status]) => status).sort();
        const expected = operation.security ? [...WRITE_ERRORS, '401'].sort() : WRITE_ERRORS;
        if (method !== 'get') {
          expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(expected));
          for (const status of statuses.filter((s) => !expected.includes(s))) {
            expect(['404', '409', '502'], `${method} ${path} ${status}`).toContain(status);
          }
        }
        if (operation.security) expect(statuses).toContain('401');
      }
    }
  });

  it('describes requests and answers from the shared schemas', () => {
    const products = document.paths['/v1/products'].get;
    expect(products.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:level',
      'query:page',
      'query:productType',
      'query:sort',
      'query:subject',
    ]);
    const level = products.parameters.find((p: { name: string }) => p.name === 'level');
    expect(level.schema.enum).toEqual(['vmbo', 'vmbo-b', 'vmbo-k', 'vmbo-gl-tl', 'havo', 'vwo']);
    const sort = products.parameters.find((p: { name: string }) => p.name === 'sort');
    expect(sort.schema.enum).toEqual(['relevance', 'price-asc', 'price-desc', 'name']);
    const list = products.responses['200'].content['application/json'].schema;
    expect(list.required.sort()).toEqual(['page', 'products', 'total', 'totalPages']);
    expect(products.responses['200'].headers['Cache-Control']).toBeDefined();

    const consent = document.paths['/v1/consent'].post;
    const consentBody = consent.requestBody;
    expect(consentBody.required).toBe(true);
    const consentSchema = consentBody.content['application/json'].schema;
    expect(consentSchema).toMatchObject({
      required: ['category', 'visitorId'],
      properties: { visitorId: { format: 'uuid' } },
    });
    expect(consentSchema.properties.category.enum.sort()).toEqual(['1', '1,2', '1,2,3']);
    expect(Object.keys(consent.responses)).toEqual(expect.arrayContaining(['200', '201']));
    expect(consent['x-rate-limit']).toEqual({ name: 'consent', requests: 10, windowSeconds: 60, per: 'client' });
    expect(consent['x-max-body-bytes']).toBe(1024);

    const report = document.paths['/v1/client-errors'].post;
    expect(report.requestBody.content['application/json'].schema).toMatchObject({
      required: ['message', 'url'],
      properties: { url: { pattern: expect.any(String) } },
    });
    // The path rule as JSON Schema reads it (no regex flags leak into the pattern).
    const path = new RegExp(report.requestBody.content['application/json'].schema.properties.url.pattern);
    expect(['/', '/examenbundels'].map((p) => path.test(p))).toEqual([true, true]);
    expect(['//evil.example', 'https://evil', '/\\evil'].map((p) => path.test(p))).toEqual([false, false, false]);
    expect(report.responses['202']).toBeDefined();
    expect(report['x-rate-limit']).toMatchObject({ requests: 30, windowSeconds: 60 });
    expect(report['x-max-body-bytes']).toBe(16 * 1024);

    // The user's subjects (spec §7): described by the shared schemas, with the session scheme.
    const mySubjects = document.paths['/v1/users/me/subjects'];
    expect(mySubjects.get.security).toEqual([{ session: [] }]);
    expect(mySubjects.post.requestBody.content['application/json'].schema).toMatchObject({
      required: ['ids'],
      properties: { ids: { type: 'array', minItems: 1, maxItems: 50 } },
    });
    const subject = mySubjects.get.responses['200'].content['application/json'].schema.properties.subjects.items;
    expect(subject.required.sort()).toEqual([
      'id',
      'latestTestAttempt',
      'levelName',
      'name',
      'schoolSubject',
      'slug',
      'stream',
    ]);
    // One slug per subject (issue 34): the one of its pages, documented with an example.
    expect(subject.properties.slug).toMatchObject({ example: 'wiskunde-b-havo' });
    expect(document.paths['/v1/users/me/subjects/{id}/trial'].post.responses['409']).toBeDefined();
    const primary = document.paths['/v1/subjects/{level}/{profile}'].get;
    expect(primary.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual([
      'path:level',
      'path:profile',
    ]);
    const profile = primary.parameters.find((p: { name: string }) => p.name === 'profile');
    expect(profile.schema.enum).toEqual(['NT', 'NG', 'EM', 'CM', 'geen']);
    const license = document.paths['/v1/users/me/licenses'].post;
    expect(Object.keys(license.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '409', '429']));
    expect(license.description).toMatch(/10 attempts per user in 10 minutes/);
  });
});

describe('/api/docs', () => {
  it('is an HTML page that loads only scripts of our own origin, and no inline script', async () => {
    const res = await rt.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toMatch(/https?:\/\//);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const sources = scripts.map(([, attributes]) => /\bsrc="([^"]+)"/.exec(attributes!)?.[1]).filter(Boolean);
    expect(sources).toEqual([expect.stringMatching(/^\/api\/docs\/scalar\.[0-9a-f]{16}\.js$/)]);
    for (const [, attributes, body] of scripts) {
      if (!/\bsrc=/.test(attributes!)) {
        expect(attributes).toContain('type="application/json"'); // a data block, never run
        expect(body).toBe('');
      }
    }
    const configuration = JSON.parse(
      /data-configuration="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    );
    expect(configuration).toMatchObject({ url: '/api/openapi.json', withDefaultFonts: false, telemetry: false });
  });

  it('has its own CSP: scripts from itself only, no eval, nothing from elsewhere', async () => {
    const csp = (await rt.app.request('/api/docs')).headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/https?:|\*/);
  });

  it('serves Scalar from node_modules, precompressed, with a year of cache', async () => {
    const html = await (await rt.app.request('/api/docs')).text();
    const path = /src="([^"]+)"/.exec(html)![1]!;
    const original = readFileSync(
      createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js'),
    );

    const br = await rt.app.request(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(original)).toBe(true);

    const gzip = await rt.app.request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(original)).toBe(true);

    const plain = await rt.app.request(path);
    expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);

    const etag = plain.headers.get('etag')!;
    expect((await rt.app.request(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await rt.app.request('/api/docs/scalar.0000000000000000.js')).status).toBe(404);
  });
});
