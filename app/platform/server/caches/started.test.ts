import { describe, expect, it } from 'vitest';
import { createTtlCache } from '../../../../server/infra/ttl-cache.ts';
import { createScope, type Deps } from '#app/platform/server/deps.ts';
import { started } from './started.ts';
import { createUserViews } from './user-views.server.ts';

/**
 * A lazy thenable like a Drizzle query builder: each `then` runs the "query" again. What a cache keeps of it must
 * be its one answer, or every reader runs the query (the subject's checks ran once per pupil subject and request).
 */
function lazyQuery() {
  let runs = 0;
  const builder = {
    then<R1, R2>(resolve: (v: { run: number }) => R1, reject?: (e: unknown) => R2) {
      runs += 1;
      return Promise.resolve({ run: runs }).then(resolve, reject);
    },
  };
  return {
    load: () => builder as unknown as Promise<{ run: number }>,
    get runs() {
      return runs;
    },
  };
}

describe('started: what a cache or memo keeps settles once', () => {
  it('runs a lazy thenable once however often its promise is awaited', async () => {
    const q = lazyQuery();
    const kept = started(q.load);
    expect(await kept).toEqual({ run: 1 });
    expect(await kept).toEqual({ run: 1 });
    expect(q.runs).toBe(1);
  });

  it('turns a synchronous throw into a rejection', async () => {
    await expect(
      started(() => {
        throw new Error('kapot');
      }),
    ).rejects.toThrow('kapot');
  });

  it('the read-through cache runs a query builder once while its entry lives', async () => {
    const cache = createTtlCache(60_000);
    const q = lazyQuery();
    for (let i = 0; i < 5; i++) expect(await cache.get('checks', q.load)).toEqual({ run: 1 });
    expect(q.runs).toBe(1);
  });

  it('the request memo runs a query builder once per request', async () => {
    const scope = createScope({} as Deps);
    const q = lazyQuery();
    for (let i = 0; i < 3; i++) expect(await scope.once('checks', q.load)).toEqual({ run: 1 });
    expect(q.runs).toBe(1);
  });

  it('a kept view of a user runs a query builder once while the version stands', async () => {
    const views = createUserViews(30_000, { readVersion: () => Promise.resolve(1), freeze: false });
    const q = lazyQuery();
    for (let i = 0; i < 3; i++) expect(await views.get('u1', 1, 'plan', q.load)).toEqual({ run: 1 });
    expect(q.runs).toBe(1);
  });
});
