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
 */
import process from 'node:process';
import { EXPECTED_LOG, startAppServer, type AppServer } from './harness/app-server.ts';
import { recordPage, startBaseline, type Recording } from './harness/baseline.ts';
import { installCleanup, runBench, startWatchdog, stopChild, stopChildren } from './harness/children.ts';
import { benchDatabaseUrl, maskUrl, parseBenchArgs, preparePostgres } from './harness/database.ts';
import { firstLoadJs, type JsFile } from './harness/first-load-js.ts';
import {
  alternateRuns,
  loadDetailed,
  summariseDetailed,
  type DetailedFigures,
  type DetailedRun,
} from './harness/load.ts';
import { readRssMb, rssSampler, type RssSampler } from './harness/memory.ts';
import {
  closingLine,
  median,
  p99Ratio,
  printTable,
  round,
  throughputRatio,
  verdict,
  writeResults,
} from './harness/report.ts';
import { BROWSER_UA, CONSENT_COOKIE } from './harness/settings.ts';

// ---------------------------------------------------------------- settings

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

/** The public grade calculator (app/routes/public/grade-calculator.tsx). */
const GRADE_CALCULATOR = '/exameninfo/cijfer-berekenen';

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
  // The public grade calculator (issue 21): the page, and a shared result of both of its parts.
  GRADE_CALCULATOR,
  `${GRADE_CALCULATOR}?score=48&max=75&n=1%2C1&niveau=havo&se-nederlands=6%2C4&ce-nederlands=5%2C8&se-engels=7&ce-engels=6%2C5&se-wiskunde-a=5%2C5&se-economie=6&ce-economie=5%2C1&se-geschiedenis=7%2C2&ce-geschiedenis=6%2C8&se-maatschappijleer=7&se-ckv=6%2C5&se-profielwerkstuk=7%2C5&oordeel-lo=voldoende`,
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
/** Hard stop: the run takes about 8.5 min (22 page × mode pairs of 22 s, plus two server starts). */
const WATCHDOG_MS = 720_000;

const TARGETS = {
  cached: { rpsRatioMin: 0.4, p99RatioMax: 4 },
  uncached: { rpsRatioMin: 0.1, p99RatioMax: 8 },
  /** A PostgreSQL figure: with embedded PGlite it is shown but not counted. */
  peakRssMbMax: 300,
  firstLoadJsGzipKbMax: 105,
  /** Issue 36: what a phone downloads of `/`'s first-load JS, as the server sends it (brotli). */
  firstLoadJsServedKbMax: 120,
  shopFirstLoadJsGzipKbMax: 110,
} as const;

// ---------------------------------------------------------------- one page: record, baseline, load

interface Measurement {
  path: string;
  mode: Mode;
  recording: Omit<Recording, 'body' | 'html' | 'headers'>;
  ssr: DetailedFigures;
  baseline: DetailedFigures;
  rpsRatio: number;
  p99Ratio: number;
  pass: { rpsRatio: boolean; p99Ratio: boolean };
}

/** Warm-up of both, then alternating rounds baseline / SSR; RSS of the server sampled during SSR load. */
async function measurePage(
  app: AppServer,
  mode: Mode,
  path: string,
  rss: RssSampler,
): Promise<{ measurement: Measurement; html: string }> {
  const ssrUrl = `${app.url}${path}`;
  const recording = await recordPage(ssrUrl, path, REQUEST_HEADERS);
  const label = `${mode}${path === '/' ? '-home' : path.replaceAll('/', '-')}`;
  const baseline = await startBaseline(recording, { requestHeaders: REQUEST_HEADERS, label });
  process.stdout.write(
    `  ${path.padEnd(18)} ${recording.contentEncoding} ${String(recording.wireBytes).padStart(6)} B ` +
      `(${recording.htmlBytes} B HTML) · warm-up`,
  );
  try {
    const loadBaseline = (seconds: number) =>
      loadDetailed(
        { url: baseline.url, pid: baseline.pid, connections: CONNECTIONS, headers: REQUEST_HEADERS },
        seconds,
      );
    const loadSsr = async (seconds: number): Promise<DetailedRun> => {
      rss.start();
      try {
        return await loadDetailed(
          { url: ssrUrl, pid: app.pid, connections: CONNECTIONS, headers: REQUEST_HEADERS },
          seconds,
        );
      } finally {
        rss.stop();
      }
    };
    const [baseRuns, ssrRuns] = (await alternateRuns(
      [loadBaseline, loadSsr],
      { warmupSeconds: WARMUP_SECONDS, roundSeconds: ROUND_SECONDS, rounds: ROUNDS },
      (i, [b, s]) => process.stdout.write(` · ${i}: ${round(s!.rps, 0)} / ${round(b!.rps, 0)}`),
    )) as [DetailedRun[], DetailedRun[]];
    console.log(' req/s (SSR / baseline)');
    const ssr = summariseDetailed(ssrRuns);
    const base = summariseDetailed(baseRuns);
    const rpsRatio = throughputRatio(ssr, base);
    const tailRatio = p99Ratio(ssr.p99Ms, base.p99Ms);
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
        p99Ratio: tailRatio,
        pass: { rpsRatio: rpsRatio >= TARGETS[mode].rpsRatioMin, p99Ratio: tailRatio <= TARGETS[mode].p99RatioMax },
      },
    };
  } finally {
    await stopChild(baseline.child);
  }
}

