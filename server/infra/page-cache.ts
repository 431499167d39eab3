/**
 * Origin micro-cache for public pages (ADR 005, ADR 006). A public page is
 * the same for every visitor with the same render-affecting cookies, so a
 * prepared page is kept for a few seconds under its path and those cookies'
 * values, and identical renders in flight are shared. It stores whatever the
 * caller prepared; it knows nothing of HTTP.
 */
export interface PageCacheOptions<T> {
  ttlMs: number;
  /** The bytes it keeps at most: `sizeOf` of each page kept, added up. */
  maxBytes?: number;
  /** What a kept value costs in memory, in bytes. */
  sizeOf: (value: T) => number;
  now?: () => number;
}

export type PageCache<T> = ReturnType<typeof createPageCache<T>>;

export function createPageCache<T>({
  ttlMs,
  maxBytes = 16 * 1024 * 1024,
  sizeOf,
  now = Date.now,
}: PageCacheOptions<T>) {
  const entries = new Map<string, { value: T; expires: number; bytes: number }>();
  const inflight = new Map<string, Promise<T>>();
  let total = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    total -= entry.bytes;
    entries.delete(key);
  }

  function store(key: string, value: T) {
    drop(key);
    const bytes = sizeOf(value) + key.length;
    if (bytes > maxBytes) return;
    entries.set(key, { value, expires: now() + ttlMs, bytes });
    total += bytes;
    // Oldest first: drop expired entries, then the oldest while over the bound.
    for (const [k, e] of entries) {
      if (total <= maxBytes && e.expires > now()) break;
      drop(k);
    }
  }

  return {
    enabled: ttlMs > 0,
    size: () => entries.size,
    /** The bytes of what is kept (`sizeOf` of each). */
    bytes: () => total,
    clear: () => {
      entries.clear();
      total = 0;
    },
    /**
     * The cached value of `key`, or the result of `produce`, kept when
     * `keep(value)` says so. Concurrent calls for one key share one produce,
     * when its value is one that is kept: a value that is not (an error page,
     * say, because the first visitor left and their render was aborted) or a
     * produce that fails was that caller's own, and a waiter produces its own.
     * Returns whether it came from the cache.
     */
    async get(
      key: string,
      produce: () => Promise<T>,
      keep: (value: T) => boolean,
    ): Promise<{ value: T; hit: boolean }> {
      const entry = entries.get(key);
      if (entry && entry.expires > now()) return { value: entry.value, hit: true };
      const pending = inflight.get(key);
      if (pending) {
        const shared = await pending.then(
          (value) => (keep(value) ? value : undefined),
          () => undefined,
        );
        if (shared !== undefined) return { value: shared, hit: true };
        const own = await produce();
        if (ttlMs > 0 && keep(own)) store(key, own);
        return { value: own, hit: false };
      }
      const producing = produce();
      inflight.set(key, producing);
      try {
        const value = await producing;
        if (ttlMs > 0 && keep(value)) store(key, value);
        return { value, hit: false };
      } finally {
        inflight.delete(key);
      }
    },
  };
}
