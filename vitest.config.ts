import { defineConfig } from 'vitest/config';

/**
 * Integration files whose subject is not the database: they fuzz the input checks (thousands of requests
 * whose SQL the other files run on both databases), or check an outside service's adapter against its fake,
 * the mail transport, the API document or the content files. (The rate limits count in the database, so
 * their files run on both.) Every other integration file runs on both databases in CI (PGlite, what `npm start` runs, and
 * PostgreSQL, what production runs); these run once, on PostgreSQL. `INTEGRATION_SCOPE=database` leaves them
 * out of a run (CI's PGlite step); a developer's `npm test` runs everything.
 */
export const DATABASE_AGNOSTIC = [
  'tests/integration/api-study-fuzz.test.ts',
  'tests/integration/page-actions-fuzz.test.ts',
  'tests/integration/language-model-openai.test.ts',
  'tests/integration/payments-mollie.test.ts',
  'tests/integration/payments-refund-contract.test.ts',
  'tests/integration/content-contentful.test.ts',
  'tests/integration/content-validate.test.ts',
  'tests/integration/mail-smtp.test.ts',
  'tests/integration/api-docs.test.ts',
  'tests/integration/covers.test.ts',
];

/**
 * Two projects: `unit` (app/ and server/: rules, schemas, components, no database) and `integration`
 * (tests/integration/: services and the HTTP API on a real database — embedded PGlite, or the
 * PostgreSQL of DATABASE_URL). `npm run test:unit` runs both; CI runs both on PGlite (less the
 * DATABASE_AGNOSTIC files) and `--project integration` again, whole, on PostgreSQL.
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
          include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
          setupFiles: ['tests/support/testing-library.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: process.env.INTEGRATION_SCOPE === 'database' ? DATABASE_AGNOSTIC : [],
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