// ---------------------------------------------------------------- main

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

interface Database {
  kind: 'pglite' | 'postgres';
  url?: string;
  name?: string;
  recreated?: boolean;
  version?: string;
}

interface Figures {
  measurements: Measurement[];
  servers: ServerFigures[];
  /** First-load JS of `/`. */
  js: JsFile[];
  /** First-load JS of SHOP_JS_PAGES. */
  shopJs: Map<string, JsFile[]>;
}

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  const args = parseBenchArgs(process.argv.slice(2), 'npm run bench');

  // The database: PostgreSQL with --postgres or BENCH_DATABASE_URL, else a fresh embedded PGlite per server.
  const databaseUrl = benchDatabaseUrl(args.postgres);
  let database: Database;
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

  await report(started, database, await measureServers(databaseUrl));
}

/** Both servers (MODES) one after the other, every page on each; the first-load JS from the first. */
async function measureServers(databaseUrl: string): Promise<Figures> {
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
    const rss = rssSampler(app.pid, RSS_SAMPLE_MS);
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
  return { measurements, servers, js, shopJs };
}

// ---------------------------------------------------------------- report

/** Prints the tables and notes and writes bench/results/ssr-latest.json; throws when a page misbehaved under load. */
async function report(
  started: number,
  database: Database,
  { measurements, servers, js, shopJs }: Figures,
): Promise<void> {
  const jsGzip = js.reduce((n, f) => n + f.gzipBytes, 0);
  const jsRaw = js.reduce((n, f) => n + f.bytes, 0);
  const postgres = database.kind === 'postgres';
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
  const jsServed = js.reduce((n, f) => n + f.servedBytes, 0);
  const servedOk = jsServed / 1000 <= TARGETS.firstLoadJsServedKbMax;
  rows.push({
    metric: `First-load JS of / as a browser downloads it (brotli, the build's copies)`,
    measured: `${round(jsServed / 1000, 1)} kB`,
    target: `≤ ${TARGETS.firstLoadJsServedKbMax} kB`,
    result: verdict(servedOk),
    counted: true,
    ok: servedOk,
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

  const { notes, broken } = notesOf(measurements, servers);
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
    firstLoadJs: {
      page: '/',
      gzipBytes: jsGzip,
      servedBytes: jsServed,
      rawBytes: jsRaw,
      pass: jsOk,
      servedPass: servedOk,
      files: js,
    },
    notes,
    broken,
    missed,
  };
  const outFile = writeResults('ssr-latest.json', output);

  await stopChildren();
  console.log(closingLine(missed, outFile, started));
  if (broken.length > 0) throw new Error(`a page misbehaved under load:\n  ${broken.join('\n  ')}`);
}

/**
 * Notes on failed requests, responses that differ from what a browser should
 * get, and server log lines; `broken` is what fails the run (a page answering
 * non-200 or nothing under load).
 */
function notesOf(measurements: Measurement[], servers: ServerFigures[]): { notes: string[]; broken: string[] } {
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
  return { notes, broken };
}

runBench(main);
