import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster` (tests/cluster/run.ts): real server copies from the build on one PostgreSQL, directly
 * and through PgBouncer in transaction mode (ADR 029, docs/deploy.md). Not part of `npm run test:unit`: it
 * needs the build, PostgreSQL and PgBouncer, which run.ts checks, installs or starts first.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'cluster',
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Each file starts server copies of its own; side by side they would share two cores four ways.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
    globalSetup: ['tests/cluster/global-setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
