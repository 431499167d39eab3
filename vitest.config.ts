import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (app/ and server/: rules, schemas, components, no database) and `integration`
 * (tests/integration/: services and the HTTP API on a real database — embedded PGlite, or the
 * PostgreSQL of DATABASE_URL). `npm run test:unit` runs both; CI runs both on PGlite and
 * `--project integration` again on PostgreSQL.
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
        test: { name: 'unit', include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
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
