/**
 * The database of a bench: embedded PGlite by default (a fresh data dir per
 * server), PostgreSQL with `--postgres` or BENCH_DATABASE_URL.
 */
import process from 'node:process';
import pg from 'pg';
import { DEFAULT_BENCH_DATABASE_URL } from './settings.ts';

/** The one argument the benches take, `--postgres`; anything else stops the bench with its usage. */
export function parseBenchArgs(argv: string[], command: string): { postgres: boolean } {
  let postgres = false;
  for (const arg of argv) {
    if (arg === '--postgres') postgres = true;
    else throw new Error(`unknown argument ${arg} (usage: ${command} [-- --postgres])`);
  }
  return { postgres };
}

/** BENCH_DATABASE_URL, else the default bench database with `--postgres`, else '' (embedded PGlite). */
export function benchDatabaseUrl(postgres: boolean): string {
  return process.env.BENCH_DATABASE_URL || (postgres ? DEFAULT_BENCH_DATABASE_URL : '');
}

/** The URL with its password (if any) masked, for printing. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.href;
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * Makes the benchmark database ready: a database whose name contains "bench"
 * is dropped and created afresh (runs start from the same state); any other
 * name is only created when missing, never dropped. Connects to the server's
 * `postgres` database to do so.
 */
export async function preparePostgres(url: string): Promise<{ name: string; recreated: boolean; version: string }> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`the PostgreSQL URL ${maskUrl(url)} names no database`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `cannot connect to PostgreSQL at ${maskUrl(admin.href)} (is it running? pg_isready -h ${target.hostname}): ` +
        (error instanceof Error ? error.message : String(error)),
      { cause: error },
    );
  }
  try {
    const ident = `"${name.replaceAll('"', '""')}"`;
    const recreated = /bench/i.test(name);
    if (recreated) await client.query(`drop database if exists ${ident} with (force)`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${ident}`);
    const version =
      (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
    return { name, recreated, version };
  } finally {
    await client.end();
  }
}
