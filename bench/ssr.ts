/**
 * `npm run bench` — SSR throughput and latency of several pages, cached and
 * uncached, server memory and first-load JS of `/`.
 *
 * Starts the production server (build/) as a child process twice, one after the
 * other: once with the page micro-cache on (the server's default
 * PAGE_CACHE_SECONDS) and once with PAGE_CACHE_SECONDS=0 (renders every
 * request). For every page it records one real response on the wire, starts
 * bench/baseline-server.ts serving exactly those bytes and headers, then
 * load-tests both with autocannon (warm-up, then alternating rounds; medians).
 * Embedded PGlite on a fresh data dir by default; `--postgres` (or
 * BENCH_DATABASE_URL) uses PostgreSQL. Prints a table with targets and writes
 * bench/results/ssr-latest.json. Targets are reported, not asserted: exit 0
 * when a target is missed, exit 1 only on an actual error (build, server
 * start, a page answering a non-200 status). See bench/README.md.
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
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
// @ts-expect-error -- autocannon 9 ships no type declarations; the shape used here is typed below.
import autocannonUntyped from 'autocannon';
import pg from 'pg';

// ---------------------------------------------------------------- settings

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = join(ROOT, 'bench', 'results');
/** The consent cookie: all categories accepted, so pages render without the cookie notice. */
export const CONSENT_COOKIE = 'gdpr_cookie=*,1,GTM:1';
/** `npm run bench -- --postgres` without BENCH_DATABASE_URL. */
export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/slaagbundel_bench';
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
/** Sent identically to the SSR server and to the baseline; a browser's accept-encoding. */
const REQUEST_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'br, gzip',
  'accept-language': 'nl-NL,nl;q=0.9',
  cookie: CONSENT_COOKIE,
  'user-agent': BROWSER_UA,
};

/** A product page of the demo catalogue (content/products.json: SKU SB-HAVO-WB-2027 is product 23). */
const PRODUCT_PAGE = '/producten/23/slaagbundel-wiskunde-b-havo-2027';
/** Shop pages whose first-load JS is measured too (≤ 110 kB gzip). */
const SHOP_JS_PAGES: readonly string[] = ['/producten', PRODUCT_PAGE];

/** `/exameninfo` is a CMS page (content/pages.json, route `/:slug`). */
const PAGES = [
  '/',
  '/privacy',
  '/exameninfo',
  '/over-slaagbundel',
  '/examentips',
  '/artikel/examenplanning-maken',
  '/zoeken?q=examenstress',
  // The shop: the product list and a product page.
  '/producten',
  PRODUCT_PAGE,
] as const;
type Mode = 'cached' | 'uncached';
const MODES: ReadonlyArray<{ mode: Mode; env: Record<string, string | undefined>; describe: string }> = [
  // undefined drops a PAGE_CACHE_SECONDS from the caller's shell: the server's default applies.
  { mode: 'cached', env: { PAGE_CACHE_SECONDS: undefined }, describe: 'page micro-cache on (default TTL)' },
  { mode: 'uncached', env: { PAGE_CACHE_SECONDS: '0' }, describe: 'PAGE_CACHE_SECONDS=0, renders every request' },
];

const CONNECTIONS = 10;
const WARMUP_SECONDS = 3;
const ROUND_SECONDS = 4;
const ROUNDS = 2;
const RSS_SAMPLE_MS = 250;
/** Above this share of one core the bench process (autocannon) is the bottleneck, not the server. */
const CLIENT_BOUND_SHARE = 0.9;
/** Hard stop: the run takes about 7 min (18 page × mode pairs of 22 s, plus two server starts). */
const WATCHDOG_MS = 600_000;

const TARGETS = {
  cached: { rpsRatioMin: 0.4, p99RatioMax: 4 },
  uncached: { rpsRatioMin: 0.1, p99RatioMax: 8 },
  /** A PostgreSQL figure: with embedded PGlite it is shown but not counted. */
  peakRssMbMax: 300,
  firstLoadJsGzipKbMax: 105,
  shopFirstLoadJsGzipKbMax: 110,
} as const;

// ---------------------------------------------------------------- child processes

const children = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
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

