/**
 * `npm run bench:account` (and the second half of `npm run bench`) — the
 * signed-in area under load. Starts the production server as
 * deployed (page micro-cache on, SEED_DEMO=1 so the demo accounts exist),
 * signs in once as the demo pupil (leerling@slaagbundel.test; sign-in is rate
 * limited) and, with her session cookie:
 *
 * 1. `GET /mijnslaagbundel` (the area home, never page-cached) against a
 *    same-bytes baseline (bench/baseline-server.ts replays its recorded
 *    response), 10 connections, warm-up then alternating rounds; target
 *    throughput ratio ≥ 10 %.
 * 2. `GET /api/v1/users/me` at 50 connections beside `GET /healthz` (the
 *    floor: no session, no database); target p99 ≤ 15 ms.
 * 3. `GET /privacy` with the session cookie: still a page-cache hit with a
 *    public cache-control, the same entry (ETag) an anonymous visitor gets,
 *    and nothing of the user in it.
 *
 * The browser's cookie jar is sent throughout: consent, the language cookies
 * the site sets on a first visit, and the cookies sign-in set. Embedded PGlite
 * by default; `--postgres` (or BENCH_DATABASE_URL) uses PostgreSQL. Targets are
 * reported, not asserted: exit 1 only when something broke (sign-in, a wrong
 * page, a non-2xx answer under load). Writes bench/results/account-latest.json.
 * See bench/README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { alternate, ROUND_SECONDS, ROUNDS, signIn, startBaseline, WARMUP_SECONDS, type Figures } from './load.ts';
import {
  CONSENT_COOKIE,
  decodeBody,
  headerOf,
  rawGet,
  type RawResponse,
  DEFAULT_BENCH_DATABASE_URL,
  installCleanup,
  maskUrl,
  preparePostgres,
  printTable,
  RESULTS_DIR,
  ROOT,
  round,
  startAppServer,
  startWatchdog,
  stopChild,
  stopChildren,
  type AppServer,
} from './ssr.ts';

const EMAIL = 'leerling@slaagbundel.test';
const PASSWORD = 'Slaag2026!';
const NAME = 'Sanne de Leerling';
const AREA = '/mijnslaagbundel';
const ME = '/api/v1/users/me';
const FLOOR = '/healthz';
const PUBLIC_PAGE = '/privacy';

const PAGE_CONNECTIONS = 10;
const API_CONNECTIONS = 50;
/** Hard stop: the run takes about 1 min plus the server start. */
const WATCHDOG_MS = 150_000;
const TARGETS = { areaRpsRatioMin: 0.1, meP99MsMax: 15 } as const;

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
/** As bench/ssr.ts sends them; the cookie header is the signed-in browser's jar (set in main). */
const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'br, gzip',
  'accept-language': 'nl-NL,nl;q=0.9',
  'user-agent': BROWSER_UA,
};
const API_HEADERS = { ...PAGE_HEADERS, accept: 'application/json' };

// ---------------------------------------------------------------- http

const headerOfResponse = (raw: RawResponse, name: string) => headerOf(raw.rawHeaders, name);

function textOf(raw: RawResponse): string {
  return decodeBody(raw.body, headerOfResponse(raw, 'content-encoding') ?? 'identity').toString('utf8');
}

/** name → value of Set-Cookie headers ('' for a cookie being cleared). */
function setCookies(lines: string[]): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of lines) {
    const [pair = ''] = line.split(';', 1);
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return jar;
}

function setCookieLines(raw: RawResponse): string[] {
  const lines: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i]!.toLowerCase() === 'set-cookie') lines.push(raw.rawHeaders[i + 1]!);
  }
  return lines;
}

const cookieHeader = (jar: Map<string, string>) =>
  [...jar]
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

// ---------------------------------------------------------------- steps

interface PublicCheck {
  path: string;
  status: number;
  pageCache: string | null;
  cacheControl: string | null;
  etag: string | null;
  anonymousEtag: string | null;
  sameEntryAsAnonymous: boolean;
  mentionsUser: boolean;
  pass: boolean;
}

