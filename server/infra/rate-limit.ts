/**
 * Per-client rate limits with rate-limiter-flexible, counted where every
 * server copy sees the same numbers: in PostgreSQL (the `rate_limits` table,
 * through the Drizzle store, so PGlite and PostgreSQL share one code path and
 * the table comes from our migrations) or in Redis when REDIS_URL is set.
 *
 * A limit is a named rule (server/api/limits.ts holds them all). When the
 * store fails or does not answer within `timeoutMs`, the request is let
 * through (fail open) and a warning is logged, at most once per `warnEveryMs`:
 * a broken counter store must never turn a write into a 500.
 */
import type { Logger } from 'pino';
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
  deleteExpired(before: Date): Promise<unknown>;
}

export interface RateLimitRule {
  /** Counter namespace, e.g. 'consent'; one rule per name. */
  name: string;
  /** Requests allowed per window. */
  points: number;
  durationSeconds: number;
}

export type RateLimitDecision =
  | { allowed: true; remaining: number; degraded?: false }
  /** The store failed: let through without counting. */
  | { allowed: true; degraded: true }
  | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  readonly store: 'postgres' | 'redis' | 'memory';
  /** Counts one request of `clientKey` against `rule`. Never rejects. */
  consume(rule: RateLimitRule, clientKey: string): Promise<RateLimitDecision>;
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
  close: () => Promise<void> = async () => {},
): RateLimiter & { warn(error: unknown, message: string): void } {
  const limiters = new Map<string, { rule: RateLimitRule; limiter: Limiter }>();
  let lastWarning = Number.NEGATIVE_INFINITY;

  function warn(error: unknown, message: string) {
    const now = Date.now();
    if (now - lastWarning < warnEveryMs) return;
    lastWarning = now;
    logger.warn({ err: error, store }, message);
  }

  function limiterFor(rule: RateLimitRule): Limiter {
    const known = limiters.get(rule.name);
    if (known) {
      if (known.rule.points !== rule.points || known.rule.durationSeconds !== rule.durationSeconds) {
        throw new Error(`rate limit '${rule.name}' is defined twice with different numbers`);
      }
      return known.limiter;
    }
    const limiter = build(rule);
    limiters.set(rule.name, { rule, limiter });
    return limiter;
  }

  return {
    store,
    warn,
    async consume(rule, clientKey) {
      const limiter = limiterFor(rule);
      try {
        const result = await withTimeout(limiter.consume(clientKey, 1), timeoutMs);
        return { allowed: true, remaining: result.remainingPoints };
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
        }
        warn(outcome, 'rate-limit store unavailable; letting requests through uncounted');
        return { allowed: true, degraded: true };
      }
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

const CLEANUP_EVERY_MS = 5 * 60_000;
const CLEANUP_AFTER_MS = 60 * 60_000;

/** Counters in the `rate_limits` table (PostgreSQL or PGlite); expired rows are deleted every five minutes. */
export function createDatabaseRateLimiter(table: CounterTable, options: RateLimiterOptions): RateLimiter {
  const limiter = createRateLimiter(
    'postgres',
    (rule) =>
      new RateLimiterDrizzle({
        ...storeOptions(rule),
        storeClient: table.storeClient,
        schema: table.schema,
        clearExpiredByTimeout: false,
      }),
    options,
    async () => clearInterval(cleanup),
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
 * unreachable (no offline queue), so requests fail open instead of waiting;
 * ioredis keeps reconnecting in the background.
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
    async () => {
      await client.quit().catch(() => client.disconnect());
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
