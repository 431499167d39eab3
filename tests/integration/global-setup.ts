/**
 * Vitest global setup: builds the two databases every test file starts from, once per run —
 * one migrated, one migrated and seeded with the demo data — so a test file copies a database
 * instead of migrating and seeding its own (tests/integration/test-db.ts).
 * - PGlite: a dump of each data directory, kept in a temporary folder; a file loads it.
 * - PostgreSQL (DATABASE_URL): two template databases; a file's database is CREATE DATABASE … TEMPLATE.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#app/db/client.server.ts';
import { seedDemoData } from '#server/seed/demo-data.ts';
import { importTimetables } from '#app/modules/exam-data/index.server.ts';

export interface DatabaseTemplates {
  kind: 'pglite' | 'postgres';
  /** PGlite: the dump files; PostgreSQL: the template databases' names. */
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function pgliteTemplates(): Promise<{ templates: DatabaseTemplates; teardown: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'slaagbundel-test-templates-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await importTimetables(database.db, 'content');
  const client = database.raw as PGlite;
  const dump = async (name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  const migrated = await dump('migrated.tar');
  await seedDemoData(database.db);
  const seeded = await dump('seeded.tar');
  await database.close();
  return {
    templates: { kind: 'pglite', migrated, seeded },
    teardown: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresTemplates(
  url: string,
): Promise<{ templates: DatabaseTemplates; teardown: () => Promise<void> }> {
  const prefix = `slaagbundel_tpl_${randomBytes(4).toString('hex')}`;
  const migrated = `${prefix}_migrated`;
  const seeded = `${prefix}_seeded`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const build = async (name: string, seed: boolean) => {
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString(), dataDir: 'memory://' });
    await database.migrate();
    await importTimetables(database.db, 'content');
    if (seed) await seedDemoData(database.db);
    await database.close();
  };
  await build(migrated, false);
  await build(seeded, true);
  return {
    templates: { kind: 'postgres', migrated, seeded },
    teardown: async () => {
      for (const name of [migrated, seeded]) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const { templates, teardown } = url ? await postgresTemplates(url) : await pgliteTemplates();
  project.provide('databaseTemplates', templates);
  return teardown;
}
