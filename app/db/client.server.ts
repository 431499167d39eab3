import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { MigrationMeta } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { ClientConfig, Pool, PoolClient } from 'pg';
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
  /** Applies the migrations this build has and the database lacks; on PostgreSQL one process at a time. */
  migrate(): Promise<void>;
  /** How many of this build's migrations the database lacks (0: up to date, or ahead of this build). */
  pendingMigrations(): Promise<number>;
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
  /** PostgreSQL only: connections this process keeps at most (DATABASE_POOL_SIZE). Default 10. */
  poolSize?: number | undefined;
  /**
   * PostgreSQL only: false sends the hot queries' named prepared statements (`.prepare('name')`, ADR 009) as
   * unnamed ones (DATABASE_PREPARED_STATEMENTS=off), for a pooler in transaction mode. Default true.
   */
  preparedStatements?: boolean | undefined;
}

const defaultMigrationsFolder = () => path.resolve(process.cwd(), 'app/db/migrations');

/** The advisory lock that lets one process at a time migrate a PostgreSQL database (any fixed number). */
export const MIGRATION_LOCK = 7_301_936_457;

/** A query as the driver is given it, without its statement name: sent as the unnamed statement. */
export function unnamed<T>(config: T): T {
  if (typeof config !== 'object' || config === null || !('name' in config)) return config;
  // A Submittable (a cursor, a stream) is the driver's own object and keeps what it is.
  if (typeof (config as { submit?: unknown }).submit === 'function') return config;
  const { name: _name, ...rest } = config as Record<string, unknown>;
  return rest as T;
}

/**
 * Makes `client` send every query unnamed (DATABASE_PREPARED_STATEMENTS=off). Drizzle's `.prepare('name')`
 * gives the driver a statement name, which it parses once per connection and afterwards only binds; behind a
 * pooler in transaction mode the next use may run on a server connection that never parsed it ("prepared
 * statement … does not exist"). Unnamed, each use is parsed and bound in one round trip, like any other query.
 */
export function withoutStatementNames<T extends { query: (...args: never[]) => unknown }>(client: T): T {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => query(unnamed(config), ...rest)) as T['query'];
  return client;
}

/** Drizzle's migrator's record of what it applied (its defaults), read and written the same way here. */
const createMigrationsTable = [
  sql`create schema if not exists drizzle`,
  sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
];

async function migrationsOf(migrationsFolder: string): Promise<MigrationMeta[]> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  return readMigrationFiles({ migrationsFolder });
}

/** The rows of a statement, on either driver (both answer `{ rows }`). */
async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The `when` of the last migration applied, or null on a database never migrated. */
async function lastApplied(db: Pick<Db, 'execute'>): Promise<number | null> {
  const [table] = await rowsOf<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') as name`,
  );
  if (!table?.name) return null;
  const [last] = await rowsOf<{ at: string | number | null }>(
    db,
    sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
  );
  return last?.at === null || last?.at === undefined ? null : Number(last.at);
}

/** How many of the build's migrations come after the last one the database applied. */
async function countPending(db: Db, migrationsFolder: string): Promise<number> {
  const [migrations, last] = await Promise.all([migrationsOf(migrationsFolder), lastApplied(db)]);
  return migrations.filter((migration) => last === null || migration.folderMillis > last).length;
}

/**
 * Drizzle's migrator (node-postgres) reads what was applied before its transaction, so two processes starting
 * at once on a fresh database would both apply everything. This is its loop in one transaction that first
 * takes an advisory lock: the second process waits for the first and finds nothing left to do. The lock is
 * transaction-scoped, so it also holds behind a pooler in transaction mode (a session lock would stay on
 * whichever server connection took it).
 */
async function migrateLocked(db: Db, migrationsFolder: string): Promise<void> {
  const migrations = await migrationsOf(migrationsFolder);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    for (const statement of createMigrationsTable) await tx.execute(statement);
    const last = await lastApplied(tx);
    for (const migration of migrations) {
      if (last !== null && migration.folderMillis <= last) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.url) {
    const { Client, Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    class UnnamedStatementClient extends Client {
      constructor(config?: ClientConfig) {
        super(config);
        withoutStatementNames(this);
      }
    }
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.preparedStatements === false ? { Client: UnnamedStatementClient } : {}),
    });
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
      migrate: () => migrateLocked(db as unknown as Db, migrationsFolder),
      pendingMigrations: () => countPending(db as unknown as Db, migrationsFolder),
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
    pendingMigrations: () => countPending(db as unknown as Db, migrationsFolder),
    close: async () => {
      health.close();
      await client.close();
    },
  };
}
