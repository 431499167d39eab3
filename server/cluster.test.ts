import { describe, expect, it } from 'vitest';
import { copiesToRun, restartPauseMs, shutdownGraceMs, STABLE_AFTER_MS } from './cluster.ts';
import { parseEnv, shouldMigrate } from './env.ts';

describe('how many server copies a host runs', () => {
  it('one per core on PostgreSQL, or WEB_CONCURRENCY', () => {
    expect(copiesToRun({ webConcurrency: undefined, cores: 2, embedded: false })).toEqual({ copies: 2 });
    expect(copiesToRun({ webConcurrency: undefined, cores: 8, embedded: false })).toEqual({ copies: 8 });
    expect(copiesToRun({ webConcurrency: 3, cores: 8, embedded: false })).toEqual({ copies: 3 });
    expect(copiesToRun({ webConcurrency: 1, cores: 8, embedded: false })).toEqual({ copies: 1 });
    expect(copiesToRun({ webConcurrency: undefined, cores: 0, embedded: false })).toEqual({ copies: 1 });
  });

  it('always one on embedded PGlite, and says why when more were asked for or there are more cores', () => {
    const perCore = copiesToRun({ webConcurrency: undefined, cores: 2, embedded: true });
    expect(perCore.copies).toBe(1);
    expect(perCore.note).toMatch(/PGlite.*one server copy instead of 2 \(one per core\).*DATABASE_URL/);
    const asked = copiesToRun({ webConcurrency: 4, cores: 2, embedded: true });
    expect(asked.copies).toBe(1);
    expect(asked.note).toMatch(/instead of 4 \(WEB_CONCURRENCY\)/);
    // Nothing to say on one core or with WEB_CONCURRENCY=1.
    expect(copiesToRun({ webConcurrency: undefined, cores: 1, embedded: true })).toEqual({ copies: 1 });
    expect(copiesToRun({ webConcurrency: 1, cores: 2, embedded: true })).toEqual({ copies: 1 });
  });

  it('reads WEB_CONCURRENCY as a whole number from 1 to 64; empty is unset', () => {
    expect(parseEnv({ WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4);
    expect(parseEnv({ WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({}).WEB_CONCURRENCY).toBeUndefined();
    for (const bad of ['0', '-1', '1.5', 'twee', '65']) {
      expect(() => parseEnv({ WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY/);
    }
  });
});

describe('a copy that died', () => {
  it('starts again at once after a good run', () => {
    expect(restartPauseMs(0, STABLE_AFTER_MS)).toBe(0);
    expect(restartPauseMs(16_000, 60 * 60_000)).toBe(0);
  });

  it('waits longer each time copies die young, up to 30 s', () => {
    const pauses: number[] = [];
    let pause = 0;
    for (let i = 0; i < 9; i += 1) pauses.push((pause = restartPauseMs(pause, 1_000)));
    expect(pauses).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});

describe('settings of several copies', () => {
  it('the primary gives draining copies their shutdown timeout and a margin before it kills them', () => {
    expect(shutdownGraceMs(parseEnv({ SHUTDOWN_TIMEOUT_MS: '10000' }))).toBe(15_000);
  });

  it('MIGRATE: on unless 0; the copies of the cluster get 0', () => {
    expect(shouldMigrate(parseEnv({}))).toBe(true);
    expect(shouldMigrate(parseEnv({ MIGRATE: '1' }))).toBe(true);
    expect(shouldMigrate(parseEnv({ MIGRATE: '0' }))).toBe(false);
    expect(() => parseEnv({ MIGRATE: 'nee' })).toThrow(/MIGRATE/);
  });

  it('the database pool and its prepared statements', () => {
    expect(parseEnv({})).toMatchObject({ DATABASE_POOL_SIZE: 10, DATABASE_PREPARED_STATEMENTS: 'on' });
    expect(parseEnv({ DATABASE_POOL_SIZE: '4', DATABASE_PREPARED_STATEMENTS: 'off' })).toMatchObject({
      DATABASE_POOL_SIZE: 4,
      DATABASE_PREPARED_STATEMENTS: 'off',
    });
    expect(() => parseEnv({ DATABASE_PREPARED_STATEMENTS: 'false' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
