/**
 * Per-client rate limits with rate-limiter-flexible, counted where every
 * server copy sees the same numbers: in PostgreSQL (the `rate_limits` table,
 * through the Drizzle store, so PGlite and PostgreSQL share one code path and
 * the table comes from our migrations) or in Redis when REDIS_URL is set.
 *
 * A limit is a named rule (server/api/limits.ts and the accounts module's
 * AUTH_LIMITS hold them all). When the store fails or does not answer within
 * `timeoutMs` (ADR 015):
 * - a rule marked `failClosed` (signing in, registering, password resets:
 *   what guessing and mail bombing aim at) refuses: `unavailable`, a 503;
 * - every other rule counts in this process instead, with the same numbers,
 *   so a flood is still stopped per server copy;
 * and a warning is logged, at most once per `warnEveryMs`. A broken counter
 * store never turns a write into a 500.
 */
import type { Logger } from 'pino';
import type { RateLimit, RateLimitRule } from '#app/platform/server/deps.ts';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';

/** The `rate_limits` table and its cleanup (app/db/queries/rate-limits.server.ts, wired in server/composition.ts). */
export interface CounterTable {
  storeClient: unknown;
  schema: unknown;
  /** One prepared upsert: `points` more on counter `key`, or a new window ending at `expire` when it ended by `now`. */
  add(
    key: string,
    points: number,
    now: Date,
    expire: Date | null,
  ): Promise<{ key: string; points: number; expire: Date | null }>;
  deleteExpired(before: Date): Promise<unknown>;
}

export type { RateLimitRule };

export type RateLimitDecision =
  | { allowed: true; remaining: number; degraded?: false }
  /** The store failed: counted in this process only. */
  | { allowed: true; remaining: number; degraded: true }
  | { allowed: false; retryAfterSeconds: number; unavailable?: false }
  /** The store failed and the rule fails closed. */
  | { allowed: false; retryAfterSeconds: number; unavailable: true };

export interface RateLimiter extends RateLimit {
  readonly store: 'postgres' | 'redis' | 'memory';
  /** Counts one request of `clientKey` against `rule`. Never rejects. */
  consume(rule: RateLimitRule, clientKey: string): Promise<RateLimitDecision>;
  /** Whether the shared store answers now (/readyz). */
  available(): Promise<boolean>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  logger: Pick<Logger, 'warn'>;
  /** A store slower than this counts as failing (default 500 ms). */
  timeoutMs?: number;
  /** At most one store warning per this many ms (default 30 s). */
  warnEveryMs?: number;
}

type Limiter = RateLimiterAbstract | RateLimiterStoreAbstract;

const DEFAULT_TIMEOUT_MS = 500;
const DEFAULT_WARN_EVERY_MS = 30_000;
/** How many times the timeout a fail-closed rule waits for the store before refusing. */
const FAIL_CLOSED_PATIENCE = 4;
/** How long a fail-closed refusal asks the client to wait: the store is usually back within a minute. */
const UNAVAILABLE_RETRY_SECONDS = 30;

/** Rejects after `ms`; the original promise's late outcome is ignored. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`rate-limit store did not answer within ${ms} ms`)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function createRateLimiter(
  store: RateLimiter['store'],
  build: (rule: RateLimitRule) => Limiter,
  { logger, timeoutMs = DEFAULT_TIMEOUT_MS, warnEveryMs = DEFAULT_WARN_EVERY_MS }: RateLimiterOptions,
  {
    close = async () => {},
    available = async () => true,
  }: { close?: () => Promise<void>; available?: () => Promise<boolean> } = {},
): RateLimiter & { warn(error: unknown, message: string): void } {
  const limiters = new Map<string, { rule: RateLimitRule; limiter: Limiter; fallback: RateLimiterMemory }>();
  let lastWarning = Number.NEGATIVE_INFINITY;

  function warn(error: unknown, message: string) {
    const now = Date.now();
    if (now - lastWarning < warnEveryMs) return;
    lastWarning = now;
    logger.warn({ err: error, store }, message);
  }

  function limitersFor(rule: RateLimitRule) {
    const known = limiters.get(rule.name);
    if (known) {
      if (known.rule.points !== rule.points || known.rule.durationSeconds !== rule.durationSeconds) {
        throw new Error(`rate limit '${rule.name}' is defined twice with different numbers`);
      }
      return known;
    }
    const built = { rule, limiter: build(rule), fallback: new RateLimiterMemory(storeOptions(rule)) };
    limiters.set(rule.name, built);
    return built;
  }

  /** The limiter's answer as a decision; anything but its own refusal is the store failing. */
  async function decide(limiter: Limiter, clientKey: string, waitMs = timeoutMs): Promise<RateLimitDecision | Error> {
    try {
      const result = await withTimeout(limiter.consume(clientKey, 1), waitMs);
      return { allowed: true, remaining: result.remainingPoints };
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
      }
      return outcome instanceof Error ? outcome : new Error(String(outcome));
    }
  }

  return {
    store,
    warn,
    available,
    async consume(rule, clientKey) {
      const { limiter, fallback } = limitersFor(rule);
      // A refusal of what fails closed costs someone their sign-in: a store that is only slow (a busy
      // moment) gets longer before it counts as down.
      const decision = await decide(limiter, clientKey, rule.failClosed ? timeoutMs * FAIL_CLOSED_PATIENCE : timeoutMs);
      if (!(decision instanceof Error)) return decision;
      warn(decision, 'rate-limit store unavailable; refusing what fails closed, counting the rest in this process');
      if (rule.failClosed) return { allowed: false, retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS, unavailable: true };
      const local = await decide(fallback, clientKey);
      if (local instanceof Error) return { allowed: true, remaining: 0, degraded: true };
      return local.allowed ? { allowed: true, remaining: local.remaining, degraded: true } : local;
    },
    async refund(rule, clientKey) {
      const { limiter } = limitersFor(rule);
      await withTimeout(limiter.reward(clientKey, 1), timeoutMs).catch((error: unknown) =>
        warn(error, 'rate-limit store unavailable; a point could not be given back'),
      );
    },
    async reset(rule, clientKey) {
      const { limiter, fallback } = limitersFor(rule);
      await fallback.delete(clientKey);
      await withTimeout(limiter.delete(clientKey), timeoutMs).catch((error: unknown) =>
        warn(error, 'rate-limit store unavailable; a counter could not be cleared'),
      );
    },
    close,
  };
}

