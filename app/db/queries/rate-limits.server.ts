import { lt } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { rateLimits } from '#app/db/schema/rate-limits.ts';

/**
 * The database side of the API's rate limits (server/infra/rate-limit.ts):
 * rate-limiter-flexible's Drizzle store needs the handle and the table, and
 * the limiter deletes counters that expired long ago.
 */
export interface RateLimitCounterStore {
  storeClient: Db;
  schema: typeof rateLimits;
  deleteExpired(before: Date): Promise<unknown>;
}

export function rateLimitCounterStore(db: Db): RateLimitCounterStore {
  return {
    storeClient: db,
    schema: rateLimits,
    deleteExpired: (before) => db.delete(rateLimits).where(lt(rateLimits.expire, before)),
  };
}
