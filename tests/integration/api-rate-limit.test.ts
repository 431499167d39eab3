/**
 * Per-client rate limits of API writes, counted in the database (PGlite, or
 * PostgreSQL with DATABASE_URL) and in Redis (REDIS_URL, default the local 127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords } from '#app/modules/consent/db/tables.ts';
import { rateLimits } from '#app/db/schema/rate-limits.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { compose } from '#server/composition.ts';
import { createApp } from '#server/create-app.ts';
import { parseEnv } from '#server/env.ts';
import { rateLimitCounterStore } from '#app/db/queries/rate-limits.server.ts';
import { createDatabaseRateLimiter, createRedisRateLimiter, type RateLimiter } from '#server/infra/rate-limit.ts';
import { createTestDatabase, createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const limiters: RateLimiter[] = [];

beforeAll(async () => {
  rt = await createTestRuntime({ seed: false });
});
afterAll(async () => {
  for (const limiter of limiters) await limiter.close();
  await rt.close();
});

/** Warnings a logger wrote, parsed. */
function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, destination), lines };
}

function appWith(rateLimiter: RateLimiter, trustProxyHops = 1, deps = rt.deps) {
  limiters.push(rateLimiter);
  return createApp({ deps, ping: rt.database.ping, production: false, api: { rateLimiter, trustProxyHops } });
}

let visitorCounter = 0;
const newVisitor = () => `00000000-0000-4000-8000-${String(++visitorCounter).padStart(12, '0')}`;

function postConsent(app: ReturnType<typeof createApp>, ip: string, visitorId = newVisitor()) {
  return app.request('/api/v1/consent', {
    method: 'POST',
    body: JSON.stringify({ category: '1', visitorId }),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.250, ${ip}` },
  });
}

const consentRows = async () => (await rt.services.db.select().from(consentRecords)).length;

async function expectRateLimited(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(apiErrorSchema.parse(await res.json())).toEqual({
    status: 429,
    error: 'rate_limited',
    message: `Je hebt dit te vaak geprobeerd. Probeer het over ${retryAfter} ${retryAfter === 1 ? 'seconde' : 'seconden'} opnieuw.`,
  });
}

describe(`rate limits in the database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses the 11th consent of a client within a minute with 429, Retry-After and a Dutch message', async () => {
    const app = appWith(
      createDatabaseRateLimiter(rateLimitCounterStore(rt.deps.db), { logger: pino({ level: 'silent' }) }),
    );
    const before = await consentRows();
    for (let i = 0; i < 10; i += 1) expect((await postConsent(app, '192.0.2.1')).status).toBe(201);
    await expectRateLimited(await postConsent(app, '192.0.2.1'));
    for (let i = 0; i < 5; i += 1) expect((await postConsent(app, '192.0.2.1')).status).toBe(429);

    // Nothing stored beyond the limit; the counter is one row in rate_limits, shared by every server copy.
    expect((await consentRows()) - before).toBe(10);
    const counters = await rt.services.db.select().from(rateLimits);
    expect(counters.filter((c) => c.key === 'consent:192.0.2.1')).toEqual([
      { key: 'consent:192.0.2.1', points: 11, expire: expect.any(Date) },
    ]);

    // Another client is not affected, and another server copy (a second limiter) sees the same count.
    expect((await postConsent(app, '192.0.2.2')).status).toBe(201);
    const otherCopy = appWith(
      createDatabaseRateLimiter(rateLimitCounterStore(rt.deps.db), { logger: pino({ level: 'silent' }) }),
    );
    await expectRateLimited(await postConsent(otherCopy, '192.0.2.1'));
  });

  it('starts a counter again in its own row once its window ended, and gives points back', async () => {
    const limiter = createDatabaseRateLimiter(rateLimitCounterStore(rt.deps.db), { logger: pino({ level: 'silent' }) });
    limiters.push(limiter);
    const rule = { name: 'window', points: 2, durationSeconds: 1 };
    expect(await limiter.consume(rule, '192.0.2.40')).toEqual({ allowed: true, remaining: 1 });
    await limiter.refund(rule, '192.0.2.40');
    expect(await limiter.consume(rule, '192.0.2.40')).toEqual({ allowed: true, remaining: 1 });
    expect(await limiter.consume(rule, '192.0.2.40')).toEqual({ allowed: true, remaining: 0 });
    expect(await limiter.consume(rule, '192.0.2.40')).toMatchObject({ allowed: false });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiter.consume(rule, '192.0.2.40')).toEqual({ allowed: true, remaining: 1 });
    const counters = await rt.services.db.select().from(rateLimits);
    expect(counters.filter((c) => c.key.startsWith('window:'))).toEqual([
      { key: 'window:192.0.2.40', points: 1, expire: expect.any(Date) },
    ]);
  });

  it('allows 30 error reports a minute per client', async () => {
    const app = appWith(
      createDatabaseRateLimiter(rateLimitCounterStore(rt.deps.db), { logger: pino({ level: 'silent' }) }),
    );
    const before = rt.reported.length;
    const report = () =>
      app.request('/api/v1/client-errors', {
        method: 'POST',
        body: JSON.stringify({ message: `Error: ${randomBytes(4).toString('hex')}`, url: '/' }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.30' },
      });
    for (let i = 0; i < 30; i += 1) expect((await report()).status).toBe(202);
    await expectRateLimited(await report());
    expect(rt.reported.length - before).toBe(30);
  });

  it('counts by socket address unless TRUST_PROXY says how many proxies to believe', async () => {
    // TRUST_PROXY=0: X-Forwarded-For is the client's own say and is ignored (here: no socket → one key).
    const app = appWith(
      createDatabaseRateLimiter(rateLimitCounterStore(rt.deps.db), { logger: pino({ level: 'silent' }) }),
      0,
    );
    for (let i = 0; i < 10; i += 1) expect((await postConsent(app, `192.0.2.${100 + i}`)).status).toBe(201);
    expect((await postConsent(app, '192.0.2.200')).status).toBe(429);
  });

  it('counts in this process, with one warning, when the counter store is unreachable (never a 500)', async () => {
    const broken = await createTestDatabase();
    await broken.close();
    const { logger, lines } = captureLogger();
    const app = appWith(createDatabaseRateLimiter(rateLimitCounterStore(broken.db), { logger }));
    const before = await consentRows();
    // The consent rule's 10 a minute still holds: the 11th is refused, counted by this copy alone.
    for (let i = 0; i < 10; i += 1) expect((await postConsent(app, '192.0.2.40')).status).toBe(201);
    await expectRateLimited(await postConsent(app, '192.0.2.40'));
    expect((await consentRows()) - before).toBe(10);
    const warnings = lines.filter(
      (l) => l.msg === 'rate-limit store unavailable; refusing what fails closed, counting the rest in this process',
    );
    expect(warnings).toHaveLength(1); // at most one warning per 30 s, not one per request
    expect(warnings[0]).toMatchObject({ level: 40, store: 'postgres' });
  });

  it('refuses what fails closed while the store is unreachable, and gives counted points back', async () => {
    const broken = await createTestDatabase();
    await broken.close();
    const limiter = createDatabaseRateLimiter(rateLimitCounterStore(broken.db), { logger: pino({ level: 'silent' }) });
    const strict = { name: 'strict-test', points: 5, durationSeconds: 60, failClosed: true };
    expect(await limiter.consume(strict, 'k')).toMatchObject({ allowed: false, unavailable: true });

    const working = createDatabaseRateLimiter(rateLimitCounterStore(rt.deps.db), { logger: pino({ level: 'silent' }) });
    const rule = { name: 'refund-test', points: 2, durationSeconds: 60 };
    expect((await working.consume(rule, 'k')).allowed).toBe(true);
    await working.refund(rule, 'k');
    expect((await working.consume(rule, 'k')).allowed).toBe(true);
    expect((await working.consume(rule, 'k')).allowed).toBe(true);
    expect((await working.consume(rule, 'k')).allowed).toBe(false);
    await working.reset(rule, 'k');
    expect((await working.consume(rule, 'k')).allowed).toBe(true);
    await working.close();
  });

  it('counts in this process when Redis is unreachable too, and says it is not available', async () => {
    const { logger, lines } = captureLogger();
    const limiter = await createRedisRateLimiter('redis://127.0.0.1:1', { logger, warnEveryMs: 0 });
    const app = appWith(limiter);
    for (let i = 0; i < 10; i += 1) expect((await postConsent(app, '192.0.2.41')).status).toBe(201);
    await expectRateLimited(await postConsent(app, '192.0.2.41'));
    expect(lines.some((l) => l.level === 40 && l.store === 'redis')).toBe(true);
    expect(await limiter.available()).toBe(false);
    await limiter.close();
  });
});

