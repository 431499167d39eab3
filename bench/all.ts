/**
 * `npm run bench` after the build: bench/ssr.ts, bench/account.ts, bench/shop.ts, bench/study.ts,
 * bench/signed-in.ts, then bench/classes.ts, each
 * with this script's arguments (so `npm run bench -- --postgres` reaches each).
 * Stops at the first that fails and exits with its code.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
for (const bench of ['ssr.ts', 'account.ts', 'shop.ts', 'study.ts', 'signed-in.ts', 'classes.ts']) {
  const { status } = spawnSync(process.execPath, [join(here, bench), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(status ?? 1);
  console.log('');
}