export interface AppServerOptions {
  /** A PostgreSQL URL, or '' for embedded PGlite on a fresh temp data dir. Default: BENCH_DATABASE_URL, else ''. */
  databaseUrl?: string;
  /** Extra environment for the server; a key set to undefined removes that variable (the server's default applies). */
  env?: Record<string, string | undefined>;
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
    spawn(process.execPath, ['server/main.ts'], {
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

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

// ---------------------------------------------------------------- PostgreSQL

/** The URL with its password (if any) masked, for printing. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.href;
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * Makes the benchmark database ready: a database whose name contains "bench"
 * is dropped and created afresh (runs start from the same state); any other
 * name is only created when missing, never dropped. Connects to the server's
 * `postgres` database to do so.
 */
export async function preparePostgres(url: string): Promise<{ name: string; recreated: boolean; version: string }> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`the PostgreSQL URL ${maskUrl(url)} names no database`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `cannot connect to PostgreSQL at ${maskUrl(admin.href)} (is it running? pg_isready -h ${target.hostname}): ` +
        (error instanceof Error ? error.message : String(error)),
      { cause: error },
    );
  }
  try {
    const ident = `"${name.replaceAll('"', '""')}"`;
    const recreated = /bench/i.test(name);
    if (recreated) await client.query(`drop database if exists ${ident} with (force)`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${ident}`);
    const version =
      (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
    return { name, recreated, version };
  } finally {
    await client.end();
  }
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

/** Prints rows as an aligned text table; columns listed in `right` are right-aligned. */
export function printTable(header: string[], rows: string[][], right: number[] = []): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right.includes(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

export interface RawResponse {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

/** One raw GET over node:http: no automatic decompression, so the body is the wire bytes. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
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

export function headerOf(rawHeaders: string[], name: string): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1];
  }
  return undefined;
}

export function decodeBody(body: Buffer, encoding: string): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'identity') return body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

// ---------------------------------------------------------------- autocannon

interface CannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
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
  /** Status codes other than 200, with counts. */
  otherStatus: Record<string, number>;
  bytesPerSec: number;
  /** CPU time (user + system) the server process spent per answered request, in µs. */
  serverCpuUsPerRequest: number;
  /** Share of one core the bench process (autocannon) used: near 1, the load generator is the bottleneck. */
  clientCpuShare: number;
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, in clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** One autocannon run against `url`, with the CPU time of the server process `pid` and of this process. */
async function load(url: string, seconds: number, pid: number): Promise<RunFigures> {
  const serverCpu = cpuSecondsOf(pid);
  const clientCpu = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    headers: REQUEST_HEADERS,
    timeout: 10,
  });
  const elapsed = (performance.now() - started) / 1000;
  const serverCpuSeconds = cpuSecondsOf(pid) - serverCpu;
  const client = process.cpuUsage(clientCpu);
  const otherStatus: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (code !== '200') otherStatus[code] = count;
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    otherStatus,
    bytesPerSec: result.throughput.average,
    serverCpuUsPerRequest: result.requests.total > 0 ? (serverCpuSeconds * 1e6) / result.requests.total : Number.NaN,
    clientCpuShare: (client.user + client.system) / 1e6 / elapsed,
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

export interface JsFile {
  url: string;
  how: string;
  bytes: number;
  gzipBytes: number;
}

/** The JS a first visit to the page loads: module scripts, modulepreloads, inline import()s, and their static imports. */
export async function firstLoadJs(html: string, pageUrl: string): Promise<JsFile[]> {
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
  // Static imports of inline module scripts (React Router imports the route modules this way).
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attributes(m[1]!).get('type') !== 'module') continue;
    for (const i of m[2]!.matchAll(/(?:\bfrom\s*|\bimport\s*)(["'])([^"']+\.js)\1/g))
      add(i[2]!, 'inline module import');
  }

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

// ---------------------------------------------------------------- one page: record, baseline, load

interface Recording {
  status: number;
  contentType: string;
  contentEncoding: string;
  cacheControl: string | null;
  pageCache: string | null;
  setsCookie: boolean;
  wireBytes: number;
  htmlBytes: number;
  headers: Array<[string, string]>;
  body: Buffer;
  html: string;
}

/** Headers that describe the connection or the body length, not the response: the baseline sets its own. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * Records one response of `url` as it is on the wire. The page is requested
 * once first (the cached server then answers from its cache, as under load).
 */
async function record(url: string, path: string): Promise<Recording> {
  const prime = await rawGet(url, REQUEST_HEADERS);
  if (prime.status !== 200) throw new Error(`GET ${path} answered ${prime.status}, expected 200`);
  const res = await rawGet(url, REQUEST_HEADERS);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}, expected 200`);
  const headers: Array<[string, string]> = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i]!;
    if (!HOP_HEADERS.has(name.toLowerCase())) headers.push([name, res.rawHeaders[i + 1]!]);
  }
  const contentEncoding = headerOf(res.rawHeaders, 'content-encoding') ?? 'identity';
  const html = decodeBody(res.body, contentEncoding).toString('utf8');
  if (!html.includes('<html')) throw new Error(`GET ${path} did not return an HTML document`);
  return {
    status: res.status,
    contentType: headerOf(res.rawHeaders, 'content-type') ?? '(none)',
    contentEncoding,
    cacheControl: headerOf(res.rawHeaders, 'cache-control') ?? null,
    pageCache: headerOf(res.rawHeaders, 'x-page-cache') ?? null,
    setsCookie: headerOf(res.rawHeaders, 'set-cookie') !== undefined,
    wireBytes: res.body.length,
    htmlBytes: Buffer.byteLength(html),
    headers,
    body: res.body,
    html,
  };
}

