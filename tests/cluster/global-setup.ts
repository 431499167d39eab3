/**
 * Once per `npm run test:cluster`: a fresh PostgreSQL database, migrated, with the demo catalogue and content
 * and the tests' people (./people.ts) written into it; the databases each test file starts from (copies of
 * it); and PgBouncer in transaction mode in front of them. PostgreSQL is CLUSTER_DATABASE_URL's, else
 * DATABASE_URL's, else postgres://postgres@127.0.0.1:5432/postgres; a server that does not answer fails the run.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#app/db/client.server.ts';
import { seedDemoData } from '#server/seed/demo-data.ts';
import { ROOT } from './copies.ts';
import { addPeople } from './people.ts';
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

  const started = performance.now();
  const took = (what: string) => console.log(`cluster setup: ${what} at ${Math.round(performance.now() - started)} ms`);
  await create(name('template'));
  // The migrations (the release step's own process is primary.test.ts's), the demo catalogue, content and
  // study content (not the demo accounts, whose weeks of reviews take longer than every test here), and the
  // people the tests sign in as.
  const template = await openDatabase({ url: urlOf(name('template')), dataDir: 'memory://' });
  try {
    await template.migrate();
    await seedDemoData(template.db);
    await addPeople(template.db);
  } finally {
    await template.close();
  }
  took('demo data and people');
  for (const suffix of ['direct', 'bouncer', 'primary']) await create(name(suffix), name('template'));
  await create(name('empty'));

  const bouncer = await startPgBouncer(server, {
    [name('bouncer')]: { dbname: name('bouncer') },
    [name('single')]: { dbname: name('bouncer'), poolSize: 1 },
    [name('empty')]: { dbname: name('empty') },
  });

  took('databases and PgBouncer');
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
