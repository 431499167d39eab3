/**
 * The child processes and temp folders of a bench: every child is tracked, and
 * stopped at the end, on an error, on Ctrl-C / SIGTERM and by the watchdog;
 * temp folders go when the bench exits.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';

const children = new Set<ChildProcess>();

/** Stopped with the others by stopChildren(), at exit and by the watchdog. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGTERM one child, SIGKILL it if it has not exited after 5 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((done) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** SIGTERM every child we started, SIGKILL whatever has not exited after 5 s. */
export async function stopChildren(): Promise<void> {
  await Promise.all([...children].map(stopChild));
}

const tempDirs: string[] = [];
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

let cleanupInstalled = false;
/** Kill children and remove temp dirs on normal exit, on error and on Ctrl-C / SIGTERM. */
export function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    removeTempDirs();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal} received, stopping child processes…`);
      void stopChildren().finally(() => process.exit(130));
    });
  }
}

export function startWatchdog(ms: number): void {
  setTimeout(() => {
    console.error(`\nBench exceeded ${Math.round(ms / 1000)} s; aborting.`);
    void stopChildren().finally(() => process.exit(1));
  }, ms).unref();
}

/**
 * Runs a bench's main: exit 0 when it returns, else the error on stderr
 * (`<label> failed: …`), every child stopped (after `beforeStop`), exit 1.
 */
export function runBench(
  main: () => Promise<void>,
  { label = 'bench', beforeStop }: { label?: string; beforeStop?: () => void } = {},
): void {
  main().then(
    () => process.exit(0),
    async (error: unknown) => {
      console.error(`\n${label} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      beforeStop?.();
      await stopChildren();
      process.exit(1);
    },
  );
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createNetServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Keeps the last lines a child printed, for error messages and the "server log" note. */
export function captureOutput(child: ChildProcess): { lines: string[] } {
  const log = { lines: [] as string[] };
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      log.lines.push(line);
      if (log.lines.length > 200) log.lines.shift();
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return log;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
