import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
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
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; absent selects embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  migrationsFolder?: string;
}

const defaultMigrationsFolder = () => path.resolve(process.cwd(), 'app/db/migrations');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.url) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.url, max: 10 });
    // An idle connection that drops (server restart, failover, a test database dropped with FORCE) is
    // removed by pg-pool and re-opened on the next query; unheard, its 'error' event would crash the process.
    pool.on('error', () => {});
    const db = drizzle(pool);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      raw: pool,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrate: () => migrate(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  // 'memory://', not undefined: without a data dir argument PGlite 0.5 does not load the extensions (pg_trgm).
  const client = new PGlite(inMemory ? 'memory://' : options.dataDir, { extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzle(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    raw: client,
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
