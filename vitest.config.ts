import { defineConfig } from 'vitest/config';

/**
 * The integration files whose subject is how the database behaves, where embedded PGlite (what `npm start`
 * runs, one connection in the process) and PostgreSQL (what production runs, a pool of connections) can
 * differ: the migrations and the demo seed, the driver's errors and an outage, the job queue, locks and
 * concurrent writes, the rate limits and the data versions counted in the database, the prepared session
 * read and the content import's transaction. CI runs these on both databases and every other integration
 * file once, on PostgreSQL (`INTEGRATION_SCOPE=database` keeps a run to these). A developer's `npm test`
 * runs every file on PGlite, and the browser smoke runs on PGlite in CI.
 */
export const DATABASE_SPECIFIC = [
  'tests/integration/demo-accounts.test.ts',
  'tests/integration/database-outage.test.ts',
  'tests/integration/jobs.test.ts',
  'tests/integration/cart-concurrency.test.ts',
  'tests/integration/payments-once.test.ts',
  'tests/integration/api-rate-limit.test.ts',
  'tests/integration/auth-limits.test.ts',
  'tests/integration/user-views.test.ts',
  'tests/integration/user-views-owners.test.ts',
  'tests/integration/session.test.ts',
  'tests/integration/content-sync.test.ts',
];

/**
 * Two projects: `unit` (app/, server/ and bench/: rules, schemas, components, the benches' simulation pieces, no
 * database) and `integration`
 * (tests/integration/: services and the HTTP API on a real database — embedded PGlite, or the
 * PostgreSQL of DATABASE_URL). `npm run test:unit` runs both; CI runs `unit` and the DATABASE_SPECIFIC
 * files on PGlite, and `--project integration`, whole, on PostgreSQL.
 */
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Vitest's default on this 2-core machine is one worker; the integration files spend much of
    // their time waiting on a database, so two run side by side.
    maxWorkers: 2,
    // Test files share their worker's loaded modules instead of importing the app afresh per file
    // (the import was a third of the run). Each file still makes its own database, server and
    // ports; nothing a test asserts on lives in module state.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'bench/**/*.test.ts'],
          setupFiles: ['tests/support/testing-library.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include:
            process.env.INTEGRATION_SCOPE === 'database' ? DATABASE_SPECIFIC : ['tests/integration/**/*.test.ts'],
          // New passwords are hashed at scrypt N = 2^14 instead of 2^17 (app/platform/server/password-hash.server.ts):
          // the same code, an eighth of the work; the unit test checks the production strength.
          env: { TEST_SCRYPT_N: String(2 ** 14) },
          // Builds the migrated and the seeded database every test file copies, once per run.
          globalSetup: ['tests/integration/global-setup.ts'],
        },
      },
    ],
  },
});