// Redis is optional in production (REDIS_URL), but its adapter is tested for real: against
// REDIS_URL, or the Redis on 127.0.0.1:6379 that our machines run (.ci/run starts it when stopped).
const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('rate limits in Redis (REDIS_URL)', () => {
  it('counts in Redis when REDIS_URL is set, chosen by the composition root', async () => {
    const composition = await compose({
      env: parseEnv({ NODE_ENV: 'test', REDIS_URL: TEST_REDIS_URL, TRUST_PROXY: '1' }),
      logger: pino({ level: 'silent' }),
      database: rt.database,
    });
    try {
      expect(composition.api.rateLimiter.store).toBe('redis');
      expect(composition.api.trustProxyHops).toBe(1);
      const app = createApp({ deps: rt.deps, ping: rt.database.ping, production: false, api: composition.api });
      // A random IPv6 /64 per run: counters from earlier runs (they live a minute) never interfere.
      const ip = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
      const before = await rt.services.db.select().from(rateLimits);
      for (let i = 0; i < 10; i += 1) expect((await postConsent(app, ip)).status).toBe(201);
      await expectRateLimited(await postConsent(app, ip));
      // Nothing was counted in the database.
      expect(await rt.services.db.select().from(rateLimits)).toEqual(before);

      const { Redis } = await import('ioredis');
      const redis = new Redis(TEST_REDIS_URL);
      const prefix = ip
        .split(':')
        .slice(0, 4)
        .map((group) => group.replace(/^0+(?=.)/, ''))
        .join(':');
      expect(Number(await redis.get(`consent:${prefix}::/64`))).toBe(11);
      await redis.quit();
    } finally {
      await composition.close();
    }
  });
});
