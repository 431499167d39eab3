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
