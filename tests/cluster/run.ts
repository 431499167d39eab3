/**
 * `npm run test:cluster`: real server copies on one PostgreSQL, directly and through PgBouncer in transaction
 * mode (tests/cluster/*.test.ts, ADR 029). It builds when the build is missing or older than the sources,
 * installs Debian's PgBouncer when it is missing (apt-get, as root or through sudo) and fails with a message
 * when it cannot, checks that PostgreSQL answers, then runs Vitest with tests/cluster/vitest.config.ts.
 * PostgreSQL: CLUSTER_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { ROOT } from './copies.ts';
import { pgbouncerBinary } from './pgbouncer.ts';

const started = performance.now();

function fail(message: string): never {
  console.error(`\ntest:cluster: ${message}`);
  process.exit(1);
}

/** The newest modification time under `dir` (files only), skipping generated folders. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function buildIfNeeded() {
  const bundle = path.join(ROOT, 'build/server/index.js');
  const sources = Math.max(
    ...['app', 'server'].map((dir) => newest(path.join(ROOT, dir))),
    ...['vite.config.ts', 'react-router.config.ts', 'package.json'].map((file) =>
      existsSync(path.join(ROOT, file)) ? statSync(path.join(ROOT, file)).mtimeMs : 0,
    ),
  );
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= sources) {
    console.log('test:cluster: the build is current');
    return;
  }
  console.log('test:cluster: building (react-router build)…');
  const build = spawnSync('npx', ['react-router', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) fail('the build failed');
}

function ensurePgBouncer() {
  if (pgbouncerBinary()) return;
  console.log('test:cluster: PgBouncer is missing; installing Debian’s (apt-get install -y pgbouncer)…');
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) =>
    spawnSync(asRoot ? args[0]! : 'sudo', asRoot ? args.slice(1) : ['-n', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  const installed =
    run(['apt-get', 'install', '-y', '-qq', 'pgbouncer']) ||
    (run(['apt-get', 'update', '-qq']) && run(['apt-get', 'install', '-y', '-qq', 'pgbouncer']));
  if (!installed || !pgbouncerBinary()) {
    fail(
      'PgBouncer could not be installed. Install it (Debian: `apt-get install -y pgbouncer`) or name its binary in ' +
        'PGBOUNCER, then run `npm run test:cluster` again.',
    );
  }
}

function ensurePostgres() {
  const url =
    process.env.CLUSTER_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const { hostname, port } = new URL(url);
  const probe = spawnSync('pg_isready', ['-q', '-h', hostname || '127.0.0.1', '-p', port || '5432']);
  if (probe.error) return; // no pg_isready here: the global setup's connection says whether it answers
  if (probe.status !== 0) {
    fail(
      `PostgreSQL does not answer at ${hostname}:${port || 5432}. Start it (Debian: ` +
        '`pg_ctlcluster --skip-systemctl-redirect 15 main start`) or set CLUSTER_DATABASE_URL.',
    );
  }
}

buildIfNeeded();
ensurePgBouncer();
ensurePostgres();
const vitest = spawnSync(
  process.execPath,
  [
    path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    'tests/cluster/vitest.config.ts',
    ...process.argv.slice(2),
  ],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NO_COLOR: process.env.NO_COLOR ?? '1' } },
);
console.log(`test:cluster: ${Math.round((performance.now() - started) / 1000)} s in all`);
process.exit(vitest.status ?? 1);
