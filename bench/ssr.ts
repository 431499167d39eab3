/**
 * `npm run bench` — SSR throughput, latency, server memory and first-load JS of `/`.
 *
 * Starts the production server (build/) as a child process on a fresh PGlite
 * data dir, records one real SSR response of `/`, starts bench/baseline-server.ts
 * serving exactly those bytes, then load-tests both with autocannon
 * (warm-up, then alternating rounds; medians). Prints a table with targets and
 * writes bench/results/ssr-latest.json. Targets are reported, not asserted:
 * exit 0 when a target is missed, exit 1 only on an actual error.
 * See bench/README.md.
 *
 * The server helpers are exported for bench/lighthouse.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
// @ts-expect-error -- autocannon 9 ships no type declarations; the shape used here is typed below.
import autocannonUntyped from 'autocannon';

// ---------------------------------------------------------------- settings

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = join(ROOT, 'bench', 'results');
/** The consent cookie: all categories accepted, so `/` renders without the cookie notice. */
export const CONSENT_COOKIE = 'gdpr_cookie=*,1,GTM:1';
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
/** Sent identically to the SSR server and to the baseline. */
const REQUEST_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip',
  'accept-language': 'nl-NL,nl;q=0.9',
  cookie: CONSENT_COOKIE,
  'user-agent': BROWSER_UA,
};

const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const ROUND_SECONDS = 6;
const ROUNDS = 3;
const RSS_SAMPLE_MS = 250;
/** Hard stop: the run is meant to take well under 90 s. */
const WATCHDOG_MS = 240_000;

const TARGETS = {
  rpsRatioMin: 0.4,
  p99RatioMax: 4,
  peakRssMbMax: 300,
  firstLoadJsGzipKbMax: 90,
};

// ---------------------------------------------------------------- child processes

const children = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGTERM every child we started, SIGKILL whatever has not exited after 5 s. */
export async function stopChildren(): Promise<void> {
  const running = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((done) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            done();
          }, 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            done();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
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
    console.error(`Bench exceeded ${Math.round(ms / 1000)} s; aborting.`);
    void stopChildren().finally(() => process.exit(1));
  }, ms).unref();
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
function captureOutput(child: ChildProcess): { lines: string[] } {
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

export interface AppServer {
  child: ChildProcess;
  pid: number;
  url: string;
  log: { lines: string[] };
  startupMs: number;
}

/**
 * Starts `server/main.ts` from build/ with Node 24 (process.execPath, so the
 * child pid is the server itself, not a wrapper) on a fresh PGlite data dir
 * (or the PostgreSQL database of BENCH_DATABASE_URL),
 * and waits for GET /readyz to answer 200.
 */
export async function startAppServer(): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = makeTempDir('slaagbundel-bench-db-');
  const started = performance.now();
  const child = track(
    spawn(process.execPath, ['server/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED_DEMO: '1',
        PUBLIC_URL: url,
        // Embedded PGlite unless BENCH_DATABASE_URL names a PostgreSQL database (the production
        // figure: PGlite is single-connection and keeps Postgres in WASM memory); no error
        // reporting or tag manager from the caller's shell.
        DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
        SENTRY_DSN: '',
        GTM_ID: '',
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

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

// ---------------------------------------------------------------- helpers

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Prints rows as an aligned text table. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** One raw GET over node:http: no automatic decompression, so the body is the wire bytes. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; rawHeaders: string[]; body: Buffer }>((done, fail) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
      res.on('error', fail);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout fetching ${url}`)));
    req.on('error', fail);
    req.end();
  });
}

// ---------------------------------------------------------------- autocannon

interface CannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p99: number; max: number };
  throughput: { average: number };
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  headers?: Record<string, string>;
  timeout?: number;
}
const autocannon = autocannonUntyped as (options: CannonOptions) => Promise<CannonResult>;

interface RunFigures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  bytesPerSec: number;
}

async function load(url: string, seconds: number): Promise<RunFigures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    headers: REQUEST_HEADERS,
    timeout: 10,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    bytesPerSec: result.throughput.average,
  };
}

// ---------------------------------------------------------------- memory

function readRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

function rssSampler(pid: number) {
  const samples: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  const take = () => {
    const mb = readRssMb(pid);
    if (mb !== null) samples.push(mb);
  };
  return {
    samples,
    start() {
      take();
      timer = setInterval(take, RSS_SAMPLE_MS);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      take();
    },
  };
}

// ---------------------------------------------------------------- first-load JS

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

interface JsFile {
  url: string;
  how: string;
  bytes: number;
  gzipBytes: number;
}

/** The JS a first visit to the page loads: module scripts, modulepreloads, inline import()s, and their static imports. */
async function firstLoadJs(html: string, pageUrl: string): Promise<JsFile[]> {
  const found = new Map<string, string>();
  const add = (ref: string, how: string) => {
    const url = new URL(ref.replaceAll('&amp;', '&'), pageUrl);
    if (url.origin !== new URL(pageUrl).origin || !url.pathname.startsWith('/assets/')) return;
    if (!found.has(url.href)) found.set(url.href, how);
  };
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = attributes(m[1]!);
    if (attrs.get('type') === 'module' && attrs.get('src')) add(attrs.get('src')!, 'script[type=module]');
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(m[1]!);
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload') && attrs.get('href')) add(attrs.get('href')!, 'modulepreload');
  }
  for (const m of html.matchAll(/\bimport\(\s*(["'])([^"']+)\1\s*\)/g)) add(m[2]!, 'inline import()');

  const files: JsFile[] = [];
  const queue = [...found.keys()];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const url = queue.shift()!;
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity', cookie: CONSENT_COOKIE } });
    if (!res.ok) throw new Error(`first-load JS: ${url} answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    files.push({ url, how: found.get(url)!, bytes: bytes.length, gzipBytes: gzipSync(bytes).length });
    // Static imports of an ES module load before it runs, preloaded or not.
    const source = bytes.toString('utf8');
    for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*)(["'])(\.{1,2}\/[^"']+\.js|\/assets\/[^"']+\.js)\1/g)) {
      const dep = new URL(m[2]!, url).href;
      if (seen.has(dep)) continue;
      seen.add(dep);
      found.set(dep, `static import (not preloaded) of ${new URL(url).pathname}`);
      queue.push(dep);
    }
  }
  return files;
}

