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
 *   subject's overview, the cart from any page): target ≥ 35 % each (the area home also lists the
 *   cards due for review, issue 20);
 * - a review of a card, `POST /api/v1/users/me/cards/{id}/reviews` (issue 20; over the subject's cards):
 *   target ≥ 40 %. The rate limit is bypassed, as the issue allows a bench to: the server counts it in its
 *   own memory (RATE_LIMIT_STORE=memory) instead of the database, and each request comes from its own client
 *   address, so the limit never answers;
 * - the cards due for review, `GET /api/v1/users/me/reviews/due`, today's plan aimed at the exams,
 *   `GET /api/v1/users/me/plan/today` (the area home's "Vandaag" is its `.data`), and what next,
 *   `GET /api/v1/users/me/plan/next` (issue 20): target ≥ 25 %.
 *
 * Every answer is computed: a pupil's answers are not kept between requests (docs/caches.md: the season
 * bench showed that keeping them gained nothing in a pupil's real day, where each review changes them).
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
import {
  alternate,
  brokenRuns,
  ROUND_SECONDS,
  ROUNDS,
  WARMUP_SECONDS,
  type CannonRequest,
  type Figures,
} from './harness/load.ts';
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
/** Hard stop: ten targets × (warm-up + rounds), plus the server's start. */
const WATCHDOG_MS = 420_000;
const TARGETS = { apiRatioMin: 0.6, dataRatioMin: 0.35, reviewRatioMin: 0.4, queueRatioMin: 0.25 } as const;

const API_HEADERS = { ...PAGE_HEADERS, accept: 'application/json' };

/**
 * The `_routes` query of a client navigation: the loaders React Router asks the server to run (the others
 * keep their data: `shouldRevalidate` in app/root.tsx, app/routes/area/layout.tsx and subject/layout.tsx).
 * tests/e2e/study.spec.ts checks that the browser asks for these.
 */
const ROUTES = (...ids: string[]) => `_routes=${encodeURIComponent(ids.map((id) => `${id}___nl`).join(','))}`;

const REVIEW_RATINGS = ['good', 'easy', 'hard', 'again'] as const;

/** The share of the floor's req/s a target must reach. */
function minimum(kind: Measured['kind']): number {
  if (kind === 'api') return TARGETS.apiRatioMin;
  if (kind === 'review') return TARGETS.reviewRatioMin;
  if (kind === 'queue') return TARGETS.queueRatioMin;
  return TARGETS.dataRatioMin;
}

interface Measured {
  name: string;
  path: string;
  kind: 'floor' | 'api' | 'data' | 'review' | 'queue';
  /** The requests of a write (each built as it is sent), not written to the results. */
  requests?: CannonRequest[];
  figures: Figures;
  ratio: number | null;
  pass: boolean | null;
}

/** The server's figures, each target beside the floor. */
async function measureServer(databaseUrl: string) {
  // The rate limit is not measured (issue 20: a bench may bypass it): its counters stay in the server's memory
  // (RATE_LIMIT_STORE=memory), not in the database, and with TRUST_PROXY=1 each review comes from its own
  // client address, so the limit never answers.
  const app = await startAppServer({
    databaseUrl,
    env: {
      PAGE_CACHE_SECONDS: undefined,
      TRUST_PROXY: '1',
      RATE_LIMIT_STORE: 'memory',
    },
  });
  console.log(`\nServer pid ${app.pid}`);
  const session = await signIn(app.url, EMAIL, PASSWORD, BROWSER_UA);
  const cookie = [CONSENT_COOKIE, ...[...session].map(([name, value]) => `${name}=${value}`)].join('; ');
  const api = { ...API_HEADERS, cookie };
  const page = { ...PAGE_HEADERS, cookie };

  // The subject the pupil works in, found as the area finds it.
  const mine = (await (await fetch(`${app.url}/api/v1/users/me/subjects`, { headers: api })).json()) as {
    subjects: { id: number; slug: string; levelName: string }[];
  };
  const subject = mine.subjects.find((s) => s.slug === 'wiskunde-b-havo');
  if (!subject) throw new Error(`${EMAIL} has no havo Wiskunde B`);
  const subjectPage = (
    await fetch(`${app.url}/mijnslaagbundel/${subject.id}`, { headers: page, redirect: 'manual' })
  ).headers.get('location');
  const subjectPath = subjectPage ? new URL(subjectPage, app.url).pathname : `/mijnslaagbundel/${subject.id}`;

  // The subject's cards a pupil can review (a sheet or the corrections card cannot be).
  const list = (await (await fetch(`${app.url}/api/v1/subject/${subject.id}/cards`, { headers: api })).json()) as {
    cards: { id: number; learnable: boolean }[];
  };
  const reviewable = list.cards.filter((c) => c.learnable).map((c) => c.id);
  if (reviewable.length === 0) throw new Error('no card to review');
  let reviews = 0;
  const review: CannonRequest = {
    method: 'POST',
    setupRequest: (req: CannonRequest): CannonRequest => {
      reviews += 1;
      return {
        ...req,
        path: `/api/v1/users/me/cards/${reviewable[reviews % reviewable.length]}/reviews`,
        headers: {
          ...api,
          'content-type': 'application/json',
          origin: app.url,
          'x-forwarded-for': `10.${(reviews >> 16) & 255}.${(reviews >> 8) & 255}.${reviews & 255}`,
        },
        body: JSON.stringify({ rating: REVIEW_RATINGS[reviews % REVIEW_RATINGS.length], secondsSpent: 20 }),
      };
    },
  };

  const targets: {
    name: string;
    path: string;
    kind: Measured['kind'];
    headers: Record<string, string>;
    requests?: CannonRequest[];
  }[] = [
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
    {
      name: 'review a card API',
      path: '/api/v1/users/me/cards/{id}/reviews',
      kind: 'review',
      headers: api,
      requests: [review],
    },
    { name: 'review queue API', path: '/api/v1/users/me/reviews/due', kind: 'queue', headers: api },
    { name: "today's plan API", path: '/api/v1/users/me/plan/today', kind: 'queue', headers: api },
    { name: 'what next API', path: '/api/v1/users/me/plan/next', kind: 'queue', headers: api },
  ];
  // Each answers 200 with the pupil's data before it is measured (a redirect to the login would be fast and wrong).
  for (const t of targets) {
    if (t.requests) continue;
    const res = await rawGet(`${app.url}${t.path}`, t.headers);
    if (res.status !== 200) throw new Error(`GET ${t.path} answered ${res.status}, expected 200 (signed in)`);
  }

  console.log('');
  const figures = await alternate(
    targets.map((t) => t.name).join(' / '),
    targets.map((t) =>
      t.requests
        ? { url: app.url, pid: app.pid, connections: CONNECTIONS, requests: t.requests }
        : { url: `${app.url}${t.path}`, pid: app.pid, connections: CONNECTIONS, headers: t.headers },
    ),
  );
  const floor = figures[0]!;
  const measured: Measured[] = targets.map((t, i) => {
    const f = figures[i]!;
    if (t.kind === 'floor') return { ...t, figures: f, ratio: null, pass: null };
    const ratio = throughputRatio(f, floor);
    return { ...t, figures: f, ratio, pass: ratio >= minimum(t.kind) };
  });
  const broken = measured.flatMap((m) => brokenRuns(m.name, m.figures));
  const serverLog = unexpectedLog(app);
  await stopChildren();
  return { measured, broken, serverLog };
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
  console.log(
    `Slaagbundel signed-in path bench — Node ${process.version}\nDatabase: ${databaseLabel}\n` +
      `Per target ${WARMUP_SECONDS} s warm-up, then ${ROUNDS} alternating rounds × ${ROUND_SECONDS} s (medians), ` +
      `${CONNECTIONS} connections each`,
  );
  const { measured, broken, serverLog } = await measureServer(databaseUrl);

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
            `≥ ${minimum(m.kind) * 100} %`,
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
    settings: {
      warmupSeconds: WARMUP_SECONDS,
      roundSeconds: ROUND_SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      rateLimitStore: 'memory',
    },
    targets: TARGETS,
    measured: measured.map(({ requests: _requests, ...m }) => ({
      ...m,
      ratio: m.ratio === null ? null : round(m.ratio, 3),
    })),
    serverLog,
    broken,
    missed,
  });
  console.log(closingLine(missed, outFile, started));
  if (broken.length > 0) throw new Error(`a target misbehaved under load:\n  ${broken.join('\n  ')}`);
}

runBench(main);
