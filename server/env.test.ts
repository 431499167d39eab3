import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, shouldSeedDemo } from './env.ts';

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
