import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { createRequestHandler, type ServerBuild } from 'react-router';
import pg from 'pg';
import pino from 'pino';
import { createScope, type Deps, type Scope } from '#app/platform/server/deps.ts';
import { eq, type SQL } from 'drizzle-orm';
import { openDatabase, type Database } from '#app/db/client.server.ts';
import { userDataVersions } from '#app/modules/accounts/db/tables.ts';
import type { Auth } from '#app/modules/accounts/server/auth.server.ts';
import { createApp } from '#server/create-app.ts';
import { compose } from '#server/composition.ts';
import { parseEnv } from '#server/env.ts';
import type * as CompositionModule from '#server/composition.ts';
import type * as CreateAppModule from '#server/create-app.ts';
import type * as EnvModule from '#server/env.ts';

/**
 * A fresh, migrated database for one test file — seeded with the demo data unless `seed` is false:
 * in-memory PGlite loaded from the run's dump, or a new database on the PostgreSQL server of
 * DATABASE_URL copied from the run's template (dropped after). The templates are built once per run
 * by tests/integration/global-setup.ts.
 */
export async function createTestDatabase({ seed = false }: { seed?: boolean } = {}): Promise<Database> {
  const templates = inject('databaseTemplates');
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = readFileSync(seed ? templates.seeded : templates.migrated);
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
  }
  const name = `slaagbundel_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = seed ? templates.seeded : templates.migrated;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      break;
    } catch (error) {
      // 55006: another file's CREATE DATABASE is copying the same template at this moment.
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: testUrl.toString(), dataDir: 'memory://' });
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
  deps: Deps;
  /** A fresh request scope on each read, as every request gets one. */
  readonly services: Scope;
  app: ReturnType<typeof createApp>;
  /** Accounts (Better Auth), as mounted under /api/auth. */
  auth: Auth;
  reported: unknown[];
  close(): Promise<void>;
}

/** What a test runtime is made with: seeded with the demo content unless `seed` is false, and settings. */
export interface TestRuntimeOptions {
  seed?: boolean;
  env?: Record<string, string>;
  /** A database of the test's own (migrated, and seeded if it needs the demo data) instead of a copy. */
  database?: Database;
}

/** Database (seeded with the demo content), services and the Hono app without SSR. */
export async function createTestRuntime({
  seed = true,
  env: envOverrides = {},
  database: given,
}: TestRuntimeOptions = {}): Promise<TestRuntime> {
  const database = given ?? (await createTestDatabase({ seed }));
  const logger = pino({ level: 'silent' });
  const env = parseEnv({
    NODE_ENV: 'test',
    CONTENT_CACHE_SECONDS: '0',
    PUBLIC_URL: 'http://localhost',
    ...envOverrides,
  });
  const composition = await compose({ env, logger, database });
  const { deps } = composition;
  // Every reported error is also kept for assertions.
  const reported: unknown[] = [];
  const reporter = deps.errors;
  deps.errors = { capture: (e, c) => (reported.push(e), reporter.capture(e, c)), flush: reporter.flush };
  // The same wiring as the server: the API counts rate limits in this database.
  const app = createApp({
    deps,
    ping: database.ping,
    health: database.health,
    production: false,
    api: composition.api,
  });
  return {
    database,
    deps,
    get services() {
      return createScope(deps);
    },
    app,
    auth: composition.api.auth,
    reported,
    close: async () => {
      await composition.close();
      await database.close();
    },
  };
}

/**
 * The test file's runtime (createTestRuntime with `options`), made before its tests and closed after them:
 * a getter, as the runtime exists only once the tests run.
 */
export function useTestRuntime(options?: TestRuntimeOptions): () => TestRuntime {
  let rt: TestRuntime | undefined;
  beforeAll(async () => {
    rt = await createTestRuntime(options);
  });
  afterAll(() => rt?.close());
  return () => {
    if (!rt) throw new Error('The test runtime is made in beforeAll: use it in hooks and tests only.');
    return rt;
  };
}

/** The whole app with SSR, as a browser gets it, on a database of its own. */
export interface SsrTestApp {
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
  /** The React Router build the app serves. */
  build: ServerBuild;
  database: Database;
  /** Closes the app's services, its database and Vite. */
  close(): Promise<void>;
}

/**
 * The whole app with SSR: the React Router build, loaded through Vite as `npm run dev` does, on the real
 * composition, with a fresh database (seeded with the demo data if `seed`) and `env` over the test settings.
 */
export async function createSsrTestApp({
  seed,
  env: envOverrides = {},
}: {
  seed: boolean;
  env?: Record<string, string>;
}): Promise<SsrTestApp> {
  // Vite is loaded here only, so that the files without SSR do not load it.
  const { createServer } = await import('vite');
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
    // The app's own modules through Vite as well: the routes and the server must share app/context.ts.
    const server = {
      ...((await vite.ssrLoadModule('/server/composition.ts')) as typeof CompositionModule),
      ...((await vite.ssrLoadModule('/server/create-app.ts')) as typeof CreateAppModule),
      ...((await vite.ssrLoadModule('/server/env.ts')) as typeof EnvModule),
    };
    const database = await createTestDatabase({ seed });
    const env = server.parseEnv({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost',
      CONTENT_CACHE_SECONDS: '0',
      ...envOverrides,
    });
    const composition = await server.compose({ env, logger: pino({ level: 'silent' }), database });
    const handler = createRequestHandler(build, 'development');
    const app = server.createApp({
      deps: composition.deps,
      ping: database.ping,
      health: database.health,
      ssr: (request, context) => handler(request, context),
      production: false,
      api: composition.api,
    });
    return {
      app,
      build,
      database,
      close: async () => {
        await composition.close();
        await database.close();
        await vite.close();
      },
    };
  } catch (error) {
    await vite.close();
    throw error;
  }
}

/** A job as the runtime's services queue it. */
export interface QueuedJob {
  name: string;
  payload: Record<string, unknown>;
}

/**
 * Keeps the jobs the runtime's services queue from now on in memory instead of the job queue (every request's
 * scope is made from these deps): answers the list they go to, each with the id `job-<n>`.
 */
export function queueJobsInMemory(rt: TestRuntime): QueuedJob[] {
  const queued: QueuedJob[] = [];
  rt.deps.jobs = {
    enqueue: async (name, payload) => {
      queued.push({ name, payload });
      return `job-${queued.length}`;
    },
  };
  return queued;
}

/** A raw query's rows, on PGlite and PostgreSQL alike. */
export async function rowsOf<T>(db: Database['db'], query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** A user's data version (ADR 019): 0 before their data first changed. */
export async function dataVersionOf(db: Database['db'], userId: string): Promise<number> {
  const [row] = await db
    .select({ version: userDataVersions.version })
    .from(userDataVersions)
    .where(eq(userDataVersions.userId, userId));
  return row?.version ?? 0;
}
