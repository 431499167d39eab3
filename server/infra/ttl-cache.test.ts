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

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const cache = createTtlCache(60_000, { maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    let reloaded = false;
    await cache.get('a', async () => ((reloaded = true), 'a'));
    expect(reloaded).toBe(true);
    let kept = true;
    await cache.get('d', async () => ((kept = false), 'd'));
    expect(kept).toBe(true);
  });

  it('does not remember a failed load', async () => {
    const cache = createTtlCache(60_000);
    await expect(cache.get('x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
  });
});
