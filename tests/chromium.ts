import { existsSync } from 'node:fs';

/** Debian's Chromium and the flags it needs on these machines (closed network, root, no GPU). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The browser of the end-to-end tests: Debian's Chromium headless shell (package chromium-headless-shell)
 * when it is installed — the same Blink and V8 as Chromium without the desktop browser around them, which
 * takes about a third less CPU per test on these machines — else Chromium itself. CHROMIUM_PATH chooses.
 */
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  process.env.CHROME_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The end-to-end tests' extra flags (not Lighthouse's, which measures the pages' own speed): V8 in the pages only
 * up to Sparkplug, its baseline compiler. Each test loads fresh documents whose scripts run for a moment; the
 * optimising tiers compiled them on the renderer's other threads for nothing. Measured on
 * tests/e2e/study.spec.ts with onboarding.spec.ts (12 tests, alternating, CPU of the whole machine): 204–208
 * CPU-seconds as Chromium sets V8, 166–182 with `--max-opt=1`, 185 with 0 (the interpreter only), 220–223 with 2.
 */
export const E2E_CHROMIUM_FLAGS = [...CHROMIUM_FLAGS, '--js-flags=--max-opt=1'];
