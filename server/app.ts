/**
 * Server bundle entry (vite.config.ts sets it as the SSR input): composes
 * configuration, database, integrations, the Hono app and React Router.
 */
import type { ServerType } from '@hono/node-server';
import path from 'node:path';
import pino from 'pino';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { openDatabase, type Database } from '#app/db/client.server.ts';
import { getOrCreateSecret } from '#app/db/queries/secrets.server.ts';
import { importTimetables } from '#app/modules/exam-data/index.server.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedDemoStaff } from './seed/demo-staff.ts';
import { seedDemoCodes } from './seed/demo-codes.ts';
import { seedDemoData } from './seed/demo-data.ts';
import { seedDemoRefund } from './seed/demo-refund.ts';
import { seedDemoStock } from './seed/demo-stock.ts';
import { createApp } from './create-app.ts';
import { compose } from './composition.ts';
import { listen } from './infra/http-server.ts';
import { staticFiles } from './infra/static-files.ts';
import { parseEnv, publicUrlMismatch, shouldMigrate, shouldSeedDemo, type Env } from './env.ts';

export interface StartOptions {
  /** Development: a Vite dev server supplies the build and serves client modules. */
  dev?: {
    loadBuild: () => Promise<ServerBuild>;
  };
  /** Only migrate and seed, then close (npm run db:seed). */
  setupOnly?: boolean;
  env?: Record<string, string | undefined>;
}

export interface Running {
  server: ServerType | null;
  url: string;
  close(): Promise<void>;
}

/** The database as the environment names it (DATABASE_URL, DATA_DIR, DATABASE_POOL_SIZE, DATABASE_PREPARED_STATEMENTS). */
function openConfiguredDatabase(env: Env): Promise<Database> {
  return openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS === 'on',
  });
}

/**
 * Opens the database and sets it up: the migrations, then the demo data (SEED_DEMO). With MIGRATE=0 a release
 * step or the cluster's primary did that (`setup: 'done'`): this copy only refuses a database behind its build.
 */
export async function prepareDatabase(
  env: Env,
  logger: pino.Logger,
  { setup = shouldMigrate(env) ? 'here' : 'done' }: { setup?: 'here' | 'done' } = {},
): Promise<Database> {
  const database = await openConfiguredDatabase(env);
  if (setup === 'done') {
    const pending = await database.pendingMigrations().catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    if (pending > 0) {
      await database.close();
      throw new Error(
        `The database lacks ${pending} migration(s) of this build, and MIGRATE=0 leaves them to a release step: ` +
          'run `npm run db:migrate` first (docs/deploy.md).',
      );
    }
    logger.debug({ database: database.kind }, 'database set up by a release step');
    return database;
  }
  await database.migrate();
  logger.info({ database: database.kind }, 'migrations applied');
  // Reference data the site needs (ADR 033): the CvTE timetables of the content file, into a database without any.
  const timetables = await importTimetables(database.db, path.resolve(process.cwd(), 'content'));
  if (timetables > 0) logger.info({ timetables }, 'exam timetables imported');
  if (shouldSeedDemo(env)) {
    if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
      logger.warn('SEED_DEMO=1: seeding demo data into a production PostgreSQL database');
    }
    const report = await seedDemoData(database.db);
    logger.info(report, 'demo data seeded');
    const accounts = await seedDemoAccounts(database.db);
    if (accounts > 0) logger.info({ accounts }, 'demo accounts created');
    // The demo staff's TOTP secrets are encrypted with the accounts library's secret (server/composition.ts).
    const authSecret = env.AUTH_SECRET ?? (await getOrCreateSecret(database.db, 'auth_secret'));
    const staff = await seedDemoStaff(database.db, authSecret, DEMO_PASSWORD);
    if (staff > 0) logger.info({ staff }, 'demo staff created');
    const creditNote = await seedDemoRefund(database.db);
    if (creditNote) logger.info({ creditNote }, 'demo refund made');
    const codes = await seedDemoCodes(database.db);
    if (codes > 0) logger.info({ codes }, 'demo licence codes created');
    const stockChanges = await seedDemoStock(database.db);
    if (stockChanges > 0) logger.info({ stockChanges }, 'demo stock changes made');
  }
  return database;
}