/** A public page requested by the signed-in browser: still the shared cache entry, nothing personal in it. */
async function checkPublicPage(app: AppServer, signedIn: string, anonymous: string): Promise<PublicCheck> {
  const url = `${app.url}${PUBLIC_PAGE}`;
  await rawGet(url, { ...PAGE_HEADERS, cookie: signedIn });
  const res = await rawGet(url, { ...PAGE_HEADERS, cookie: signedIn });
  const anon = await rawGet(url, { ...PAGE_HEADERS, cookie: anonymous });
  const html = textOf(res);
  const pageCache = headerOfResponse(res, 'x-page-cache') ?? null;
  const cacheControl = headerOfResponse(res, 'cache-control') ?? null;
  const etag = headerOfResponse(res, 'etag') ?? null;
  const anonymousEtag = headerOfResponse(anon, 'etag') ?? null;
  const mentionsUser = [EMAIL, NAME, NAME.split(' ')[0]!].some((s) => html.includes(s));
  const sameEntryAsAnonymous = etag !== null && etag === anonymousEtag;
  return {
    path: PUBLIC_PAGE,
    status: res.status,
    pageCache,
    cacheControl,
    etag,
    anonymousEtag,
    sameEntryAsAnonymous,
    mentionsUser,
    pass:
      res.status === 200 &&
      pageCache === 'HIT' &&
      (cacheControl ?? '').startsWith('public') &&
      sameEntryAsAnonymous &&
      !mentionsUser,
  };
}

// ---------------------------------------------------------------- main

