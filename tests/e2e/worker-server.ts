/**
 * Each Playwright worker gets a server of its own, on its own database, so the workers' tests
 * never meet in one database: `node build/server/main.js` (the build of `react-router build`, as
 * production runs it) on port E2E_PORT + the worker's index, seeded with the demo data.
 * - With DATABASE_URL: a fresh PostgreSQL database per worker, `<name>_w<index>`.
 * - Without: embedded PGlite in a fresh temporary data directory — what `npm start` runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface WorkerServer {
  baseURL: string;
  /** The worker's PostgreSQL database, migrated and seeded (undefined on PGlite). */
  databaseUrl: string | undefined;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

async function freshPostgresDatabase(url: string, index: number): Promise<string> {
  const base = new URL(url);
  const name = `${base.pathname.slice(1) || 'slaagbundel'}_w${index}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  base.pathname = `/${name}`;
  return base.toString();
}

async function waitUntilReady(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The e2e server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The e2e server did not answer ${baseURL}/readyz within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export async function startWorkerServer(index: number): Promise<WorkerServer> {
  const port = Number(process.env.E2E_PORT ?? 3100) + index;
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `slaagbundel-e2e-w${index}-`));
  const url = process.env.DATABASE_URL;
  const databaseUrl = url ? await freshPostgresDatabase(url, index) : undefined;
  const child = spawn(process.execPath, ['build/server/main.js'], {
    env: {
      ...process.env,
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
      // A test's API client (Node's HTTP agent) may reuse a connection just as the server closes it for being
      // idle, and a POST on it then fails with ECONNRESET. A browser retries that; the agent does not. In front
      // of a proxy the same rule holds: the server keeps idle connections longer than its client does.
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      DATABASE_URL: databaseUrl ?? '',
      // One server copy per worker: two Playwright workers and their browsers already fill the two cores
      // (several copies on one database: npm run test:cluster).
      WEB_CONCURRENCY: '1',
    },
    // The log (LOG_LEVEL warn: warnings and errors only) and anything on stderr show in the test run's output,
    // so a failing test's server error is read beside it.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const relay = (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(`[e2e server ${index}] ${chunk.toString()}`);
  };
  child.stdout!.on('data', relay);
  child.stderr!.on('data', relay);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilReady(baseURL, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseURL,
    databaseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
