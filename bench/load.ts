/**
 * The load-generating parts the signed-in and shop benches share (bench/account.ts, bench/shop.ts):
 * autocannon runs with the answering process's CPU time, warm-up then alternating rounds (medians),
 * and a same-bytes baseline (bench/baseline-server.ts) replaying one recorded answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
// @ts-expect-error -- autocannon 9 ships no type declarations; the shape used here is typed below.
import autocannonUntyped from 'autocannon';
import { cpuSecondsOf, makeTempDir, median, rawGet, type RawResponse, ROOT, round } from './ssr.ts';

export const WARMUP_SECONDS = 3;
export const ROUND_SECONDS = 4;
export const ROUNDS = 2;

// ---------------------------------------------------------------- load

export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest) => CannonRequest;
}
interface CannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
}
const autocannon = autocannonUntyped as (options: {
  url: string;
  connections: number;
  duration: number;
  pipelining: number;
  headers?: Record<string, string>;
  requests?: CannonRequest[];
  timeout: number;
}) => Promise<CannonResult>;

export interface Target {
  url: string;
  pid: number;
  connections: number;
  headers?: Record<string, string>;
  requests?: CannonRequest[];
}
export interface Run {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  failed: number;
  non2xx: number;
  cpuUsPerRequest: number;
}
export interface Figures extends Omit<Run, 'requests'> {
  requests: number;
  rounds: Run[];
}

export async function load(target: Target, seconds: number): Promise<Run> {
  const cpu = cpuSecondsOf(target.pid);
  const r = await autocannon({
    url: target.url,
    connections: target.connections,
    duration: seconds,
    pipelining: 1,
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.requests ? { requests: target.requests } : {}),
    timeout: 10,
  });
  const cpuSeconds = cpuSecondsOf(target.pid) - cpu;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    failed: r.errors + r.timeouts,
    non2xx: r.non2xx,
    cpuUsPerRequest: r.requests.total > 0 ? (cpuSeconds * 1e6) / r.requests.total : Number.NaN,
  };
}

export function summarise(runs: Run[]): Figures {
  return {
    rps: round(median(runs.map((r) => r.rps)), 0),
    p50: round(median(runs.map((r) => r.p50))),
    p99: round(median(runs.map((r) => r.p99))),
    max: round(Math.max(...runs.map((r) => r.max))),
    cpuUsPerRequest: round(median(runs.map((r) => r.cpuUsPerRequest)), 0),
    requests: runs.reduce((n, r) => n + r.requests, 0),
    failed: runs.reduce((n, r) => n + r.failed, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    rounds: runs,
  };
}

export async function alternate(label: string, targets: Target[]): Promise<Figures[]> {
  process.stdout.write(`  ${label}: warm-up`);
  for (const t of targets) await load(t, WARMUP_SECONDS);
  const runs: Run[][] = targets.map(() => []);
  for (let i = 1; i <= ROUNDS; i++) {
    for (const [j, t] of targets.entries()) runs[j]!.push(await load(t, ROUND_SECONDS));
    process.stdout.write(` · ${i}: ${runs.map((r) => round(r.at(-1)!.rps, 0)).join(' / ')}`);
  }
  console.log(' req/s');
  return runs.map(summarise);
}

// ---------------------------------------------------------------- baseline

const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export async function startBaseline(recorded: RawResponse, headers: Record<string, string>, path: string) {
  const tmp = makeTempDir('slaagbundel-bench-baseline-');
  const replay: Array<[string, string]> = [];
  for (let i = 0; i < recorded.rawHeaders.length; i += 2) {
    const name = recorded.rawHeaders[i]!;
    if (!HOP_HEADERS.has(name.toLowerCase())) replay.push([name, recorded.rawHeaders[i + 1]!]);
  }
  writeFileSync(join(tmp, 'page.body'), recorded.body);
  writeFileSync(join(tmp, 'page.headers.json'), JSON.stringify(replay));
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'bench', 'baseline-server.ts'), join(tmp, 'page.body'), join(tmp, 'page.headers.json')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, PORT: '0' } },
  );
  process.once('exit', () => child.kill('SIGKILL'));
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error('baseline did not start within 15 s')), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /\{"port":(\d+)\}/.exec(chunk.toString('utf8'));
      if (m) {
        clearTimeout(timer);
        done(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`baseline exited (${code})`));
    });
  });
  const url = `http://127.0.0.1:${port}${path}`;
  const check = await rawGet(url, headers);
  if (check.status !== 200 || !check.body.equals(recorded.body))
    throw new Error('the baseline does not serve the recorded bytes');
  return { child, pid: child.pid!, url };
}

/**
 * Signs in once over the accounts API (3 attempts a minute per client): the
 * cookies the answer sets, name → value. Throws when it fails or sets no session.
 */
export async function signIn(url: string, email: string, password: string, userAgent: string) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', origin: url, 'user-agent': userAgent },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${body.slice(0, 300)}`);
  const cookies = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';', 1);
    const eq = pair.indexOf('=');
    if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  if (!cookies.get('slaagbundel.session_token')) throw new Error('sign-in set no slaagbundel.session_token cookie');
  return cookies;
}
