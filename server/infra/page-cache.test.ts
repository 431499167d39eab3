import { describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache.ts';

/** Each test value counts as 100 bytes (and its key's length). */
function setup(ttlMs = 5000, maxBytes = 50_000) {
  let clock = 0;
  let produced = 0;
  const cache = createPageCache<string>({ ttlMs, maxBytes, sizeOf: () => 100, now: () => clock });
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

  it('shares only a value it keeps: a waiter renders for itself when the shared render is not kept or fails', async () => {
    const cache = createPageCache<string>({ ttlMs: 5000, sizeOf: (v) => v.length });
    let release!: (value: string) => void;
    const first = cache.get(
      '/tips',
      () => new Promise<string>((resolve) => (release = resolve)),
      (v) => v !== 'aborted',
    );
    const second = cache.get(
      '/tips',
      async () => 'tips',
      (v) => v !== 'aborted',
    );
    // The first visitor left: their render ends as an error page that is theirs alone.
    release('aborted');
    expect(await first).toEqual({ value: 'aborted', hit: false });
    expect(await second).toEqual({ value: 'tips', hit: false });

    let fail!: (error: Error) => void;
    const failing = cache.get(
      '/kapot',
      () => new Promise<string>((_, reject) => (fail = reject)),
      () => true,
    );
    const waiter = cache.get(
      '/kapot',
      async () => 'hersteld',
      () => true,
    );
    fail(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    expect(await waiter).toEqual({ value: 'hersteld', hit: false });
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

  it('stays within its bytes, dropping the oldest entries first', async () => {
    // Room for three pages of 100 bytes and a key of two.
    const { get, cache } = setup(5000, 310);
    for (const key of ['/1', '/2', '/3', '/4']) await get(key);
    expect(cache.size()).toBe(3);
    expect(cache.bytes()).toBe(306);
    expect((await get('/1')).hit).toBe(false);
    expect((await get('/4')).hit).toBe(true);
  });

  it('does not remember a failed production', async () => {
    const cache = createPageCache<string>({ ttlMs: 5000, sizeOf: (v) => v.length });
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