// ---------------------------------------------------------------- main

interface Row {
  metric: string;
  measured: string;
  target: string;
  result: 'PASS' | 'MISS' | 'info';
}

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);

  console.log(
    `Slaagbundel SSR bench — Node ${process.version}, ${CONNECTIONS} connections, ` +
      `${WARMUP_SECONDS} s warm-up, ${ROUNDS} alternating rounds × ${ROUND_SECONDS} s\n`,
  );

  // 1. The real server.
  const app = await startAppServer();
  const idleRss = readRssMb(app.pid);
  console.log(
    `SSR server ready on ${app.url} (pid ${app.pid}) after ${round(app.startupMs / 1000, 1)} s ` +
      `(migrate + seed); idle RSS ${round(idleRss ?? Number.NaN)} MB; database: ` +
      (process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite'),
  );
  const home = `${app.url}/`;

  // 2. Record one SSR response of `/`, exactly as sent on the wire.
  const recorded = await rawGet(home, REQUEST_HEADERS);
  if (recorded.status !== 200) throw new Error(`GET / answered ${recorded.status}, expected 200`);
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const recordedHeaders: Array<[string, string]> = [];
  for (let i = 0; i < recorded.rawHeaders.length; i += 2) {
    const name = recorded.rawHeaders[i]!;
    if (!skip.has(name.toLowerCase())) recordedHeaders.push([name, recorded.rawHeaders[i + 1]!]);
  }
  const header = (name: string) => recordedHeaders.find(([n]) => n.toLowerCase() === name)?.[1];
  const contentType = header('content-type') ?? '(none)';
  const contentEncoding = header('content-encoding') ?? 'identity';
  const html = (contentEncoding === 'gzip' ? gunzipSync(recorded.body) : recorded.body).toString('utf8');
  if (!html.includes('<html')) throw new Error('GET / did not return an HTML document');

  const tmp = makeTempDir('slaagbundel-bench-');
  const bodyFile = join(tmp, 'home.body');
  const headersFile = join(tmp, 'home.headers.json');
  writeFileSync(bodyFile, recorded.body);
  writeFileSync(headersFile, JSON.stringify(recordedHeaders));
  console.log(
    `Recorded GET / : ${contentType}, content-encoding ${contentEncoding}, ` +
      `${recorded.body.length} B on the wire (${Buffer.byteLength(html)} B HTML), ${recordedHeaders.length} response headers`,
  );

  // 3. The baseline, serving those bytes and headers.
  const baselineChild = track(
    spawn(process.execPath, [join(ROOT, 'bench', 'baseline-server.ts'), bodyFile, headersFile], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: '0' },
    }),
  );
  const baselineLog = captureOutput(baselineChild);
  const baselinePort = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`baseline did not start:\n${baselineLog.lines.join('\n')}`)), 15_000);
    baselineChild.stdout!.on('data', (chunk: Buffer) => {
      const m = /\{"port":(\d+)\}/.exec(chunk.toString('utf8'));
      if (m) {
        clearTimeout(timer);
        done(Number(m[1]));
      }
    });
    baselineChild.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`baseline exited (${code}):\n${baselineLog.lines.join('\n')}`));
    });
  });
  const baseline = `http://127.0.0.1:${baselinePort}/`;
  const check = await rawGet(baseline, REQUEST_HEADERS);
  if (check.status !== 200 || !check.body.equals(recorded.body))
    throw new Error('baseline does not serve the recorded bytes');
  console.log(
    `Baseline (bench/baseline-server.ts, plain node:http) ready on ${baseline} (pid ${baselineChild.pid}); ` +
      `serves the same ${recorded.body.length} B with the same headers\n`,
  );
  console.log(
    `Request headers for both: ${Object.entries(REQUEST_HEADERS)
      .map(([k, v]) => `${k}: ${v}`)
      .join(' | ')}`,
  );
  console.log(
    `Compression: measured WITH accept-encoding: gzip, as a browser sends it — the SSR server gzips each ` +
      `response (hono/compress), the baseline sends the pre-gzipped recorded bytes with content-encoding: ${contentEncoding}.\n`,
  );

  // 4. Warm-up, then alternating rounds.
  const rss = rssSampler(app.pid);
  process.stdout.write('warm-up: baseline… ');
  await load(baseline, WARMUP_SECONDS);
  process.stdout.write('ssr… ');
  rss.start();
  await load(home, WARMUP_SECONDS);
  rss.stop();
  console.log('done');

  const baseRuns: RunFigures[] = [];
  const ssrRuns: RunFigures[] = [];
  const roundRows: string[][] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const b = await load(baseline, ROUND_SECONDS);
    rss.start();
    const s = await load(home, ROUND_SECONDS);
    rss.stop();
    baseRuns.push(b);
    ssrRuns.push(s);
    for (const [name, r] of [
      ['baseline', b],
      ['ssr', s],
    ] as const) {
      roundRows.push([
        String(i),
        name,
        round(r.rps, 0).toString(),
        String(r.p50),
        String(r.p99),
        String(r.requests),
        String(r.errors + r.timeouts),
        String(r.non2xx),
        round(r.bytesPerSec / 1e6, 2).toString(),
      ]);
    }
  }
  console.log('\nRounds:');
  printTable(['round', 'server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx', 'MB/s'], roundRows);

  const failed = [...baseRuns, ...ssrRuns].reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
  if (ssrRuns.every((r) => r.requests === 0)) throw new Error('the SSR server answered no requests under load');

  // 5. First-load JS.
  const js = await firstLoadJs(html, home);
  const jsGzip = js.reduce((n, f) => n + f.gzipBytes, 0);
  const jsRaw = js.reduce((n, f) => n + f.bytes, 0);

  // 6. Figures.
  const ssrRps = median(ssrRuns.map((r) => r.rps));
  const baseRps = median(baseRuns.map((r) => r.rps));
  const ssrP50 = median(ssrRuns.map((r) => r.p50));
  const baseP50 = median(baseRuns.map((r) => r.p50));
  const ssrP99 = median(ssrRuns.map((r) => r.p99));
  const baseP99 = median(baseRuns.map((r) => r.p99));
  const rpsRatio = ssrRps / baseRps;
  const p99Ratio = ssrP99 / Math.max(baseP99, 1);
  const peakRss = Math.max(...rss.samples);
  const medianRss = median(rss.samples);

  const verdict = (ok: boolean): Row['result'] => (ok ? 'PASS' : 'MISS');
  const rows: Row[] = [
    { metric: 'SSR throughput GET / (median req/s)', measured: `${round(ssrRps, 0)}`, target: '', result: 'info' },
    { metric: 'Baseline throughput (median req/s)', measured: `${round(baseRps, 0)}`, target: '', result: 'info' },
    {
      metric: 'Throughput ratio SSR / baseline',
      measured: `${round(rpsRatio * 100, 1)} %`,
      target: `≥ ${TARGETS.rpsRatioMin * 100} %`,
      result: verdict(rpsRatio >= TARGETS.rpsRatioMin),
    },
    {
      metric: 'Latency p50 SSR / baseline (median ms)',
      measured: `${ssrP50} / ${baseP50}`,
      target: '',
      result: 'info',
    },
    {
      metric: 'Latency p99 SSR / baseline (median ms)',
      measured: `${ssrP99} / ${baseP99}`,
      target: '',
      result: 'info',
    },
    {
      metric: 'p99 ratio SSR / baseline',
      measured: `${round(p99Ratio, 2)}×`,
      target: `≤ ${TARGETS.p99RatioMax}×`,
      result: verdict(p99Ratio <= TARGETS.p99RatioMax),
    },
    {
      metric: 'SSR server RSS under load, peak',
      measured: `${round(peakRss)} MB`,
      target: `≤ ${TARGETS.peakRssMbMax} MB`,
      result: verdict(peakRss <= TARGETS.peakRssMbMax),
    },
    {
      metric: `SSR server RSS under load, median (${rss.samples.length} samples)`,
      measured: `${round(medianRss)} MB`,
      target: '',
      result: 'info',
    },
    {
      metric: `First-load JS of / (${js.length} files, gzip -6)`,
      measured: `${round(jsGzip / 1000, 1)} kB`,
      target: `≤ ${TARGETS.firstLoadJsGzipKbMax} kB`,
      result: verdict(jsGzip / 1000 <= TARGETS.firstLoadJsGzipKbMax),
    },
    {
      metric: 'First-load JS of / (uncompressed)',
      measured: `${round(jsRaw / 1000, 1)} kB`,
      target: '',
      result: 'info',
    },
  ];

  console.log('\nFirst-load JS of / (sizes in kB = 1000 B; gzip = node:zlib default level):');
  printTable(
    ['file', 'raw kB', 'gzip kB', 'found via'],
    [...js]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((f) => [
        new URL(f.url).pathname,
        round(f.bytes / 1000, 1).toFixed(1),
        round(f.gzipBytes / 1000, 1).toFixed(1),
        f.how,
      ]),
  );

  console.log(`\nResults (medians of ${ROUNDS} rounds; MB = 2^20 B):`);
  printTable(
    ['metric', 'measured', 'target', 'result'],
    rows.map((r) => [r.metric, r.measured, r.target, r.result]),
  );
  if (failed > 0) console.log(`\nNote: ${failed} requests failed (errors, timeouts or non-2xx) across all rounds.`);
  const serverNotes = app.log.lines.filter((l) => l.trim() !== '');
  if (serverNotes.length > 0) {
    console.log(`\nThe SSR server logged ${serverNotes.length} line(s) at warn level or above; the last ones:`);
    for (const l of serverNotes.slice(-5)) console.log(`  ${l.slice(0, 300)}`);
  }

  const missed = rows.filter((r) => r.result === 'MISS').map((r) => r.metric);
  const output = {
    date: new Date().toISOString(),
    node: process.version,
    settings: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      roundSeconds: ROUND_SECONDS,
      rounds: ROUNDS,
      requestHeaders: REQUEST_HEADERS,
    },
    response: { contentType, contentEncoding, wireBytes: recorded.body.length, htmlBytes: Buffer.byteLength(html) },
    ssr: { rps: ssrRps, p50Ms: ssrP50, p99Ms: ssrP99, rounds: ssrRuns },
    baseline: { rps: baseRps, p50Ms: baseP50, p99Ms: baseP99, rounds: baseRuns },
    rpsRatio,
    p99Ratio,
    memory: { pid: app.pid, idleMb: idleRss, peakMb: peakRss, medianMb: medianRss, samples: rss.samples.length },
    firstLoadJs: { gzipBytes: jsGzip, rawBytes: jsRaw, files: js },
    failedRequests: failed,
    targets: TARGETS,
    pass: {
      rpsRatio: rpsRatio >= TARGETS.rpsRatioMin,
      p99Ratio: p99Ratio <= TARGETS.p99RatioMax,
      peakRss: peakRss <= TARGETS.peakRssMbMax,
      firstLoadJs: jsGzip / 1000 <= TARGETS.firstLoadJsGzipKbMax,
    },
    missed,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const outFile = join(RESULTS_DIR, 'ssr-latest.json');
  writeFileSync(outFile, `${JSON.stringify(output, null, 2)}\n`);

  await stopChildren();
  console.log(
    `\n${missed.length === 0 ? 'All targets met.' : `Missed ${missed.length} target(s): ${missed.join('; ')}.`} ` +
      `Written ${outFile.slice(ROOT.length + 1)} in ${round((performance.now() - started) / 1000, 0)} s.`,
  );
}

if (import.meta.main) {
  main().then(
    () => process.exit(0),
    async (error: unknown) => {
      console.error(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await stopChildren();
      process.exit(1);
    },
  );
}