/** bench/baseline-server.ts serving one recording; checks that it replays the very bytes. */
async function startBaseline(
  recording: Recording,
  label: string,
): Promise<{ child: ChildProcess; pid: number; url: string }> {
  const tmp = makeTempDir('slaagbundel-bench-');
  const bodyFile = join(tmp, `${label}.body`);
  const headersFile = join(tmp, `${label}.headers.json`);
  writeFileSync(bodyFile, recording.body);
  writeFileSync(headersFile, JSON.stringify(recording.headers));
  const child = track(
    spawn(process.execPath, [join(ROOT, 'bench', 'baseline-server.ts'), bodyFile, headersFile], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: '0' },
    }),
  );
  const log = captureOutput(child);
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`baseline did not start:\n${log.lines.join('\n')}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /\{"port":(\d+)\}/.exec(chunk.toString('utf8'));
      if (m) {
        clearTimeout(timer);
        done(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`baseline exited (${code}):\n${log.lines.join('\n')}`));
    });
  });
  const url = `http://127.0.0.1:${port}/`;
  const check = await rawGet(url, REQUEST_HEADERS);
  const sameEncoding = (headerOf(check.rawHeaders, 'content-encoding') ?? 'identity') === recording.contentEncoding;
  if (check.status !== 200 || !check.body.equals(recording.body) || !sameEncoding)
    throw new Error(`baseline for ${label} does not serve the recorded bytes`);
  return { child, pid: child.pid!, url };
}

interface Measurement {
  path: string;
  mode: Mode;
  recording: Omit<Recording, 'body' | 'html' | 'headers'>;
  ssr: ReturnType<typeof summarise>;
  baseline: ReturnType<typeof summarise>;
  rpsRatio: number;
  p99Ratio: number;
  pass: { rpsRatio: boolean; p99Ratio: boolean };
}

function summarise(runs: RunFigures[]) {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50Ms: median(runs.map((r) => r.p50)),
    p99Ms: median(runs.map((r) => r.p99)),
    cpuUsPerRequest: median(runs.map((r) => r.serverCpuUsPerRequest)),
    clientCpuShare: median(runs.map((r) => r.clientCpuShare)),
    rounds: runs,
  };
}

/** Warm-up of both, then alternating rounds baseline / SSR; RSS of the server sampled during SSR load. */
async function measurePage(
  app: AppServer,
  mode: Mode,
  path: string,
  rss: ReturnType<typeof rssSampler>,
): Promise<{ measurement: Measurement; html: string }> {
  const ssrUrl = `${app.url}${path}`;
  const recording = await record(ssrUrl, path);
  const label = `${mode}${path === '/' ? '-home' : path.replaceAll('/', '-')}`;
  const baseline = await startBaseline(recording, label);
  process.stdout.write(
    `  ${path.padEnd(18)} ${recording.contentEncoding} ${String(recording.wireBytes).padStart(6)} B ` +
      `(${recording.htmlBytes} B HTML) · warm-up`,
  );
  try {
    await load(baseline.url, WARMUP_SECONDS, baseline.pid);
    rss.start();
    await load(ssrUrl, WARMUP_SECONDS, app.pid);
    rss.stop();
    const baseRuns: RunFigures[] = [];
    const ssrRuns: RunFigures[] = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const b = await load(baseline.url, ROUND_SECONDS, baseline.pid);
      rss.start();
      const s = await load(ssrUrl, ROUND_SECONDS, app.pid);
      rss.stop();
      baseRuns.push(b);
      ssrRuns.push(s);
      process.stdout.write(` · ${i}: ${round(s.rps, 0)} / ${round(b.rps, 0)}`);
    }
    console.log(' req/s (SSR / baseline)');
    const ssr = summarise(ssrRuns);
    const base = summarise(baseRuns);
    const rpsRatio = ssr.rps / base.rps;
    const p99Ratio = ssr.p99Ms / Math.max(base.p99Ms, 1);
    const { body: _body, html, headers: _headers, ...meta } = recording;
    return {
      html,
      measurement: {
        path,
        mode,
        recording: meta,
        ssr,
        baseline: base,
        rpsRatio,
        p99Ratio,
        pass: { rpsRatio: rpsRatio >= TARGETS[mode].rpsRatioMin, p99Ratio: p99Ratio <= TARGETS[mode].p99RatioMax },
      },
    };
  } finally {
    await stopChild(baseline.child);
  }
}

