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
import process from 'node:process';
import { startAppServer, unexpectedLog, type AppServer } from './harness/app-server.ts';
import { replayOf, startBaseline } from './harness/baseline.ts';
import { installCleanup, runBench, startWatchdog, stopChild, stopChildren } from './harness/children.ts';
import { benchDatabaseUrl, maskUrl, parseBenchArgs, preparePostgres } from './harness/database.ts';
import { headerOf, parseSetCookies, rawGet, setCookieLines, signIn, textOf } from './harness/http.ts';
import { alternate, brokenRuns, ROUND_SECONDS, ROUNDS, WARMUP_SECONDS, type Figures } from './harness/load.ts';
import {
  checkRow,
  closingLine,
  FIGURES_HEADER,
  FIGURES_RIGHT,
  figuresRow,
  printServerLog,
  printTable,
  round,
  throughputRatio,
  verdict,
  writeResults,
} from './harness/report.ts';
import { BROWSER_UA, CONSENT_COOKIE, PAGE_HEADERS } from './harness/settings.ts';

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

/** The API's headers; the cookie header is the signed-in browser's jar (set in main). */
const API_HEADERS = { ...PAGE_HEADERS, accept: 'application/json' };

// ---------------------------------------------------------------- http

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
  const pageCache = headerOf(res.rawHeaders, 'x-page-cache') ?? null;
  const cacheControl = headerOf(res.rawHeaders, 'cache-control') ?? null;
  const etag = headerOf(res.rawHeaders, 'etag') ?? null;
  const anonymousEtag = headerOf(anon.rawHeaders, 'etag') ?? null;
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

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  const args = parseBenchArgs(process.argv.slice(2), 'npm run bench:account');
  const databaseUrl = benchDatabaseUrl(args.postgres);
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
  for (const [k, v] of parseSetCookies(setCookieLines(first))) jar.set(k, v);
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
  const areaCacheControl = headerOf(area.rawHeaders, 'cache-control') ?? null;
  if (area.status !== 200) throw new Error(`GET ${AREA} answered ${area.status}, expected 200 (signed in)`);
  if (!/Hoi (?:<!-- -->)?Sanne/.test(areaHtml)) throw new Error(`GET ${AREA} is not the area home of ${NAME}`);
  if (!/\bprivate\b/.test(areaCacheControl ?? '') || !/\bno-store\b/.test(areaCacheControl ?? ''))
    throw new Error(`GET ${AREA} answered cache-control ${areaCacheControl}, expected private, no-store`);
  const baseline = await startBaseline(replayOf(area), { requestHeaders: pageHeaders, label: AREA, path: AREA });
  console.log(
    `\n${AREA}: ${headerOf(area.rawHeaders, 'content-encoding') ?? 'identity'} ${area.body.length} B ` +
      `(${Buffer.byteLength(areaHtml)} B HTML), cache-control ${areaCacheControl}, ${PAGE_CONNECTIONS} connections`,
  );
  const [areaBase, areaSsr] = (await alternate('baseline / SSR', [
    { url: baseline.url, pid: baseline.pid, connections: PAGE_CONNECTIONS, headers: pageHeaders },
    { url: areaUrl, pid: app.pid, connections: PAGE_CONNECTIONS, headers: pageHeaders },
  ])) as [Figures, Figures];
  await stopChild(baseline.child);
  const areaRatio = throughputRatio(areaSsr, areaBase);

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
  ] as const)
    broken.push(...brokenRuns(name, f));
  const serverLog = unexpectedLog(app);
  await stopChildren();

  // ---------------------------------------------------------------- report
  const pass = { areaRatio: areaRatio >= TARGETS.areaRpsRatioMin, meP99: me.p99 <= TARGETS.meP99MsMax };
  console.log(`\nLatencies in ms; CPU µs/req = the answering process's CPU time per request.`);
  printTable(
    FIGURES_HEADER,
    [
      figuresRow(
        `${AREA} (signed in)`,
        PAGE_CONNECTIONS,
        areaSsr,
        `ratio ${round(areaRatio * 100, 1).toFixed(1)} %`,
        `≥ ${TARGETS.areaRpsRatioMin * 100} %`,
        verdict(pass.areaRatio),
      ),
      figuresRow(`  same bytes (baseline)`, PAGE_CONNECTIONS, areaBase),
      figuresRow(
        `GET ${ME}`,
        API_CONNECTIONS,
        me,
        `p99 ${me.p99} ms`,
        `≤ ${TARGETS.meP99MsMax} ms`,
        verdict(pass.meP99),
      ),
      figuresRow(`  GET ${FLOOR} (floor)`, API_CONNECTIONS, floor),
      checkRow(
        `${PUBLIC_PAGE} with session cookie`,
        `${publicCheck.pageCache ?? '(no x-page-cache)'}, ${(publicCheck.cacheControl ?? '(none)').split(',')[0]}` +
          `${publicCheck.sameEntryAsAnonymous ? ', anon ETag' : ', ETag differs'}` +
          `${publicCheck.mentionsUser ? ', shows user' : ''}`,
        'HIT, public',
        verdict(publicCheck.pass),
      ),
    ],
    FIGURES_RIGHT,
  );
  printServerLog(serverLog);
  for (const b of broken) console.log(`ERROR: ${b}`);

  const missed = [
    ...(pass.areaRatio ? [] : [`${AREA} ratio`]),
    ...(pass.meP99 ? [] : [`${ME} p99`]),
    ...(publicCheck.pass ? [] : [`${PUBLIC_PAGE} with session cookie`]),
  ];
  const outFile = writeResults('account-latest.json', {
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
      contentEncoding: headerOf(area.rawHeaders, 'content-encoding') ?? 'identity',
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
  });
  console.log(closingLine(missed, outFile, started));
  if (broken.length > 0) throw new Error(`a target misbehaved under load:\n  ${broken.join('\n  ')}`);
}

runBench(main);
