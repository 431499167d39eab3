import { describe, expect, it } from 'vitest';
import { createDatabaseHealth, isConnectionError } from './health.server.ts';

describe('isConnectionError', () => {
  it('knows a lost or refused connection, also wrapped in a query error', () => {
    expect(
      isConnectionError(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true);
    expect(
      isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('Failed query: select 1', { cause: { code: '08006' } }))).toBe(true);
  });

  it('leaves every other error alone: a bad query, a constraint, a bug', () => {
    expect(isConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionError(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isConnectionError(new TypeError('x is undefined'))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});

describe('database health', () => {
  it('is unavailable from a connection failure until a ping answers, and tells its listeners', async () => {
    let reachable = false;
    const changes: boolean[] = [];
    const health = createDatabaseHealth({
      ping: async () => {
        if (!reachable) throw new Error('connect ECONNREFUSED');
      },
      probeEveryMs: 10,
    });
    health.onChange((available) => changes.push(available));
    expect(health.report(new Error('syntax error'))).toBe(false);
    expect(health.available).toBe(true);
    expect(health.report(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(health.available).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(health.available).toBe(false);
    reachable = true;
    await expect.poll(() => health.available).toBe(true);
    expect(changes).toEqual([false, true]);
    health.close();
  });
});
