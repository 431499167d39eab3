/**
 * pg-boss talks to the database through `{ executeSql(text, values) }` (its
 * `db` option). We give it the app's own connection, so the queue lives in the
 * same database as everything else (schema `pgboss`) on both drivers:
 *
 * - PGlite (one connection, shared with Drizzle): `query` takes ONE statement
 *   with parameters, `exec` takes many statements without. pg-boss sends its
 *   DDL and maintenance as `BEGIN; SET LOCAL …; advisory lock; …; COMMIT;`
 *   without parameters. We run that body inside `PGlite.transaction()`, which
 *   holds PGlite's transaction lock (no Drizzle query interleaves) and rolls
 *   back on error: a failed statement must never leave the app's only
 *   connection inside an aborted transaction.
 * - PostgreSQL (the app's pg Pool): statements with parameters go through
 *   `pool.query`. A multi-statement text runs on one checked-out client and is
 *   rolled back on error before the client returns to the pool (pg-boss's own
 *   pool would hand out a connection stuck in an aborted transaction).
 *
 * pg-boss 10 completes or fails a job after its handler WITHOUT awaiting the
 * promise (manager.js `watch`): a database error there would be an unhandled
 * rejection, which ends the Node process. So those two statements never
 * reject: the error goes to `onLostCompletion` and the job stays `active`
 * until it expires, then is retried (at least once, as always). For the same
 * reason `close()` waits for statements in flight and afterwards answers every
 * statement without touching the closed database.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';

export interface QueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Waits for statements in flight (at most `timeoutMs`), then answers every later statement with no rows. */
  close(timeoutMs?: number): Promise<void>;
}

/** The driver under Drizzle: `Database.raw` (app/db/client.server.ts). */
export type RawClient = Pool | PGlite;

type Execute = (text: string, values: unknown[] | undefined) => Promise<{ rows: unknown[] }>;

const hasValues = (values: unknown[] | undefined): values is unknown[] => values !== undefined && values.length > 0;

/** `BEGIN; body; COMMIT;` → `body`, so it can run inside a transaction we own. */
export function unwrapTransaction(text: string): string {
  const match = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i.exec(text);
  return match ? match[1]! : text;
}

function pgliteExecute(client: PGlite): Execute {
  return async (text, values) => {
    if (hasValues(values)) {
      const result = await client.query(text, values);
      return { rows: result.rows };
    }
    const results = await client.transaction((tx) => tx.exec(unwrapTransaction(text)));
    return { rows: results.at(-1)?.rows ?? [] };
  };
}

function poolExecute(pool: Pool): Execute {
  return async (text, values) => {
    if (hasValues(values)) {
      const result = await pool.query(text, values);
      return { rows: result.rows };
    }
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // One statement gives one result; several give an array of them.
      const result: unknown = await client.query(text);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last as { rows?: unknown[] } | undefined)?.rows ?? [] };
    } catch (error) {
      // A no-op (with a warning) outside a transaction; a failing ROLLBACK means the connection is unusable.
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

function isPglite(raw: RawClient): raw is PGlite {
  return 'exec' in raw && typeof raw.exec === 'function';
}

/** pg-boss's completeJobs and failJobsById: `name = $1`, ids `$2::uuid[]`, output `$3::jsonb`. */
export function isCompletion(text: string, values: unknown[] | undefined): boolean {
  return values?.length === 3 && text.includes('UNNEST($2::uuid[])') && text.includes('$3::jsonb');
}

/** What pg-boss reads from a completion: the number of jobs it changed. */
const NOTHING_CHANGED = { rows: [{ count: 0 }] };

export function createQueueDb(
  raw: RawClient,
  { onLostCompletion = () => {} }: { onLostCompletion?: (error: unknown) => void } = {},
): QueueDb {
  const execute = isPglite(raw) ? pgliteExecute(raw) : poolExecute(raw);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    async executeSql(text, values) {
      const completion = isCompletion(text, values);
      if (closed) return completion ? NOTHING_CHANGED : { rows: [] };
      const running = execute(text, values);
      inFlight.add(running);
      try {
        return await running;
      } catch (error) {
        if (!completion) throw error;
        onLostCompletion(error);
        return NOTHING_CHANGED;
      } finally {
        inFlight.delete(running);
      }
    },
    async close(timeoutMs = 5_000) {
      closed = true;
      if (inFlight.size === 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.allSettled([...inFlight]), timeout]);
      clearTimeout(timer);
    },
  };
}
