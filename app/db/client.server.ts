import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import { createDatabaseHealth, type DatabaseHealth } from './health.server.ts';
/**
 * The one database handle type every query and service receives first. Queries
 * name their tables (each module's db/tables.ts); no relational schema is
 * registered, so this file depends on no module.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver under Drizzle (pg Pool or PGlite instance), for libraries that bring their own SQL: the job queue (ADR 007). */
  raw: Pool | PGlite;
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /** Whether the database can be reached: a lost connection marks it unavailable until a ping answers. */
  health: DatabaseHealth;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; absent selects embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  migrationsFolder?: string;
  /**
   * PGlite only: start from this dump of a data directory (`dumpDataDir()`) instead of an empty
   * cluster. The test suite dumps one migrated, seeded database and starts each test file from it.
   */
  loadDataDir?: Blob | undefined;
}

const defaultMigrationsFolder = () => path.resolve(process.cwd(), 'app/db/migrations');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.url) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.url, max: 10 });
    // A connection that drops (a restart, a crash, a failover, a test database dropped with FORCE) emits
    // 'error' on its client; unheard, that event crashes the process. pg-pool hears its idle clients only,
    // so every client gets a listener of its own for its whole life, checked out (a transaction, the job
    // queue) or idle. The query running on it rejects by itself; the pool replaces the client.
    const connectionLost = (error: Error) => health.report(error);
    pool.on('connect', (client) => client.on('error', connectionLost));
    pool.on('error', connectionLost);
    // A connection that ends while checked out goes out of the pool at once. Its holder may never give it
    // back: Drizzle's transaction() sends BEGIN before its try, so a BEGIN cut off by the crash leaves the
    // client checked out for good, and every outage would take one more of the pool's ten. The holder's own
    // release afterwards is a no-op (pg-pool throws on a second release).
    const endedWhileCheckedOut = new WeakMap<PoolClient, () => void>();
    pool.on('acquire', (client) => {
      const ended = () => {
        const release = client.release;
        client.release = () => undefined;
        release(new Error('The database connection ended while checked out.'));
      };
      endedWhileCheckedOut.set(client, ended);
      client.once('end', ended);
    });
    pool.on('release', (_error, client) => {
      const ended = endedWhileCheckedOut.get(client);
      if (ended) client.removeListener('end', ended);
    });
    const db = drizzle(pool);
    const ping = async () => {
      await db.execute(sql`select 1`);
    };
    const health = createDatabaseHealth({ ping });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      raw: pool,
      ping,
      health,
      migrate: () => migrate(db, { migrationsFolder }),
      close: async () => {
        health.close();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  // 'memory://', not undefined: without a data dir argument PGlite 0.5 does not load the extensions (pg_trgm).
  const client = new PGlite(inMemory ? 'memory://' : options.dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzle(client);
  const ping = async () => {
    await client.query('select 1');
  };
  // Embedded in this process: it cannot be unreachable, only closed.
  const health = createDatabaseHealth({ ping });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    raw: client,
    ping,
    health,
    migrate: () => migrate(db, { migrationsFolder }),
    close: async () => {
      health.close();
      await client.close();
    },
  };
}
