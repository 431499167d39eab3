import { describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache.ts';

function setup(ttlMs = 5000, maxEntries = 500) {
  let clock = 0;
  let produced = 0;
  const cache = createPageCache<string>({ ttlMs, maxEntries, now: () => clock });
  const get = (key: string, value = `v${key}`, keep = true) =>
    cache.get(
      key,
      async () => {
        produced++;
        return `${value}#${produced}`;
      },
      () => keep,
    );
  return { cache, get, produced: () => produced, advance: (ms: number) => (clock += ms) };
}

describe('page cache', () => {
  it('produces once, then answers from the cache until the entry expires', async () => {
    const { get, produced, advance } = setup(5000);
    expect(await get('/')).toEqual({ value: 'v/#1', hit: false });
    expect(await get('/')).toEqual({ value: 'v/#1', hit: true });
    advance(4999);
    expect((await get('/')).hit).toBe(true);
    advance(1);
    expect(await get('/')).toEqual({ value: 'v/#2', hit: false });
    expect(produced()).toBe(2);
  });

  it('shares one production between concurrent requests for a key', async () => {
    const { get, produced } = setup();
    const results = await Promise.all([get('/a'), get('/a'), get('/a'), get('/b')]);
    expect(results.map((r) => r.value)).toEqual(['v/a#1', 'v/a#1', 'v/a#1', 'v/b#2']);
    expect(produced()).toBe(2);
  });

  it('keeps nothing the caller does not want kept', async () => {
    const { get, cache, produced } = setup();
    await get('/private', 'p', false);
    await get('/private', 'p', false);
    expect(produced()).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it('keeps nothing with a zero lifetime, and says it is off', async () => {
    const { get, cache, produced } = setup(0);
    expect(cache.enabled).toBe(false);
    await get('/');
    await get('/');
    expect(produced()).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it('stays within its bound, dropping the oldest entries first', async () => {
    const { get, cache } = setup(5000, 3);
    for (const key of ['/1', '/2', '/3', '/4']) await get(key);
    expect(cache.size()).toBe(3);
    expect((await get('/1')).hit).toBe(false);
    expect((await get('/4')).hit).toBe(true);
  });

  it('does not remember a failed production', async () => {
    const cache = createPageCache<string>({ ttlMs: 5000 });
    await expect(
      cache.get(
        '/',
        () => Promise.reject(new Error('boom')),
        () => true,
      ),
    ).rejects.toThrow('boom');
    expect(
      await cache.get(
        '/',
        async () => 'ok',
        () => true,
      ),
    ).toEqual({ value: 'ok', hit: false });
  });
});
