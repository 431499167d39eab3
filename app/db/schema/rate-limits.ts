import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters of rate-limiter-flexible's Drizzle store
 * (server/infra/rate-limit.ts), shared by every server copy: one row per
 * limit and client ('consent:203.0.113.7'), counting the points used in the
 * window that ends at `expire`. The limiter deletes rows that expired over an
 * hour ago every five minutes. Used when REDIS_URL is not set.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
