/**
 * Debian's PgBouncer (1.18 on bookworm) in transaction mode, on a port and a folder of its own, in front of the
 * test's PostgreSQL: what docs/deploy.md puts between the server copies and the database.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import pg from 'pg';
import { freePort } from './copies.ts';

/** Where Debian installs it; PGBOUNCER names another. */
export function pgbouncerBinary(): string | null {
  for (const candidate of [process.env.PGBOUNCER, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export interface PgBouncer {
  port: number;
  /** `postgres://user@127.0.0.1:<port>/<alias>` for a database of the config. */
  url(alias: string): string;
  stop(): Promise<void>;
}

export interface PgBouncerDatabase {
  dbname: string;
  /** Server connections of this entry (default_pool_size otherwise). */
  poolSize?: number;
}

/**
 * Starts PgBouncer with `pool_mode = transaction`, trusting connections from 127.0.0.1, for the databases named
 * (alias → database of `server`). As root it runs as the `postgres` user (PgBouncer refuses to run as root).
 */
export async function startPgBouncer(server: URL, databases: Record<string, PgBouncerDatabase>): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) {
    throw new Error(
      'PgBouncer is not installed: `npm run test:cluster` installs it (apt-get install -y pgbouncer), or install it ' +
        'yourself and run the tests again.',
    );
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'slaagbundel-pgbouncer-'));
  const user = decodeURIComponent(server.username || 'postgres');
  const host = server.hostname || '127.0.0.1';
  const serverPort = server.port || '5432';
  const entries = Object.entries(databases).map(
    ([alias, db]) =>
      `${alias} = host=${host} port=${serverPort} dbname=${db.dbname}${db.poolSize ? ` pool_size=${db.poolSize}` : ''}`,
  );
  const asRoot = process.getuid?.() === 0;
  const ini = [
    '[databases]',
    ...entries,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    'max_client_conn = 400',
    'default_pool_size = 20',
    // node-postgres sends none of these, other clients do; PgBouncer refuses parameters it does not know.
    'ignore_startup_parameters = extra_float_digits,options',
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
    ...(asRoot ? ['user = postgres'] : []),
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'pgbouncer.ini'), ini);
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const file of ['', 'pgbouncer.ini', 'userlist.txt']) chownSync(path.join(dir, file), uid, gid);
  }
  const child = spawn(binary, [path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = (alias: string) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${alias}`;

  const [firstAlias] = Object.keys(databases);
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`PgBouncer exited at start (${child.exitCode}):\n${output}`);
    }
    const client = new pg.Client({ connectionString: url(firstAlias!) });
    const answered = await client
      .connect()
      .then(() => client.query('select 1'))
      .then(
        () => true,
        () => false,
      );
    await client.end().catch(() => {});
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`PgBouncer did not answer on port ${port} within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    port,
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
