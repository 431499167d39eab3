import { sql } from 'drizzle-orm';
import type { Scope } from '#app/platform/server/deps.ts';

export interface JobFailures {
  name: string;
  /** Jobs that used up their retries since the given moment. */
  failed: number;
  /** Jobs whose last attempt failed and that wait for a retry now. */
  retrying: number;
  lastAt: string | null;
  lastError: string | null;
}

/**
 * The background jobs that are failing, per queue, read from pg-boss's own table (schema `pgboss`, the queue's
 * library keeps every job's state and last output there): failed for good since `since`, or waiting to retry.
 * Null before the queue installed its schema (a fresh database that never started the queue).
 */
export async function failingJobs(s: Pick<Scope, 'db'>, since: Date): Promise<JobFailures[] | null> {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await s.db.execute(query)) as unknown as { rows: T[] }).rows; // `{ rows }` on both drivers
  const [present] = await rows<{ present: boolean }>(sql`select to_regclass('pgboss.job') is not null as present`);
  if (!present?.present) return null;
  const failing = await rows<{
    name: string;
    failed: number;
    retrying: number;
    last_at: Date | string | null;
    last_error: string | null;
  }>(sql`
    select name,
      (count(*) filter (where state = 'failed'))::int as failed,
      (count(*) filter (where state = 'retry'))::int as retrying,
      max(coalesce(completed_on, started_on, created_on)) as last_at,
      (array_agg(output ->> 'message' order by coalesce(completed_on, started_on, created_on) desc))[1] as last_error
    from pgboss.job
    where (state = 'failed' and completed_on >= ${since}) or state = 'retry'
    group by name
    order by name`);
  return failing.map((row) => ({
    name: row.name,
    failed: row.failed,
    retrying: row.retrying,
    lastAt: row.last_at ? new Date(row.last_at).toISOString() : null,
    lastError: row.last_error,
  }));
}
