/**
 * `npm run bench:signed-in` (and the last part of `npm run bench`) — the signed-in path against our
 * own floor. Signed-in pages and their data are never cached, and pupils live there, so each is
 * measured beside `GET /api/v1/users/me` (a session read and one small query: the least a
 * signed-in request costs) in the same rounds, as demo pupil leerling@slaagbundel.test:
 *
 * - `GET /api/v1/subject/{id}/cards` (havo Wiskunde B, every card): target ≥ 60 % of the floor's req/s;
 * - the `.data` navigations of the area home, the subject, its learn page and the cart, each as the
 *   browser asks for it when a pupil clicks through (with the `_routes` of the loaders that navigation
 *   runs: a subject page from the area home, the area home from a subject, the learn tab from the
 *   subject's overview, the cart from any page): target ≥ 35 % each.
 *
 * Every target runs at the same number of connections, warm-up then alternating rounds. Embedded
 * PGlite by default; `--postgres` (or BENCH_DATABASE_URL) uses PostgreSQL, the figure that counts.
 * Targets are reported, not asserted: exit 1 only when something broke. Writes
 * bench/results/signed-in-latest.json. See bench/README.md.
 */
import process from 'node:process';
import { startAppServer, unexpectedLog } from './harness/app-server.ts';
import { installCleanup, runBench, startWatchdog, stopChildren } from './harness/children.ts';
import { benchDatabaseUrl, maskUrl, parseBenchArgs, preparePostgres } from './harness/database.ts';
import { rawGet, signIn } from './harness/http.ts';
import { alternate, brokenRuns, ROUND_SECONDS, ROUNDS, WARMUP_SECONDS, type Figures } from './harness/load.ts';
import {
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
const ME = '/api/v1/users/me';
const CONNECTIONS = 10;
/** Hard stop: seven targets × (warm-up + rounds) plus the server start. */
const WATCHDOG_MS = 240_000;
const TARGETS = { apiRatioMin: 0.6, dataRatioMin: 0.35 } as const;

const API_HEADERS = { ...PAGE_HEADERS, accept: 'application/json' };

/**
 * The `_routes` query of a client navigation: the loaders React Router asks the server to run (the others
 * keep their data: `shouldRevalidate` in app/root.tsx, app/routes/area/layout.tsx and subject/layout.tsx).
 * tests/e2e/study.spec.ts checks that the browser asks for these.
 */
const ROUTES = (...ids: string[]) => `_routes=${encodeURIComponent(ids.map((id) => `${id}___nl`).join(','))}`;

interface Measured {
  name: string;
  path: string;
  kind: 'floor' | 'api' | 'data';
  figures: Figures;
  ratio: number | null;
  pass: boolean | null;
}

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  const args = parseBenchArgs(process.argv.slice(2), 'npm run bench:signed-in');
  const databaseUrl = benchDatabaseUrl(args.postgres);
  let databaseLabel = 'embedded PGlite (add --postgres for the production figure)';
  let database: { kind: 'pglite' | 'postgres'; url?: string; version?: string } = { kind: 'pglite' };
  if (databaseUrl) {
    const prepared = await preparePostgres(databaseUrl);
    databaseLabel = `PostgreSQL ${prepared.version}, ${maskUrl(databaseUrl)}`;
    database = { kind: 'postgres', url: maskUrl(databaseUrl), version: prepared.version };
  }
  const app = await startAppServer({ databaseUrl, env: { PAGE_CACHE_SECONDS: undefined } });
  console.log(
    `Slaagbundel signed-in path bench — Node ${process.version}; server pid ${app.pid}\nDatabase: ${databaseLabel}\n` +
      `Per target ${WARMUP_SECONDS} s warm-up, then ${ROUNDS} alternating rounds × ${ROUND_SECONDS} s (medians), ` +
      `${CONNECTIONS} connections each`,
  );
  const session = await signIn(app.url, EMAIL, PASSWORD, BROWSER_UA);
  const cookie = [CONSENT_COOKIE, ...[...session].map(([name, value]) => `${name}=${value}`)].join('; ');
  const api = { ...API_HEADERS, cookie };
  const page = { ...PAGE_HEADERS, cookie };

  // The subject the pupil works in, found as the area finds it.
  const mine = (await (await fetch(`${app.url}/api/v1/users/me/subjects`, { headers: api })).json()) as {
    subjects: { id: number; slug: string; levelName: string }[];
  };
  const subject = mine.subjects.find((s) => s.slug === 'wiskunde-b' && s.levelName === 'havo');
  if (!subject) throw new Error(`${EMAIL} has no havo Wiskunde B`);
  const subjectPage = (
    await fetch(`${app.url}/mijnslaagbundel/${subject.id}`, { headers: page, redirect: 'manual' })
  ).headers.get('location');
  const subjectPath = subjectPage ? new URL(subjectPage, app.url).pathname : `/mijnslaagbundel/${subject.id}`;

  const targets: { name: string; path: string; kind: Measured['kind']; headers: Record<string, string> }[] = [
    { name: `GET ${ME} (floor)`, path: ME, kind: 'floor', headers: api },
    { name: 'cards API', path: `/api/v1/subject/${subject.id}/cards`, kind: 'api', headers: api },
    {
      name: 'area home .data',
      path: `/mijnslaagbundel.data?${ROUTES('area', 'area-home')}`,
      kind: 'data',
      headers: page,
    },
    {
      name: 'subject .data',
      path: `${subjectPath}.data?${ROUTES('subject', 'subject-overview')}`,
      kind: 'data',
      headers: page,
    },
    {
      name: 'learn page .data',
      path: `${subjectPath}/leren-en-oefenen.data?${ROUTES('subject-learn')}`,
      kind: 'data',
      headers: page,
    },
    { name: 'cart .data', path: `/winkelwagen.data?${ROUTES('cart')}`, kind: 'data', headers: page },
  ];
  // Each answers 200 with the pupil's data before it is measured (a redirect to the login would be fast and wrong).
  for (const t of targets) {
    const res = await rawGet(`${app.url}${t.path}`, t.headers);
    if (res.status !== 200) throw new Error(`GET ${t.path} answered ${res.status}, expected 200 (signed in)`);
  }

  console.log('');
  const figures = await alternate(
    targets.map((t) => t.name).join(' / '),
    targets.map((t) => ({ url: `${app.url}${t.path}`, pid: app.pid, connections: CONNECTIONS, headers: t.headers })),
  );
  const floor = figures[0]!;
  const measured: Measured[] = targets.map((t, i) => {
    const f = figures[i]!;
    if (t.kind === 'floor') return { ...t, figures: f, ratio: null, pass: null };
    const ratio = throughputRatio(f, floor);
    const min = t.kind === 'api' ? TARGETS.apiRatioMin : TARGETS.dataRatioMin;
    return { ...t, figures: f, ratio, pass: ratio >= min };
  });
  const broken = measured.flatMap((m) => brokenRuns(m.name, m.figures));
  const serverLog = unexpectedLog(app);
  await stopChildren();

  console.log(`\nLatencies in ms; CPU µs/req = the server's CPU time per request; ratio = req/s against the floor.`);
  printTable(
    FIGURES_HEADER,
    measured.map((m) =>
      m.ratio === null
        ? figuresRow(m.name, CONNECTIONS, m.figures)
        : figuresRow(
            m.name,
            CONNECTIONS,
            m.figures,
            `ratio ${round(m.ratio * 100, 1).toFixed(1)} %`,
            `≥ ${(m.kind === 'api' ? TARGETS.apiRatioMin : TARGETS.dataRatioMin) * 100} %`,
            verdict(m.pass === true),
          ),
    ),
    FIGURES_RIGHT,
  );
  printServerLog(serverLog);
  for (const b of broken) console.log(`ERROR: ${b}`);
  const missed = measured.filter((m) => m.pass === false).map((m) => `${m.name} ratio`);
  const outFile = writeResults('signed-in-latest.json', {
    date: new Date().toISOString(),
    node: process.version,
    database,
    account: EMAIL,
    settings: { warmupSeconds: WARMUP_SECONDS, roundSeconds: ROUND_SECONDS, rounds: ROUNDS, connections: CONNECTIONS },
    targets: TARGETS,
    measured: measured.map((m) => ({ ...m, ratio: m.ratio === null ? null : round(m.ratio, 3) })),
    serverLog,
    broken,
    missed,
  });
  console.log(closingLine(missed, outFile, started));
  if (broken.length > 0) throw new Error(`a target misbehaved under load:\n  ${broken.join('\n  ')}`);
}

runBench(main);
