import { sizeWhenSettled } from '#app/platform/server/caches/bytes.ts';
import { started } from '#app/platform/server/caches/started.ts';

/**
 * A small read-through cache for public, read-only content (navigation, config, pages and articles by slug, the
 * catalogue, a subject's study content). Each server copy keeps its own; nothing another copy needs. Bounded in
 * bytes (`maxBytes`, each value's size estimated once when it settles, app/platform/server/caches/bytes.ts), not
 * in keys: addresses are typed by anyone (/artikel/<anything>), and a subject's content weighs as much as
 * thousands of those. When full, the least recently asked for goes first.
 */
export function createTtlCache(ttlMs: number, { now = Date.now, maxBytes = 48 * 1024 * 1024 } = {}) {
  const entries = new Map<string, { expires: number; value: Promise<unknown>; bytes: number }>();
  let total = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    total -= entry.bytes;
    entries.delete(key);
  };
  const fit = () => {
    for (const key of entries.keys()) {
      if (total <= maxBytes) break;
      drop(key);
    }
  };
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        // The most recently asked for goes last.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = started(load);
      drop(key);
      const entry = { expires: now() + ttlMs, value: value as Promise<unknown>, bytes: 0 };
      entries.set(key, entry);
      sizeWhenSettled(value, key, {
        stillKept: () => entries.get(key) === entry,
        sized: (bytes) => {
          entry.bytes = bytes;
          total += bytes;
          // A value larger than the whole budget is answered, not kept: it would push out everything else.
          if (bytes > maxBytes) drop(key);
          else fit();
        },
        // A failed load is not remembered (nor does it drop a later load of the key).
        failed: () => drop(key),
      });
      return value;
    },
    /** Forgets one key: the next `get` loads it (a change this copy made itself, seen at once here). */
    delete(key: string) {
      drop(key);
    },
    get size() {
      return entries.size;
    },
    /** The estimated bytes of what is kept. */
    get bytes() {
      return total;
    },
    clear() {
      entries.clear();
      total = 0;
    },
  };
}

export type TtlCache = ReturnType<typeof createTtlCache>;
