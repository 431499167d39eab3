import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_CHROMIUM_FLAGS, E2E_CHROMIUM_PATH } from './tests/chromium.ts';

if (!existsSync(E2E_CHROMIUM_PATH)) {
  throw new Error(
    `Chromium was not found at ${E2E_CHROMIUM_PATH}. Install Debian's Chromium with:\n\n` +
      `  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n\n` +
      `or point CHROMIUM_PATH at a Chromium binary. (Do not run 'npx playwright install'.)`,
  );
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Each worker runs its own server on its own database (tests/e2e/worker-server.ts): the tests of
  // one file run in order, the files are shared out over the workers.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  // A sign-up waits up to 30 s for its mail (tests/e2e/fixtures.ts mailedLink) before the rest of its test.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // No trace by default: recording one (DOM snapshots at every step, even when it is thrown away after a
    // pass) made the suite a third slower. A failure keeps a screenshot; for a trace, run the failing file
    // again with `npx playwright test --trace retain-on-failure tests/e2e/<file>`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: [...E2E_CHROMIUM_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    },
  },
});
