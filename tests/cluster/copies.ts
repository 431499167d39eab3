/**
 * Real server processes for the cluster tests: `build/server/main.js`, as production runs it, each
 * with its own port and log, on a database the global setup made (./global-setup.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 150_000;

export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr, line by line. */
  lines: string[];
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `node build/server/main.js` (Node 24, this process's) with `env` over the test's defaults. */
export function spawnServer(name: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['build/server/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      SENTRY_DSN: '',
      GTM_ID: '',
      SMTP_URL: '',
      MOLLIE_API_KEY: '',
      CONTENTFUL_SPACE_ID: '',
      // Rate-limit counters where every copy sees them: the database (no REDIS_URL), not this process.
      RATE_LIMIT_STORE: 'shared',
      REDIS_URL: '',
      // The test plays the load balancer: each scenario is a client address of its own.
      TRUST_PROXY: '1',
      ...env,
    },
  });
  const lines: string[] = [];
  let partial = { out: '', err: '' };
  const collect = (stream: 'out' | 'err') => (chunk: Buffer) => {
    const text = partial[stream] + chunk.toString();
    const parts = text.split('\n');
    partial = { ...partial, [stream]: parts.pop() ?? '' };
    lines.push(...parts.filter((line) => line.length > 0));
  };
  child.stdout!.on('data', collect('out'));
  child.stderr!.on('data', collect('err'));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    lines,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until GET /readyz answers 200; throws with the process's log when it exits or takes too long. */
export async function ready(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`copy ${server.name} exited during start-up:\n${server.lines.slice(-30).join('\n')}`);
    }
    const status = await fetch(`${server.url}/readyz`)
      .then(async (res) => (await res.arrayBuffer(), res.status))
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`copy ${server.name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${server.lines.join('\n')}`);
}

/** The JSON log lines of a process that say `msg` (and match every field of `fields`). */
export function logged(server: ServerProcess, msg: string, fields: Record<string, unknown> = {}) {
  return server.lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === msg && Object.entries(fields).every(([key, value]) => entry[key] === value));
}

/** Polls `read` until `done` holds for its value (at most `timeoutMs`), and answers the last value read. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

/**
 * A browser behind the load balancer: its own cookie jar and client address (X-Forwarded-For), sending each
 * request to the copy it is told, from the site's one origin (PUBLIC_URL, the same for every copy).
 */
export class Browser {
  readonly jar = new Map<string, string>();
  readonly origin: string;
  readonly client: string;

  constructor(origin: string, client: string) {
    this.origin = origin;
    this.client = client;
  }

  async send(
    to: ServerProcess,
    method: string,
    path: string,
    body: { json?: unknown; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { origin: this.origin, 'x-forwarded-for': this.client };
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let payload: string | undefined;
    if (body.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    }
    const res = await fetch(`${to.url}${path}`, { method, headers, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      if (/max-age=0/i.test(line) || pair.slice(at + 1) === '') this.jar.delete(name);
      else this.jar.set(name, pair.slice(at + 1));
    }
    return res;
  }

  /** The JSON answer of a request that must answer `status` (a failure shows the body). */
  async json(to: ServerProcess, method: string, path: string, status: number, json?: unknown): Promise<unknown> {
    const res = await this.send(to, method, path, json === undefined ? {} : { json });
    const text = await res.text();
    if (res.status !== status) {
      throw new Error(`${method} ${path} on copy ${to.name}: ${res.status}, expected ${status}: ${text.slice(0, 400)}`);
    }
    return text ? (JSON.parse(text) as unknown) : null;
  }
}
