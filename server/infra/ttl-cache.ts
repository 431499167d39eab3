import { started } from '#app/platform/server/caches/started.ts';

/**
 * A small read-through cache for public, read-only content (navigation,
 * config, pages and articles by slug). Each server copy keeps its own;
 * nothing another copy needs. At most `maxEntries` keys: addresses are typed
 * by anyone (/artikel/<anything>), so the oldest entry goes when it is full.
 */
export function createTtlCache(ttlMs: number, { now = Date.now, maxEntries = 2000 } = {}) {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      const value = started(load);
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { expires: now() + ttlMs, value });
      // A failed load is not remembered (nor does it drop a later load of the key).
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    /** Forgets one key: the next `get` loads it (a change this copy made itself, seen at once here). */
    delete(key: string) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}

export type TtlCache = ReturnType<typeof createTtlCache>;