/** Everything but the listening socket: config, database, services and the Hono app. */
function loadConfig(options: StartOptions) {
  const env = parseEnv(options.env ?? process.env);
  const logger = pino({ level: env.LOG_LEVEL, base: { service: 'slaagbundel' } });
  return { env, logger };
}

/**
 * The build's future flags with React Router's route-pattern matcher switched on for the server alone: the
 * flags also go to the browser in the page's hand-off (JSON), where the matcher is not loaded (it would cost
 * every page its code), so their JSON form leaves it out.
 */
function withServerRouteMatching(future: ServerBuild['future']): ServerBuild['future'] {
  const flags = { ...future, unstable_routePatternMatching: true };
  Object.defineProperty(flags, 'toJSON', { value: () => future, enumerable: false });
  return flags as unknown as ServerBuild['future'];
}

export async function createRuntime(options: StartOptions = {}) {
  const { env, logger } = loadConfig(options);
  const database = await prepareDatabase(env, logger);

  const production = env.NODE_ENV === 'production';
  const composition = await compose({ env, logger, database });
  const { deps } = composition;

  const build = options.dev
    ? options.dev.loadBuild
    : ((await import('virtual:react-router/server-build')) as unknown as ServerBuild);
  // React Router's route-pattern matcher (ADR 019): a page's routes are found in a trie, not by trying each of
  // the ~100 ranked branches in turn (a quarter of a signed-in `.data` request's CPU). The e2e suite walks them.
  unstable_preloadRoutePattern();
  const handler = createRequestHandler(
    typeof build === 'function'
      ? build
      : {
          ...build,
          future: withServerRouteMatching(build.future),
          // React Router refuses an action whose Origin is not the request URL's origin. Behind a load balancer
          // a copy is asked at its own address, or over http:// where TLS ends at the balancer, while browsers
          // post from PUBLIC_URL: that one origin is allowed too. The page guard has refused every other Origin
          // before (server/page-guard.ts).
          allowedActionOrigins: [new URL(env.PUBLIC_URL).host],
        },
    options.dev ? 'development' : 'production',
  );
  const staticHandlers = options.dev ? [] : [staticFiles('./build/client')];
  const app = createApp({
    deps,
    ping: database.ping,
    health: database.health,
    ssr: (request, context) => handler(request, context),
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    sharedJsonBytes: env.SHARED_JSON_MB * 1024 * 1024,
    cdnCacheSeconds: env.CDN_CACHE_SECONDS,
    staticHandlers,
    production,
    dev: Boolean(options.dev),
    api: composition.api,
  });
  const close = async () => {
    await composition.close();
    await database.close();
  };
  return { app, env, logger, database, close };
}

export async function start(options: StartOptions = {}): Promise<Running> {
  if (options.setupOnly) {
    const { env, logger } = loadConfig(options);
    // The release step (npm run db:migrate, the cluster's primary): it sets up whatever MIGRATE says.
    const database = await prepareDatabase(env, logger, { setup: 'here' });
    await database.close();
    return { server: null, url: '', close: async () => {} };
  }
  const runtime = await createRuntime(options);
  const { app, env, logger, database } = runtime;
  const server = await listen({
    fetch: app.fetch,
    hostname: env.HOST,
    port: env.PORT,
    timeouts: {
      headersMs: env.HEADERS_TIMEOUT_MS,
      requestMs: env.REQUEST_TIMEOUT_MS,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS,
    },
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`;
  logger.info({ url, database: database.kind }, 'Slaagbundel is listening');
  const mismatch = publicUrlMismatch(env.PUBLIC_URL, port);
  if (mismatch) logger.warn({ publicUrl: env.PUBLIC_URL, port }, mismatch);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      logger.info('shutting down');
      const timer = setTimeout(() => {
        logger.warn('shutdown timed out; closing open connections');
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }, env.SHUTDOWN_TIMEOUT_MS);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(timer);
      await runtime.close();
      logger.info('stopped');
    })());
  return { server, url, close };
}