// ---------------------------------------------------------------- main

/** Server log lines that the bench's own settings cause (SEED_DEMO=1 on PostgreSQL). */
const EXPECTED_LOG = /SEED_DEMO=1: seeding demo data/;

interface ServerFigures {
  mode: Mode;
  pid: number;
  startupSeconds: number;
  idleRssMb: number | null;
  peakRssMb: number;
  medianRssMb: number;
  rssSamples: number;
  /** Lines the server logged at warn level or above (the last 20). */
  log: string[];
}

function parseArgs(argv: string[]): { postgres: boolean } {
  let postgres = false;
  for (const arg of argv) {
    if (arg === '--postgres') postgres = true;
    else throw new Error(`unknown argument ${arg} (usage: npm run bench [-- --postgres])`);
  }
  return { postgres };
}

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  const args = parseArgs(process.argv.slice(2));

  // The database: PostgreSQL with --postgres or BENCH_DATABASE_URL, else a fresh embedded PGlite per server.
  const databaseUrl = process.env.BENCH_DATABASE_URL || (args.postgres ? DEFAULT_BENCH_DATABASE_URL : '');
  let database: { kind: 'pglite' | 'postgres'; url?: string; name?: string; recreated?: boolean; version?: string };
  if (databaseUrl) {
    const prepared = await preparePostgres(databaseUrl);
    database = { kind: 'postgres', url: maskUrl(databaseUrl), ...prepared };
  } else {
    database = { kind: 'pglite' };
  }
  const databaseLine =
    database.kind === 'postgres'
      ? `PostgreSQL ${database.version}, ${database.url} (${database.recreated ? 'dropped and created afresh' : 'reused: its name has no "bench", so it is never dropped'})`
      : 'embedded PGlite (a fresh data dir per server; add --postgres for the production figure)';

  console.log(
    `Slaagbundel SSR bench — Node ${process.version}; ${CONNECTIONS} connections; per page and server ` +
      `${WARMUP_SECONDS} s warm-up, then ${ROUNDS} alternating rounds × ${ROUND_SECONDS} s (medians)\n` +
      `Database: ${databaseLine}\n` +
      `Request headers (SSR and baseline): ${Object.entries(REQUEST_HEADERS)
        .map(([k, v]) => `${k}: ${k === 'user-agent' ? 'Chrome 140' : v}`)
        .join(' | ')}`,
  );

  const measurements: Measurement[] = [];
  const servers: ServerFigures[] = [];
  let homeHtml: string | null = null;
  let js: JsFile[] = [];
  const shopJs = new Map<string, JsFile[]>();

  for (const { mode, env, describe } of MODES) {
    const app = await startAppServer({ databaseUrl, env });
    const idleRss = readRssMb(app.pid);
    console.log(
      `\n${mode}: ${describe} — server pid ${app.pid} ready after ${round(app.startupMs / 1000, 1)} s ` +
        `(migrate + seed), idle RSS ${round(idleRss ?? Number.NaN)} MB; each page recorded, then replayed by ` +
        `bench/baseline-server.ts`,
    );
    const rss = rssSampler(app.pid);
    for (const path of PAGES) {
      const { measurement, html } = await measurePage(app, mode, path, rss);
      measurements.push(measurement);
      if (path === '/' && homeHtml === null) {
        homeHtml = html;
        // First-load JS of `/`: fetched from this server while it runs.
        js = await firstLoadJs(homeHtml, `${app.url}/`);
      }
      if (SHOP_JS_PAGES.includes(path) && !shopJs.has(path))
        shopJs.set(path, await firstLoadJs(html, `${app.url}${path}`));
    }
    servers.push({
      mode,
      pid: app.pid,
      startupSeconds: round(app.startupMs / 1000, 2),
      idleRssMb: idleRss === null ? null : round(idleRss),
      peakRssMb: round(Math.max(...rss.samples)),
      medianRssMb: round(median(rss.samples)),
      rssSamples: rss.samples.length,
      log: app.log.lines.slice(-20),
    });
    await stopChild(app.child);
  }

  // ---------------------------------------------------------------- report
  const jsGzip = js.reduce((n, f) => n + f.gzipBytes, 0);
  const jsRaw = js.reduce((n, f) => n + f.bytes, 0);
  const postgres = database.kind === 'postgres';
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const ms = (v: number) => String(round(v, 1));

  console.log(`\nFirst-load JS of / (kB = 1000 B; gzip = node:zlib default level):`);
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
    [1, 2],
  );

  console.log(
    `\nThroughput and latency (medians of ${ROUNDS} rounds; latencies in ms; ratio = SSR / baseline; CPU µs/req = ` +
      `server process CPU time per request; client = the load generator's share of one core during SSR load). Targets: ` +
      `cached ratio ≥ ${TARGETS.cached.rpsRatioMin * 100} %, p99 ≤ ${TARGETS.cached.p99RatioMax}×; ` +
      `uncached ratio ≥ ${TARGETS.uncached.rpsRatioMin * 100} %, p99 ≤ ${TARGETS.uncached.p99RatioMax}×`,
  );
  printTable(
    [
      'page',
      'mode',
      'SSR req/s',
      'base req/s',
      'ratio',
      '',
      'p50 SSR',
      'p50 base',
      'p99 SSR',
      'p99 base',
      'p99 ratio',
      '',
      'CPU µs/req SSR',
      'base',
      'client',
    ],
    measurements.map((m) => [
      m.path,
      m.mode,
      String(round(m.ssr.rps, 0)),
      String(round(m.baseline.rps, 0)),
      `${round(m.rpsRatio * 100, 1).toFixed(1)} %`,
      verdict(m.pass.rpsRatio),
      ms(m.ssr.p50Ms),
      ms(m.baseline.p50Ms),
      ms(m.ssr.p99Ms),
      ms(m.baseline.p99Ms),
      `${round(m.p99Ratio, 2).toFixed(2)}×`,
      verdict(m.pass.p99Ratio),
      String(round(m.ssr.cpuUsPerRequest, 0)),
      String(round(m.baseline.cpuUsPerRequest, 0)),
      `${round(m.ssr.clientCpuShare * 100, 0)} %`,
    ]),
    [2, 3, 4, 6, 7, 8, 9, 10, 12, 13, 14],
  );

  interface Row {
    metric: string;
    measured: string;
    target: string;
    result: string;
    counted: boolean;
    ok: boolean;
  }
  const rows: Row[] = servers.map((s) => {
    const ok = s.peakRssMb <= TARGETS.peakRssMbMax;
    return {
      metric: `Peak RSS under load, ${s.mode} server (${s.rssSamples} samples, median ${s.medianRssMb} MB)`,
      measured: `${s.peakRssMb} MB`,
      target: `≤ ${TARGETS.peakRssMbMax} MB${postgres ? '' : ' (PostgreSQL)'}`,
      // The target is a PostgreSQL figure: with PGlite (Postgres in the server's memory) it is shown, not counted.
      result: postgres ? verdict(ok) : `(${verdict(ok)})`,
      counted: postgres,
      ok,
    };
  });
  const jsOk = jsGzip / 1000 <= TARGETS.firstLoadJsGzipKbMax;
  rows.push({
    metric: `First-load JS of / (${js.length} files, gzip; ${round(jsRaw / 1000, 1)} kB uncompressed)`,
    measured: `${round(jsGzip / 1000, 1)} kB`,
    target: `≤ ${TARGETS.firstLoadJsGzipKbMax} kB`,
    result: verdict(jsOk),
    counted: true,
    ok: jsOk,
  });
  for (const [path, files] of shopJs) {
    const gzip = files.reduce((n, f) => n + f.gzipBytes, 0);
    const ok = gzip / 1000 <= TARGETS.shopFirstLoadJsGzipKbMax;
    rows.push({
      metric: `First-load JS of ${path} (${files.length} files, gzip)`,
      measured: `${round(gzip / 1000, 1)} kB`,
      target: `≤ ${TARGETS.shopFirstLoadJsGzipKbMax} kB`,
      result: verdict(ok),
      counted: true,
      ok,
    });
  }
  console.log('');
  printTable(
    ['metric', 'measured', 'target', 'result'],
    rows.map((r) => [r.metric, r.measured, r.target, r.result]),
    [1],
  );

  // Notes: failed requests, responses that differ from what a browser should get, server log lines.
  const notes: string[] = [];
  const broken: string[] = [];
  const clientBound: string[] = [];
  for (const m of measurements) {
    for (const [who, runs] of [
      ['SSR', m.ssr.rounds],
      ['baseline', m.baseline.rounds],
    ] as const) {
      const failed = runs.reduce((n, r) => n + r.errors + r.timeouts, 0);
      const statuses: Record<string, number> = {};
      for (const r of runs)
        for (const [code, n] of Object.entries(r.otherStatus)) statuses[code] = (statuses[code] ?? 0) + n;
      if (failed > 0) notes.push(`${m.mode} ${m.path} ${who}: ${failed} requests failed (errors or timeouts)`);
      if (Object.keys(statuses).length > 0) {
        const list = Object.entries(statuses)
          .map(([code, n]) => `${n}× ${code}`)
          .join(', ');
        broken.push(`${m.mode} ${m.path} ${who} answered non-200 under load: ${list}`);
      }
      if (runs.every((r) => r.requests === 0))
        broken.push(`${m.mode} ${m.path} ${who} answered no requests under load`);
    }
    if (m.ssr.clientCpuShare >= CLIENT_BOUND_SHARE) clientBound.push(`${m.mode} ${m.path}`);
    if (m.recording.contentEncoding !== 'br')
      notes.push(`${m.mode} ${m.path}: content-encoding ${m.recording.contentEncoding} for accept-encoding br, gzip`);
    if (m.mode === 'cached' && m.recording.pageCache !== 'HIT')
      notes.push(
        `cached ${m.path}: the second request was not a page-cache hit (X-Page-Cache: ${m.recording.pageCache})`,
      );
  }
  if (clientBound.length > 0)
    notes.push(
      `the load generator used ≥ ${CLIENT_BOUND_SHARE * 100} % of a core while loading the SSR server for ` +
        `${clientBound.join(', ')}: the server kept up, so the ratio there is the load generator's limit (it reads ` +
        `high); compare CPU µs/req`,
    );
  const cacheControls = [...new Set(measurements.map((m) => m.recording.cacheControl ?? '(none)'))];
  notes.push(
    `response cache-control: ${cacheControls.join(' | ')}` +
      (measurements.some((m) => m.recording.setsCookie) ? '; responses set cookies (replayed by the baseline)' : ''),
  );
  for (const s of servers) {
    // The bench asks for demo data on purpose; the server warns about it on PostgreSQL.
    const lines = s.log.filter((l) => !EXPECTED_LOG.test(l));
    if (lines.length > 0) {
      notes.push(
        `the ${s.mode} server logged ${lines.length} line(s) at warn level or above; the last ones:\n` +
          lines
            .slice(-3)
            .map((l) => `      ${l.slice(0, 300)}`)
            .join('\n'),
      );
    }
  }
  console.log('');
  for (const n of broken) console.log(`ERROR: ${n}`);
  for (const n of notes) console.log(`Note: ${n}`);

  const missed = [
    ...measurements.flatMap((m) => [
      ...(m.pass.rpsRatio ? [] : [`${m.mode} ${m.path} ratio`]),
      ...(m.pass.p99Ratio ? [] : [`${m.mode} ${m.path} p99`]),
    ]),
    ...rows.filter((r) => r.counted && !r.ok).map((r) => r.metric.replace(/ \(.*$/, '')),
  ];
  const output = {
    date: new Date().toISOString(),
    node: process.version,
    database,
    settings: {
      pages: PAGES,
      modes: MODES.map(({ mode, describe }) => ({ mode, describe })),
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      roundSeconds: ROUND_SECONDS,
      rounds: ROUNDS,
      requestHeaders: REQUEST_HEADERS,
    },
    targets: TARGETS,
    pages: measurements,
    servers,
    firstLoadJs: { page: '/', gzipBytes: jsGzip, rawBytes: jsRaw, pass: jsOk, files: js },
    notes,
    broken,
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
  if (broken.length > 0) throw new Error(`a page misbehaved under load:\n  ${broken.join('\n  ')}`);
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
