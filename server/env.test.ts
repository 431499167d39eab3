import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, publicUrlMismatch, shouldSeedDemo } from './env.ts';
import type { HttpEnv } from './http-env.ts';
import { createMemoryRateLimiter } from './infra/rate-limit.ts';
import { refusePageWrite } from './page-guard.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: 3000,
      DATA_DIR: '.data/pglite',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      CONTENT_CACHE_SECONDS: 30,
      RATE_LIMIT_STORE: 'shared',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names the offending variable in a clear error', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseEnv({ GTM_ID: 'UA-1' })).toThrow(/GTM_ID/);
    expect(() => parseEnv({ RATE_LIMIT_STORE: 'off' })).toThrow(/RATE_LIMIT_STORE/);
  });

  it('treats empty optional values as absent', () => {
    const env = parseEnv({ DATABASE_URL: '', SENTRY_DSN: '', GTM_ID: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SENTRY_DSN).toBeUndefined();
    expect(env.GTM_ID).toBeUndefined();
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to this machine on the port that is served', () => {
    expect(parseEnv({ PORT: '3999' }).PUBLIC_URL).toBe('http://localhost:3999');
    expect(parseEnv({ PORT: '3999', PUBLIC_URL: 'https://www.slaagbundel.nl' }).PUBLIC_URL).toBe(
      'https://www.slaagbundel.nl',
    );
  });

  it('lets the page guard accept a form post from that address (PORT=3999 without PUBLIC_URL)', async () => {
    const { PUBLIC_URL } = parseEnv({ PORT: '3999' });
    const rateLimiter = createMemoryRateLimiter({ logger: pino({ level: 'silent' }) });
    const app = new Hono<HttpEnv>();
    app.all('*', async (c) => {
      const refusal = await refusePageWrite(c, { rateLimiter, trustProxyHops: 0, publicUrl: PUBLIC_URL });
      return c.json(refusal ?? { status: 200 }, refusal?.status ?? 200);
    });
    const post = (origin: string) =>
      app.request('/mijnslaagbundel/login', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40b.nl',
      });
    expect((await post('http://localhost:3999')).status).toBe(200);
    expect((await post('http://localhost:3000')).status).toBe(403);
  });

  it('is reported when it names another port of this machine than the one served', () => {
    expect(publicUrlMismatch('http://localhost:3000', 3999)).toMatch(/PUBLIC_URL.*3000.*3999/);
    expect(publicUrlMismatch('http://127.0.0.1', 3999)).toMatch(/PUBLIC_URL/);
    expect(publicUrlMismatch('http://[::1]:8080', 3999)).toMatch(/PUBLIC_URL/);
    expect(publicUrlMismatch('http://localhost:3999', 3999)).toBeNull();
    expect(publicUrlMismatch('http://localhost:80', 80)).toBeNull();
    // Another host: a proxy in front of the server, whose port is its own.
    expect(publicUrlMismatch('https://www.slaagbundel.nl', 3999)).toBeNull();
    expect(publicUrlMismatch('http://slaagbundel.test:8080', 3999)).toBeNull();
  });
});

describe('shouldSeedDemo', () => {
  it('seeds the embedded default', () => {
    expect(shouldSeedDemo(parseEnv({}))).toBe(true);
  });
  it('never seeds PostgreSQL unless asked', () => {
    expect(shouldSeedDemo(parseEnv({ DATABASE_URL: 'postgres://localhost/x' }))).toBe(false);
    expect(shouldSeedDemo(parseEnv({ DATABASE_URL: 'postgres://localhost/x', SEED_DEMO: '1' }))).toBe(true);
  });
  it('lets SEED_DEMO=0 switch the embedded seed off', () => {
    expect(shouldSeedDemo(parseEnv({ SEED_DEMO: '0' }))).toBe(false);
  });
});
