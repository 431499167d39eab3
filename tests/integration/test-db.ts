import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { AppServices } from '../../app/context.ts';
import { openDatabase, type Database } from '../../app/db/client.server.ts';
import { seedDemoData } from '../../app/db/seed/seed.server.ts';
import { createLogErrorReporter } from '../../app/integrations/errors/adapters.server.ts';
import { createApp } from '../../server/create-app.ts';
import { createServices } from '../../server/services.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the PostgreSQL server of DATABASE_URL (dropped after).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const name = `slaagbundel_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: testUrl.toString(), dataDir: 'memory://' });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestRuntime {
  database: Database;
  services: AppServices;
  app: ReturnType<typeof createApp>;
  reported: unknown[];
  close(): Promise<void>;
}

/** Database (seeded with the demo content), services and the Hono app without SSR. */
export async function createTestRuntime({ seed = true } = {}): Promise<TestRuntime> {
  const database = await createTestDatabase();
  if (seed) await seedDemoData(database.db);
  const logger = pino({ level: 'silent' });
  const reported: unknown[] = [];
  const log = createLogErrorReporter(logger);
  const services = createServices({
    db: database.db,
    logger,
    errors: { capture: (e, c) => (reported.push(e), log.capture(e, c)), flush: log.flush },
    contentCacheMs: 0,
    settings: { publicUrl: 'http://localhost', gtmId: undefined, production: false },
  });
  const app = createApp({ services, ping: database.ping, production: false });
  return { database, services, app, reported, close: () => database.close() };
}
