/**
 * Once per `npm run test:cluster`: the release step on a fresh PostgreSQL database (`server/main.ts
 * --setup-only`: the migrations and the demo data), the databases each test file starts from (copies of it),
 * and PgBouncer in transaction mode in front of them. PostgreSQL is CLUSTER_DATABASE_URL's, else
 * DATABASE_URL's, else postgres://postgres@127.0.0.1:5432/postgres; a server that does not answer fails the run.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ROOT } from './copies.ts';
import { startPgBouncer } from './pgbouncer.ts';

export interface ClusterDatabases {
  /** Two copies straight on PostgreSQL (two-copies.test.ts). */
  direct: string;
  /** The same database through PgBouncer (two-copies-pgbouncer.test.ts), and directly for reading facts. */
  bouncer: { viaPgBouncer: string; direct: string };
  /** Through PgBouncer with one server connection: where named statements are shown to break. */
  bouncerSingle: string;
  /** An empty database through PgBouncer, for migrating through it. */
  emptyViaPgBouncer: { viaPgBouncer: string; direct: string };
  /** The cluster primary's own (primary.test.ts). */
  primary: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ClusterDatabases;
  }
}

export const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The release step: migrations and the demo data, as `npm run db:migrate` with SEED_DEMO=1 runs them. */
function releaseStep(databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, ['server/main.ts', '--setup-only'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // The demo accounts' passwords hashed at the integration tests' cost (password-hash.server.ts).
      NODE_ENV: 'test',
      TEST_SCRYPT_N: String(2 ** 14),
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the release step failed (${code}):\n${output}`)),
    ),
  );
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, 'build/server/index.js'))) {
    throw new Error('No server build: run `npm run test:cluster`, which builds first.');
  }
  const server = new URL(process.env.CLUSTER_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_POSTGRES);
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect().catch((error: unknown) => {
    throw new Error(
      `PostgreSQL does not answer at ${server.host} (${String(error)}): start it (Debian: pg_ctlcluster ` +
        '--skip-systemctl-redirect 15 main start) or point CLUSTER_DATABASE_URL at one.',
    );
  });
  const prefix = `slaagbundel_cluster_${randomBytes(3).toString('hex')}`;
  const name = (suffix: string) => `${prefix}_${suffix}`;
  const urlOf = (database: string) => {
    const url = new URL(server);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const created: string[] = [];
  const create = async (database: string, template?: string) => {
    await admin.query(`create database ${database}${template ? ` template ${template}` : ''}`);
    created.push(database);
  };

  await create(name('template'));
  await releaseStep(urlOf(name('template')));
  for (const suffix of ['direct', 'bouncer', 'primary']) await create(name(suffix), name('template'));
  await create(name('empty'));

  const bouncer = await startPgBouncer(server, {
    [name('bouncer')]: { dbname: name('bouncer') },
    [name('single')]: { dbname: name('bouncer'), poolSize: 1 },
    [name('empty')]: { dbname: name('empty') },
  });

  project.provide('cluster', {
    direct: urlOf(name('direct')),
    bouncer: { viaPgBouncer: bouncer.url(name('bouncer')), direct: urlOf(name('bouncer')) },
    bouncerSingle: bouncer.url(name('single')),
    emptyViaPgBouncer: { viaPgBouncer: bouncer.url(name('empty')), direct: urlOf(name('empty')) },
    primary: urlOf(name('primary')),
  });

  return async () => {
    await bouncer.stop();
    for (const database of created.reverse()) {
      await admin.query(`drop database if exists ${database} with (force)`);
    }
    await admin.end();
  };
}
