import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('createTtlCache', () => {
  it('loads once per key until the entry expires', async () => {
    let clock = 0;
    const cache = createTtlCache(1000, { now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('keeps at most maxBytes, the least recently asked for going first', async () => {
    // Each value about 10 kB: room for three.
    const value = (key: string) => `${key}${'x'.repeat(10_000)}`;
    const cache = createTtlCache(60_000, { maxBytes: 35_000 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => value(key));
    // 'a' asked for again: now 'b' is the least recent.
    await cache.get('a', async () => 'reloaded');
    await cache.get('d', async () => value('d'));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(35_000);
    expect(cache.bytes).toBeGreaterThan(30_000);
    const reloaded: string[] = [];
    for (const key of ['a', 'c', 'd', 'b']) await cache.get(key, async () => (reloaded.push(key), value(key)));
    expect(reloaded).toEqual(['b']);
  });

  it('keeps many small values where one large one would not fit', async () => {
    const cache = createTtlCache(60_000, { maxBytes: 100_000 });
    for (let i = 0; i < 500; i++) await cache.get(`/artikel/${i}`, async () => null);
    expect(cache.size).toBe(500);
    await cache.get('subject', async () => ({
      cards: Array.from({ length: 2000 }, (_, id) => ({ id, text: 'x'.repeat(40) })),
    }));
    // The subject's content is larger than the whole budget: it is answered but not kept, and pushes out nothing.
    expect(cache.size).toBe(500);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    let loaded = false;
    await cache.get('subject', async () => ((loaded = true), null));
    expect(loaded).toBe(true);
  });

  it('forgets a deleted key and its bytes', async () => {
    const cache = createTtlCache(60_000);
    await cache.get('a', async () => 'x'.repeat(1000));
    expect(cache.bytes).toBeGreaterThan(1000);
    cache.delete('a');
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });

  it('does not remember a failed load', async () => {
    const cache = createTtlCache(60_000);
    await expect(cache.get('x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
  });
});