/** Options every store limiter shares: the rule's numbers, and an in-memory block once exceeded. */
function storeOptions(rule: RateLimitRule) {
  return {
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.durationSeconds,
    // After the first refusal this copy refuses the client from memory for the rest of the
    // window, so a flood of refused requests does not reach the store.
    inMemoryBlockOnConsumed: rule.points + 1,
  };
}

/**
 * rate-limiter-flexible's Drizzle store, counting through the table's one prepared statement: its own
 * `_upsert` (the store's extension point) builds the same statement anew for every write the site takes.
 * A forced window (`set`, `block`, which the site does not use) stays the library's own.
 */
class PreparedDrizzleStore extends RateLimiterDrizzle {
  readonly #add: CounterTable['add'];

  constructor(options: ConstructorParameters<typeof RateLimiterDrizzle>[0], add: CounterTable['add']) {
    super(options);
    this.#add = add;
  }

  /** The store's upsert (README "Contributions": the four methods a store implements; not in its types). */
  _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<unknown> {
    if (forceExpire) {
      const library = RateLimiterDrizzle.prototype as unknown as { _upsert: PreparedDrizzleStore['_upsert'] };
      return library._upsert.call(this, key, points, msDuration, true);
    }
    const now = new Date();
    return this.#add(key, points, now, msDuration > 0 ? new Date(now.getTime() + msDuration) : null);
  }
}

const CLEANUP_EVERY_MS = 5 * 60_000;
const CLEANUP_AFTER_MS = 60 * 60_000;

/** Counters in the `rate_limits` table (PostgreSQL or PGlite); expired rows are deleted every five minutes. */
export function createDatabaseRateLimiter(table: CounterTable, options: RateLimiterOptions): RateLimiter {
  const limiter = createRateLimiter(
    'postgres',
    (rule) =>
      new PreparedDrizzleStore(
        { ...storeOptions(rule), storeClient: table.storeClient, schema: table.schema, clearExpiredByTimeout: false },
        table.add,
      ),
    options,
    { close: async () => clearInterval(cleanup) },
  );
  const cleanup = setInterval(() => {
    table
      .deleteExpired(new Date(Date.now() - CLEANUP_AFTER_MS))
      .catch((error: unknown) => limiter.warn(error, 'could not delete expired rate-limit counters'));
  }, CLEANUP_EVERY_MS);
  cleanup.unref();
  return limiter;
}

/**
 * Counters in Redis (REDIS_URL). Commands fail at once while Redis is
 * unreachable (no offline queue), so requests fall back (fail closed, or
 * count in this process) instead of waiting; ioredis keeps reconnecting in
 * the background.
 */
export async function createRedisRateLimiter(url: string, options: RateLimiterOptions): Promise<RateLimiter> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  const limiter = createRateLimiter(
    'redis',
    (rule) => new RateLimiterRedis({ ...storeOptions(rule), storeClient: client }),
    options,
    {
      close: async () => {
        await client.quit().catch(() => client.disconnect());
      },
      available: async () => client.status === 'ready',
    },
  );
  client.on('error', (error: unknown) => limiter.warn(error, 'redis (rate limits) connection error'));
  await client.connect().catch((error: unknown) => limiter.warn(error, 'redis (rate limits) unreachable at start'));
  return limiter;
}

/** Counters in this process only: for tests and API-only apps without a composed store. */
export function createMemoryRateLimiter(options: RateLimiterOptions): RateLimiter {
  return createRateLimiter('memory', (rule) => new RateLimiterMemory(storeOptions(rule)), options);
}
