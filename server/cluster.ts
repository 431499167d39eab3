/**
 * Several server copies on one host, with Node's own `node:cluster` (ADR 029). `server/main.ts` asks
 * `copiesToRun` how many; for more than one it becomes the primary (`runPrimary`), which:
 *
 * 1. sets the database up once: the migrations and the demo seed run in one child process
 *    (the entry with `--setup-only`, what `npm run db:migrate` runs), never in each copy at once;
 * 2. forks the copies (each runs the same entry again, `build/server/main.js` in production, with MIGRATE=0: it
 *    only checks the database is not behind its build). They share the port: the primary accepts connections and
 *    hands them round;
 * 3. starts a copy again when one dies, at once after a good run and with a growing pause while copies die
 *    young (a crash at start would otherwise spin);
 * 4. on SIGTERM or SIGINT sends SIGTERM to every copy, which stops taking connections, finishes its requests
 *    and jobs (SHUTDOWN_TIMEOUT_MS) and exits; a copy still running after that and a margin is killed. A
 *    second Ctrl-C (SIGINT) kills them at once; a repeated SIGTERM (a supervisor signalling the whole process
 *    group, as systemd does) changes nothing.
 *
 * The primary loads neither the app nor the database: it is a few megabytes beside the copies.
 */
import { fork } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import process from 'node:process';
import pino from 'pino';
import type { Env } from './env.ts';

export interface CopiesPlan {
  copies: number;
  /** Why fewer copies run than were asked for or than there are cores, to log at start. */
  note?: string;
}

/**
 * How many server copies this host runs: WEB_CONCURRENCY, else one per core; always one on embedded PGlite,
 * whose database lives in one process (a second process cannot open its data directory).
 */
export function copiesToRun({
  webConcurrency,
  cores,
  embedded,
}: {
  webConcurrency: number | undefined;
  cores: number;
  embedded: boolean;
}): CopiesPlan {
  const wanted = webConcurrency ?? Math.max(1, cores);
  if (!embedded) return { copies: wanted };
  if (wanted === 1) return { copies: 1 };
  return {
    copies: 1,
    note:
      `Embedded PGlite serves one process: one server copy instead of ${wanted}` +
      `${webConcurrency === undefined ? ' (one per core)' : ' (WEB_CONCURRENCY)'}. ` +
      'Set DATABASE_URL to a PostgreSQL database to run several.',
  };
}

/** A copy that ran this long before it died had started well: the next one starts at once. */
export const STABLE_AFTER_MS = 10_000;
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 30_000;

/** The pause before a dead copy is started again: none after a good run, else doubling up to 30 s. */
export function restartPauseMs(previousPauseMs: number, livedMs: number): number {
  if (livedMs >= STABLE_AFTER_MS) return 0;
  return Math.min(LONGEST_PAUSE_MS, Math.max(FIRST_PAUSE_MS, previousPauseMs * 2));
}

/** How long the primary waits for copies to finish after SIGTERM before it kills them. */
export const shutdownGraceMs = (env: Pick<Env, 'SHUTDOWN_TIMEOUT_MS'>) => env.SHUTDOWN_TIMEOUT_MS + 5_000;

/** Runs the entry with `--setup-only` (migrations, demo seed) in a child process; resolves with its exit code. */
function setUpDatabase(): Promise<number> {
  const child = fork(process.argv[1]!, ['--setup-only'], { stdio: 'inherit' });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runPrimary(env: Env, copies: number): Promise<void> {
  const logger = pino({ level: env.LOG_LEVEL, base: { service: 'slaagbundel', role: 'primary', pid: process.pid } });
  const setupCode = await setUpDatabase();
  if (setupCode !== 0) {
    logger.error({ code: setupCode }, 'setting up the database failed; no server copy started');
    process.exit(setupCode);
  }

  let stopping = false;
  let pauseMs = 0;
  const restarts = new Set<NodeJS.Timeout>();
  const running = new Set<Worker>();
  let allStopped: () => void = () => {};

  function startCopy() {
    // The primary set the database up: the copy only checks it is not behind its build.
    const worker = cluster.fork({ MIGRATE: '0' });
    const born = Date.now();
    running.add(worker);
    logger.info({ copy: worker.id, copyPid: worker.process.pid }, 'server copy started');
    worker.once('exit', (code, signal) => {
      running.delete(worker);
      if (stopping) {
        if (running.size === 0) allStopped();
        return;
      }
      pauseMs = restartPauseMs(pauseMs, Date.now() - born);
      logger.error(
        { copy: worker.id, copyPid: worker.process.pid, code, signal, restartInMs: pauseMs },
        'server copy exited; starting another',
      );
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!stopping) startCopy();
      }, pauseMs);
      restarts.add(timer);
    });
  }

  function stop(signal: NodeJS.Signals) {
    if (stopping) {
      // A supervisor may signal the whole group and the primary again: only a second Ctrl-C means "now".
      if (signal !== 'SIGINT') return;
      logger.warn({ signal }, 'second interrupt: killing the server copies');
      for (const worker of running) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal, copies: running.size }, `${signal} received: stopping the server copies`);
    for (const timer of restarts) clearTimeout(timer);
    const done = new Promise<void>((resolve) => {
      allStopped = resolve;
      if (running.size === 0) resolve();
    });
    // A copy ends its own requests and jobs within SHUTDOWN_TIMEOUT_MS; one that hangs past it is killed.
    const force = setTimeout(() => {
      logger.warn({ copies: running.size }, 'server copies did not stop in time; killing them');
      for (const worker of running) worker.process.kill('SIGKILL');
    }, shutdownGraceMs(env));
    for (const worker of running) worker.process.kill('SIGTERM');
    void done.then(() => {
      clearTimeout(force);
      logger.info('stopped');
      process.exit(0);
    });
  }

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < copies; i += 1) startCopy();
  logger.info({ copies, port: env.PORT }, `running ${copies} server copies`);
}
