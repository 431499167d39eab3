/**
 * The app server a bench measures: `server/main.ts` from the production build,
 * in its own process, on a free port and a fresh database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import process from 'node:process';
import { captureOutput, freePort, makeTempDir, sleep, track } from './children.ts';
import { ROOT } from './settings.ts';

export interface AppServer {
  child: ChildProcess;
  pid: number;
  url: string;
  log: { lines: string[] };
  startupMs: number;
}

export interface AppServerOptions {
  /** A PostgreSQL URL, or '' for embedded PGlite on a fresh temp data dir. Default: BENCH_DATABASE_URL, else ''. */
  databaseUrl?: string;
  /** Extra environment for the server; a key set to undefined removes that variable (the server's default applies). */
  env?: Record<string, string | undefined>;
}

/**
 * Node's flags of `npm run serve` (package.json): V8's young generation at most 8 MB a semi-space, and its old
 * generation grown by half, not doubled, before the next full collection (ADR 040).
 */
const SERVE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

function nodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/**
 * Starts `server/main.ts` from build/ with Node 24 (process.execPath, so the
 * child pid is the server itself, not a wrapper) on a fresh PGlite data dir
 * (or the PostgreSQL database of `databaseUrl` / BENCH_DATABASE_URL),
 * and waits for GET /readyz to answer 200.
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const databaseUrl = options.databaseUrl ?? process.env.BENCH_DATABASE_URL ?? '';
  const started = performance.now();
  const child = track(
    // As `npm run serve` starts it (package.json, SERVE_FLAGS). BENCH_NODE_ARGS adds Node flags to the server's
    // (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
    spawn(process.execPath, [...SERVE_FLAGS, ...nodeArgs(), 'build/server/main.js'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // Demo catalogue and CMS pages; needed with PostgreSQL (PGlite seeds by default).
        SEED_DEMO: '1',
        PUBLIC_URL: url,
        // Embedded PGlite unless a PostgreSQL database is named (the production figure: PGlite is
        // single-connection and keeps Postgres in WASM memory); no error reporting or tag manager
        // from the caller's shell.
        DATABASE_URL: databaseUrl,
        DATA_DIR: databaseUrl ? undefined : makeTempDir('slaagbundel-bench-db-'),
        SENTRY_DSN: '',
        GTM_ID: '',
        // One process, whose pid is the server's (its CPU and RSS are what a bench reads), unless a bench asks
        // for the cluster (server/cluster.ts).
        WEB_CONCURRENCY: '1',
        ...options.env,
      },
    }),
  );
  const log = captureOutput(child);
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn the server process');

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited during start-up (code ${child.exitCode ?? child.signalCode}):\n${log.lines.join('\n')}`,
      );
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return { child, pid, url, log, startupMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server did not become ready within 60 s:\n${log.lines.join('\n')}`);
}

/** Server log lines that the bench's own settings cause (SEED_DEMO=1 on PostgreSQL). */
export const EXPECTED_LOG = /SEED_DEMO=1: seeding demo data/;

/** The last lines (at most 20) the server logged at warn level or above, but for those the bench causes. */
export function unexpectedLog(app: AppServer): string[] {
  return app.log.lines.filter((l) => !EXPECTED_LOG.test(l)).slice(-20);
}
