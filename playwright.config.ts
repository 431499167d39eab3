import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/chromium.ts';

if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(
    `Chromium was not found at ${CHROMIUM_PATH}. Install Debian's Chromium with:\n\n` +
      `  sudo apt-get update && sudo apt-get install -y chromium\n\n` +
      `or point CHROMIUM_PATH at a Chromium binary. (Do not run 'npx playwright install'.)`,
  );
}

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database per run, or the PostgreSQL of DATABASE_URL (seeded with SEED_DEMO=1).
const dataDir = mkdtempSync(path.join(tmpdir(), 'slaagbundel-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  // A sign-up waits up to 30 s for its mail (tests/e2e/fixtures.ts mailedLink) before the rest of its test.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    },
  },
  webServer: {
    command: 'node server/main.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      // The tests play the proxy in front of the server: each test is its own visitor (its own
      // X-Forwarded-For, tests/e2e/fixtures.ts), so the rate limits count per test, as per person.
      TRUST_PROXY: '1',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