function parseArgs(argv: string[]): { postgres: boolean } {
  let postgres = false;
  for (const arg of argv) {
    if (arg === '--postgres') postgres = true;
    else throw new Error(`unknown argument ${arg} (usage: npm run bench:account [-- --postgres])`);
  }
  return { postgres };
}

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  const args = parseArgs(process.argv.slice(2));
  const databaseUrl = process.env.BENCH_DATABASE_URL || (args.postgres ? DEFAULT_BENCH_DATABASE_URL : '');
  let database: { kind: 'pglite' | 'postgres'; url?: string; version?: string };
  if (databaseUrl) {
    const prepared = await preparePostgres(databaseUrl);
    database = { kind: 'postgres', url: maskUrl(databaseUrl), version: prepared.version };
  } else {
    database = { kind: 'pglite' };
  }

  const app = await startAppServer({ databaseUrl, env: { PAGE_CACHE_SECONDS: undefined } });
  console.log(
    `Slaagbundel signed-in bench — Node ${process.version}; server pid ${app.pid} ready after ` +
      `${round(app.startupMs / 1000)} s\nDatabase: ${
        database.kind === 'postgres'
          ? `PostgreSQL ${database.version}, ${database.url}`
          : 'embedded PGlite (add --postgres for the production figure)'
      }\nPer target ${WARMUP_SECONDS} s warm-up, then ${ROUNDS} alternating rounds × ${ROUND_SECONDS} s (medians)`,
  );

  // The browser: consent, the language cookies a first visit sets, then signed in as the demo pupil.
  const jar = new Map<string, string>([['gdpr_cookie', CONSENT_COOKIE.split('=').slice(1).join('=')]]);
  const first = await rawGet(`${app.url}/`, { ...PAGE_HEADERS, cookie: cookieHeader(jar) });
  for (const [k, v] of setCookies(setCookieLines(first))) jar.set(k, v);
  const anonymousCookie = cookieHeader(jar);
  for (const [k, v] of await signIn(app.url, EMAIL, PASSWORD, BROWSER_UA)) jar.set(k, v);
  const cookie = cookieHeader(jar);
  console.log(`Signed in as ${EMAIL}; cookies sent: ${[...jar.keys()].join(', ')}`);

  const broken: string[] = [];

  // 1. The area home against the same bytes.
  const pageHeaders = { ...PAGE_HEADERS, cookie };
  const areaUrl = `${app.url}${AREA}`;
  const area = await rawGet(areaUrl, pageHeaders);
  const areaHtml = area.status === 200 ? textOf(area) : '';
  const areaCacheControl = headerOfResponse(area, 'cache-control') ?? null;
  if (area.status !== 200) throw new Error(`GET ${AREA} answered ${area.status}, expected 200 (signed in)`);
  if (!/Hoi (?:<!-- -->)?Sanne/.test(areaHtml)) throw new Error(`GET ${AREA} is not the area home of ${NAME}`);
  if (!/\bprivate\b/.test(areaCacheControl ?? '') || !/\bno-store\b/.test(areaCacheControl ?? ''))
    throw new Error(`GET ${AREA} answered cache-control ${areaCacheControl}, expected private, no-store`);
  const baseline = await startBaseline(area, pageHeaders, AREA);
  console.log(
    `\n${AREA}: ${headerOfResponse(area, 'content-encoding') ?? 'identity'} ${area.body.length} B ` +
      `(${Buffer.byteLength(areaHtml)} B HTML), cache-control ${areaCacheControl}, ${PAGE_CONNECTIONS} connections`,
  );
  const [areaBase, areaSsr] = (await alternate('baseline / SSR', [
    { url: baseline.url, pid: baseline.pid, connections: PAGE_CONNECTIONS, headers: pageHeaders },
    { url: areaUrl, pid: app.pid, connections: PAGE_CONNECTIONS, headers: pageHeaders },
  ])) as [Figures, Figures];
  await stopChild(baseline.child);
  const areaRatio = areaSsr.rps / areaBase.rps;

  // 2. The API call, with the health check as the floor.
  const meUrl = `${app.url}${ME}`;
  const probe = await fetch(meUrl, { headers: { ...API_HEADERS, 'accept-encoding': 'identity', cookie } });
  const probeBody = (await probe.json()) as { user?: { email?: string } };
  if (probe.status !== 200 || probeBody.user?.email !== EMAIL)
    throw new Error(`GET ${ME} answered ${probe.status} without the signed-in user`);
  console.log(`\n${ME} beside ${FLOOR}, ${API_CONNECTIONS} connections`);
  const [me, floor] = (await alternate(`${ME} / ${FLOOR}`, [
    { url: meUrl, pid: app.pid, connections: API_CONNECTIONS, headers: { ...API_HEADERS, cookie } },
    { url: `${app.url}${FLOOR}`, pid: app.pid, connections: API_CONNECTIONS, headers: { ...API_HEADERS, cookie } },
  ])) as [Figures, Figures];

  // 3. A public page with the session cookie.
  const publicCheck = await checkPublicPage(app, cookie, anonymousCookie);

  for (const [name, f] of [
    [`${AREA} SSR`, areaSsr],
    [`${AREA} baseline`, areaBase],
    [ME, me],
    [FLOOR, floor],
  ] as const) {
    if (f.failed > 0 || f.non2xx > 0) broken.push(`${name}: ${f.failed} failed and ${f.non2xx} non-2xx requests`);
    if (f.requests === 0) broken.push(`${name}: no requests answered`);
  }
  const serverLog = app.log.lines.filter((l) => !/SEED_DEMO=1: seeding demo data/.test(l)).slice(-20);
  await stopChildren();

  // ---------------------------------------------------------------- report
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const pass = { areaRatio: areaRatio >= TARGETS.areaRpsRatioMin, meP99: me.p99 <= TARGETS.meP99MsMax };
  console.log(`\nLatencies in ms; CPU µs/req = the answering process's CPU time per request.`);
  printTable(
    ['target', 'conns', 'req/s', 'p50', 'p99', 'max', 'CPU µs/req', 'non-2xx', 'measured', 'target', 'result'],
    [
      [
        `${AREA} (signed in)`,
        String(PAGE_CONNECTIONS),
        String(areaSsr.rps),
        String(areaSsr.p50),
        String(areaSsr.p99),
        String(areaSsr.max),
        String(areaSsr.cpuUsPerRequest),
        String(areaSsr.non2xx),
        `ratio ${round(areaRatio * 100, 1).toFixed(1)} %`,
        `≥ ${TARGETS.areaRpsRatioMin * 100} %`,
        verdict(pass.areaRatio),
      ],
      [
        `  same bytes (baseline)`,
        String(PAGE_CONNECTIONS),
        String(areaBase.rps),
        String(areaBase.p50),
        String(areaBase.p99),
        String(areaBase.max),
        String(areaBase.cpuUsPerRequest),
        String(areaBase.non2xx),
        '',
        '',
        '',
      ],
      [
        `GET ${ME}`,
        String(API_CONNECTIONS),
        String(me.rps),
        String(me.p50),
        String(me.p99),
        String(me.max),
        String(me.cpuUsPerRequest),
        String(me.non2xx),
        `p99 ${me.p99} ms`,
        `≤ ${TARGETS.meP99MsMax} ms`,
        verdict(pass.meP99),
      ],
      [
        `  GET ${FLOOR} (floor)`,
        String(API_CONNECTIONS),
        String(floor.rps),
        String(floor.p50),
        String(floor.p99),
        String(floor.max),
        String(floor.cpuUsPerRequest),
        String(floor.non2xx),
        '',
        '',
        '',
      ],
      [
        `${PUBLIC_PAGE} with session cookie`,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        `${publicCheck.pageCache ?? '(no x-page-cache)'}, ${(publicCheck.cacheControl ?? '(none)').split(',')[0]}` +
          `${publicCheck.sameEntryAsAnonymous ? ', anon ETag' : ', ETag differs'}` +
          `${publicCheck.mentionsUser ? ', shows user' : ''}`,
        'HIT, public',
        verdict(publicCheck.pass),
      ],
    ],
    [1, 2, 3, 4, 5, 6, 7],
  );
  if (serverLog.length > 0)
    console.log(
      `\nNote: the server logged ${serverLog.length} line(s) at warn level or above; the last:\n  ${serverLog.slice(-3).join('\n  ')}`,
    );
  for (const b of broken) console.log(`ERROR: ${b}`);

  const missed = [
    ...(pass.areaRatio ? [] : [`${AREA} ratio`]),
    ...(pass.meP99 ? [] : [`${ME} p99`]),
    ...(publicCheck.pass ? [] : [`${PUBLIC_PAGE} with session cookie`]),
  ];
  mkdirSync(RESULTS_DIR, { recursive: true });
  const outFile = join(RESULTS_DIR, 'account-latest.json');
  writeFileSync(
    outFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        database,
        account: EMAIL,
        settings: {
          warmupSeconds: WARMUP_SECONDS,
          roundSeconds: ROUND_SECONDS,
          rounds: ROUNDS,
          pageConnections: PAGE_CONNECTIONS,
          apiConnections: API_CONNECTIONS,
          cookiesSent: [...jar.keys()],
        },
        targets: TARGETS,
        area: {
          path: AREA,
          status: area.status,
          cacheControl: areaCacheControl,
          contentEncoding: headerOfResponse(area, 'content-encoding') ?? 'identity',
          wireBytes: area.body.length,
          ssr: areaSsr,
          baseline: areaBase,
          rpsRatio: round(areaRatio, 3),
          pass: pass.areaRatio,
        },
        api: { path: ME, figures: me, floor: { path: FLOOR, figures: floor }, pass: pass.meP99 },
        publicPage: publicCheck,
        serverLog,
        broken,
        missed,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `\n${missed.length === 0 ? 'All targets met.' : `Missed ${missed.length} target(s): ${missed.join('; ')}.`} ` +
      `Written ${outFile.slice(ROOT.length + 1)} in ${round((performance.now() - started) / 1000, 0)} s.`,
  );
  if (broken.length > 0) throw new Error(`a target misbehaved under load:\n  ${broken.join('\n  ')}`);
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await stopChildren();
    process.exit(1);
  },
);
