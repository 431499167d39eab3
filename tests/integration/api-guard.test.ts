/**
 * The write guard of the API (server/api/guard.ts), through real HTTP
 * requests against the real database: a refused write answers the one error
 * shape and stores nothing.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords } from '#app/modules/consent/db/tables.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { createApp } from '#server/create-app.ts';
import { rateLimitCounterStore } from '#app/db/queries/rate-limits.server.ts';
import { createDatabaseRateLimiter, type RateLimiter } from '#server/infra/rate-limit.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

const PUBLIC_URL = 'https://www.slaagbundel.example';

let rt: TestRuntime;
let rateLimiter: RateLimiter;
let app: ReturnType<typeof createApp>;
let client = 0;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { PUBLIC_URL } });
  rateLimiter = createDatabaseRateLimiter(rateLimitCounterStore(rt.deps.db), { logger: pino({ level: 'silent' }) });
  // Every request below comes from its own client (X-Forwarded-For, one trusted proxy), so
  // that the rate limits, tested in api-rate-limit.test.ts, stay out of the way.
  app = createApp({
    deps: rt.deps,
    ping: rt.database.ping,
    production: false,
    api: { rateLimiter, trustProxyHops: 1 },
  });
});
afterAll(async () => {
  await rateLimiter.close();
  await rt.close();
});

const visitor = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const consent = (n: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ category: '1,2', visitorId: visitor(n), ...extra });

function send(path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
  client += 1;
  return app.request(path, {
    method: init.method ?? 'POST',
    ...(init.body === undefined ? {} : { body: init.body }),
    headers: { 'x-forwarded-for': `198.51.100.${client}`, ...init.headers },
  });
}

const json = { 'content-type': 'application/json' };

async function expectError(res: Response, status: number, error: string, message: string) {
  expect(res.status).toBe(status);
  expect(apiErrorSchema.parse(await res.json())).toEqual({ status, error, message });
}

const storedFor = async (n: number) =>
  (await rt.services.db.select().from(consentRecords)).filter((r) => r.visitorId === visitor(n)).length;

describe('body size', () => {
  const TOO_LARGE = 'De verstuurde gegevens zijn te groot.';
  const twentyMegabytes = 'x'.repeat(20 * 1024 * 1024);

  it('refuses a 20 MB consent with 413 and stores nothing, read or not', async () => {
    const body = consent(100, { pad: twentyMegabytes });
    // Without Content-Length the body is counted while it is read, and reading stops at the limit.
    await expectError(await send('/api/v1/consent', { body, headers: json }), 413, 'payload_too_large', TOO_LARGE);
    // A declared Content-Length above the limit is refused before anything is read.
    await expectError(
      await send('/api/v1/consent', { body, headers: { ...json, 'content-length': String(body.length) } }),
      413,
      'payload_too_large',
      TOO_LARGE,
    );
    expect(await storedFor(100)).toBe(0);
  });

  it('holds each route to its own limit: 1 KB for consent, 16 KB (the default) for error reports', async () => {
    await expectError(
      await send('/api/v1/consent', { body: consent(101, { pad: 'x'.repeat(1100) }), headers: json }),
      413,
      'payload_too_large',
      TOO_LARGE,
    );
    expect(await storedFor(101)).toBe(0);
    const report = (size: number) =>
      JSON.stringify({ message: 'x', url: '/', context: { pad: 'y' }, pad: 'z'.repeat(size) });
    expect((await send('/api/v1/client-errors', { body: report(15_000), headers: json })).status).toBe(202);
    await expectError(
      await send('/api/v1/client-errors', { body: report(17_000), headers: json }),
      413,
      'payload_too_large',
      TOO_LARGE,
    );
  });
});

describe('JSON only', () => {
  const NOT_JSON = 'Verstuur de gegevens als JSON (Content-Type: application/json).';

  it.each([
    ['text/plain', { 'content-type': 'text/plain;charset=UTF-8' }],
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['JSON-ish', { 'content-type': 'application/merge-patch+json' }],
  ])('refuses %s with 415 and stores nothing', async (_name, headers) => {
    const res = await send('/api/v1/consent', { body: consent(200), headers });
    await expectError(res, 415, 'unsupported_media_type', NOT_JSON);
    expect(await storedFor(200)).toBe(0);
  });

  it('refuses a body without a Content-Type', async () => {
    const body = new TextEncoder().encode(consent(201));
    const res = await send('/api/v1/consent', { body, headers: { 'content-length': String(body.length) } });
    await expectError(res, 415, 'unsupported_media_type', NOT_JSON);
    expect(await storedFor(201)).toBe(0);
  });

  it('accepts application/json with a charset, in any case', async () => {
    const res = await send('/api/v1/consent', {
      body: consent(202),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(res.status).toBe(201);
  });
});

describe('same origin', () => {
  const FOREIGN = 'Dit verzoek komt niet van onze eigen website en is geweigerd.';

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a look-alike of PUBLIC_URL', { origin: 'https://www.slaagbundel.example.evil.example' }],
    ['PUBLIC_URL over another scheme', { origin: 'http://www.slaagbundel.example' }],
    ['Origin null (sandboxed frame)', { origin: 'null' }],
    ["the Host's origin when PUBLIC_URL is another (Host is not trusted)", { origin: 'http://localhost' }],
    ['an Origin naming the Host it was sent to', { origin: 'https://evil.example', host: 'evil.example' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site without Origin', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403 and stores nothing', async (_name, headers) => {
    const res = await send('/api/v1/consent', { body: consent(300), headers: { ...json, ...headers } });
    await expectError(res, 403, 'forbidden_origin', FOREIGN);
    expect(await storedFor(300)).toBe(0);
  });

  it('refuses a foreign write before looking at its type or size', async () => {
    const res = await send('/api/v1/consent', {
      body: 'x'.repeat(100_000),
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });

  it.each([
    ["PUBLIC_URL's origin, Host naming the internal server (behind a proxy)", { origin: PUBLIC_URL }, 301],
    ["PUBLIC_URL's origin (behind a TLS proxy)", { origin: PUBLIC_URL, host: 'app.internal:3000' }, 302],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL }, 303],
    ['no Origin and no Sec-Fetch-Site (curl, server to server)', {}, 304],
  ])('accepts %s', async (_name, headers, n) => {
    const res = await send('/api/v1/consent', { body: consent(n), headers: { ...json, ...headers } });
    expect(res.status).toBe(201);
    expect(await storedFor(n)).toBe(1);
  });

  it('does not refuse reads: they change nothing (and public reads are cacheable)', async () => {
    const res = await send('/api/v1/products', { method: 'GET', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});
