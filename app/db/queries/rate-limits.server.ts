import { lt, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import { rateLimits } from '#app/db/schema/rate-limits.ts';

/** A counter after it was counted: the points used in its window, and when the window ends. */
export interface CounterRow {
  key: string;
  points: number;
  expire: Date | null;
}

/**
 * The database side of the API's rate limits (server/infra/rate-limit.ts):
 * rate-limiter-flexible's Drizzle store needs the handle and the table; every
 * write counts through `add` (one prepared statement, as rate-limiter-flexible's
 * store would write it); the limiter deletes counters that expired long ago.
 */
export interface RateLimitCounterStore {
  storeClient: Db;
  schema: typeof rateLimits;
  /**
   * Adds `points` to counter `key`: a counter whose window ended at `now` or before starts again with
   * `points` and the window ending at `expire`.
   */
  add(key: string, points: number, now: Date, expire: Date | null): Promise<CounterRow>;
  deleteExpired(before: Date): Promise<unknown>;
}

/** Prepared once per database: every write of the site counts through it. */
const counterStatements = preparedPerDatabase((db) => {
  const points = sql`${sql.placeholder('points')}::integer`;
  const expire = sql`${sql.placeholder('expire')}::timestamptz`;
  const ended = sql`${rateLimits.expire} <= ${sql.placeholder('now')}::timestamptz`;
  return {
    add: db
      .insert(rateLimits)
      .values({ key: sql.placeholder('key'), points, expire })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          points: sql`case when ${ended} then ${points} else ${rateLimits.points} + ${points} end`,
          expire: sql`case when ${ended} then ${expire} else ${rateLimits.expire} end`,
        },
      })
      .returning()
      .prepare('rate_limit_add'),
  };
});

export function rateLimitCounterStore(db: Db): RateLimitCounterStore {
  return {
    storeClient: db,
    schema: rateLimits,
    add: async (key, points, now, expire) => {
      const [row] = await counterStatements(db).add.execute({
        key,
        points,
        now: now.toISOString(),
        expire: expire?.toISOString() ?? null,
      });
      if (!row) throw new Error(`rate-limit counter ${key} was not written`);
      return row;
    },
    deleteExpired: (before) => db.delete(rateLimits).where(lt(rateLimits.expire, before)),
  };
}
