/**
 * `npm run bench:classes` (and the last part of `npm run bench`) — the class dashboard (issue 31) against our
 * own floor. A teacher's class page is signed in and never cached; it reads the pupil topic summaries of every
 * pupil of the class (ADR 025). As the demo teacher docent@slaagbundel.test, in the same alternating rounds
 * and at 10 connections each, it measures beside `GET /api/v1/users/me` (the floor: a session read and one
 * small query):
 *
 * - the dashboard's `.data` of the demo class "H5 Wiskunde B" (28 pupils and the demo pupil; havo Wiskunde B,
 *   14 topics), as the browser asks for it when the teacher clicks a class on "Mijn klassen" (the `_routes`
 *   of the area layout and the class page): target ≥ 10 % of the floor's req/s;
 * - the same of a year group of 200 pupils, "V6 Wiskunde B (jaarlaag)" (vwo Wiskunde B, 19 topics: 3,800
 *   summary rows; bench/generate-year-group.ts): target ≥ 3 %;
 * - beside them, not targets, the dashboard's JSON of both (`GET /api/v1/classes/{id}/dashboard`): the same
 *   use case without the area layout and React Router, to tell where the time goes.
 *
 * The database is prepared before the server starts: the demo data and accounts with the demo class (the
 * seed `npm start` runs), then the year group, each pupil with a study history of their own and their
 * summary computed; the seed's time is printed. The server then starts as deployed on it (its own seed finds
 * everything there).
 *
 * Embedded PGlite by default; `--postgres` (or BENCH_DATABASE_URL) uses PostgreSQL, the figure that counts.
 * Targets are reported, not asserted: exit 1 only when something broke. Writes
 * bench/results/classes-latest.json. See bench/README.md.
 */
import process from 'node:process';
import { openDatabase } from '#app/db/client.server.ts';
import { DEMO_PASSWORD, DEMO_TEACHER_EMAIL, seedDemoAccounts } from '#server/seed/demo-accounts.ts';
import { DEMO_CLASS, DEMO_SCHOOL } from '#server/seed/demo-class.ts';
import { seedDemoData } from '#server/seed/demo-data.ts';
import { seedYearGroup, YEAR_GROUP, YEAR_GROUP_CLASS, YEAR_GROUP_PUPILS } from './generate-year-group.ts';
import { startAppServer, unexpectedLog } from './harness/app-server.ts';
import { installCleanup, makeTempDir, runBench, startWatchdog, stopChildren } from './harness/children.ts';
import { benchDatabaseUrl, maskUrl, parseBenchArgs, preparePostgres } from './harness/database.ts';
import { headerOf, rawGet, signIn, textOf } from './harness/http.ts';
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

const ME = '/api/v1/users/me';
const CONNECTIONS = 10;
/** Hard stop: the year group's seed (PGlite is the slow one), the server's start, five targets' rounds. */
const WATCHDOG_MS = 600_000;
const TARGETS = { classRatioMin: 0.1, yearGroupRatioMin: 0.03 } as const;

const API_HEADERS = { ...PAGE_HEADERS, accept: 'application/json' };

/**
 * The `_routes` of the class page's client navigation from "Mijn klassen": the class page loads; the area layout
 * keeps its data (it reads it again only on the way to the area home, the account pages and the onboarding,
 * app/routes/area/layout.tsx).
 */
const CLASS_ROUTES = `_routes=${encodeURIComponent('area-class___nl')}`;

interface Measured {
  name: string;
  path: string;
  kind: 'floor' | 'class' | 'year-group' | 'info';
  figures: Figures;
  ratio: number | null;
  pass: boolean | null;
}

const minimum = (kind: Measured['kind']) =>
  kind === 'class' ? TARGETS.classRatioMin : kind === 'year-group' ? TARGETS.yearGroupRatioMin : null;

/** The database the server will open: the demo seed with its class, and the year group. */
async function prepareDatabase(databaseUrl: string): Promise<{ dataDir: string | undefined; seed: SeedTimes }> {
  const dataDir = databaseUrl ? undefined : makeTempDir('slaagbundel-bench-classes-');
  const database = await openDatabase({ url: databaseUrl || undefined, dataDir: dataDir ?? 'memory://' });
  try {
    await database.migrate();
    let started = performance.now();
    await seedDemoData(database.db);
    const demoData = performance.now() - started;
    started = performance.now();
    await seedDemoAccounts(database.db);
    const demoAccountsAndClass = performance.now() - started;
    started = performance.now();
    const yearGroup = await seedYearGroup(database.db);
    if (!yearGroup?.created) throw new Error('the year group was not seeded');
    return {
      dataDir,
      seed: {
        demoDataMs: round(demoData, 0),
        demoAccountsAndClassMs: round(demoAccountsAndClass, 0),
        yearGroupMs: round(performance.now() - started, 0),
        yearGroupReviews: yearGroup.reviews,
      },
    };
  } finally {
    await database.close();
  }
}

interface SeedTimes {
  demoDataMs: number;
  demoAccountsAndClassMs: number;
  yearGroupMs: number;
  yearGroupReviews: number;
}

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  const args = parseBenchArgs(process.argv.slice(2), 'npm run bench:classes');
  const databaseUrl = benchDatabaseUrl(args.postgres);
  let databaseLabel = 'embedded PGlite (add --postgres for the production figure)';
  let database: { kind: 'pglite' | 'postgres'; url?: string; version?: string } = { kind: 'pglite' };
  if (databaseUrl) {
    const prepared = await preparePostgres(databaseUrl);
    databaseLabel = `PostgreSQL ${prepared.version}, ${maskUrl(databaseUrl)}`;
    database = { kind: 'postgres', url: maskUrl(databaseUrl), version: prepared.version };
  }
  console.log(
    `Slaagbundel class dashboard bench — Node ${process.version}\nDatabase: ${databaseLabel}\n` +
      `Per target ${WARMUP_SECONDS} s warm-up, then ${ROUNDS} alternating rounds × ${ROUND_SECONDS} s (medians), ` +
      `${CONNECTIONS} connections each`,
  );
  const { dataDir, seed } = await prepareDatabase(databaseUrl);
  console.log(
    `Seeded: the demo data in ${seed.demoDataMs} ms, the demo accounts with the demo class in ` +
      `${seed.demoAccountsAndClassMs} ms, the year group (${YEAR_GROUP_PUPILS} pupils, ${seed.yearGroupReviews} ` +
      `reviews) in ${seed.yearGroupMs} ms`,
  );

  // The rate limit is not measured: its counters stay in the server's memory (RATE_LIMIT_STORE=memory).
  const app = await startAppServer({
    databaseUrl,
    env: { PAGE_CACHE_SECONDS: undefined, RATE_LIMIT_STORE: 'memory', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
  });
  console.log(`Server pid ${app.pid}, ready in ${round(app.startupMs / 1000, 1)} s`);
  const session = await signIn(app.url, DEMO_TEACHER_EMAIL, DEMO_PASSWORD, BROWSER_UA);
  const cookie = [CONSENT_COOKIE, ...[...session].map(([name, value]) => `${name}=${value}`)].join('; ');
  const api = { ...API_HEADERS, cookie };
  const page = { ...PAGE_HEADERS, cookie };

  // The two classes, found as "Mijn klassen" finds them.
  const taught = (await (await fetch(`${app.url}/api/v1/classes`, { headers: api })).json()) as {
    classes: { id: number; name: string; school: { name: string }; pupils: number }[];
  };
  const classOf = (name: string, pupils: number) => {
    const found = taught.classes.find((c) => c.name === name && c.school.name === DEMO_SCHOOL);
    if (!found) throw new Error(`${DEMO_TEACHER_EMAIL} has no class ${name}`);
    if (found.pupils !== pupils) throw new Error(`${name} has ${found.pupils} pupils, expected ${pupils}`);
    return found.id;
  };
  const demoClass = classOf(DEMO_CLASS, 29);
  const yearGroup = classOf(YEAR_GROUP_CLASS, YEAR_GROUP_PUPILS);
  const dataPath = (id: number) => `/mijnslaagbundel/klassen/${id}.data?${CLASS_ROUTES}`;

  const targets: { name: string; path: string; kind: Measured['kind']; headers: Record<string, string> }[] = [
    { name: `GET ${ME} (floor)`, path: ME, kind: 'floor', headers: api },
    { name: 'class (29) .data', path: dataPath(demoClass), kind: 'class', headers: page },
    { name: `year group (${YEAR_GROUP_PUPILS}) .data`, path: dataPath(yearGroup), kind: 'year-group', headers: page },
    { name: 'class (29) API', path: `/api/v1/classes/${demoClass}/dashboard`, kind: 'info', headers: api },
    {
      name: `year group (${YEAR_GROUP_PUPILS}) API`,
      path: `/api/v1/classes/${yearGroup}/dashboard`,
      kind: 'info',
      headers: api,
    },
  ];
  // Every pupil's summary is there (none waits for one, so nothing is queued under load), and each target
  // answers 200 with the whole class before it is measured.
  for (const [id, pupils] of [
    [demoClass, 29],
    [yearGroup, YEAR_GROUP_PUPILS],
  ] as const) {
    const dashboard = (await (await fetch(`${app.url}/api/v1/classes/${id}/dashboard`, { headers: api })).json()) as {
      pupils: { status: string; cells: unknown[] }[];
    };
    const whole = dashboard.pupils.filter((p) => p.status !== 'waiting' && p.cells.length > 0).length;
    if (whole !== pupils) throw new Error(`class ${id}: ${whole} of its ${pupils} pupils have their summary`);
  }
  const shown = new Map([
    [demoClass, 'Sanne L.'],
    [yearGroup, `${YEAR_GROUP.pupils[0]!.name.split(' ')[0]} `],
  ]);
  for (const t of targets) {
    const res = await rawGet(`${app.url}${t.path}`, t.headers);
    if (res.status !== 200) throw new Error(`GET ${t.path} answered ${res.status}, expected 200 (signed in)`);
    const body = textOf(res);
    const id = t.path.includes(`/${yearGroup}`) ? yearGroup : t.path.includes(`/${demoClass}`) ? demoClass : null;
    if (id !== null && !body.includes(shown.get(id)!)) throw new Error(`GET ${t.path} does not show its pupils`);
    const encoding = headerOf(res.rawHeaders, 'content-encoding') ?? 'identity';
    console.log(`  ${t.name}: ${res.body.length} bytes on the wire (${encoding}), ${body.length} characters`);
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
    const min = minimum(t.kind);
    return { ...t, figures: f, ratio, pass: min === null ? null : ratio >= min };
  });
  const broken = measured.flatMap((m) => brokenRuns(m.name, m.figures));
  const serverLog = unexpectedLog(app);
  await stopChildren();

  console.log(`\nLatencies in ms; CPU µs/req = the server's CPU time per request; ratio = req/s against the floor.`);
  printTable(
    FIGURES_HEADER,
    measured.map((m) => {
      if (m.ratio === null) return figuresRow(m.name, CONNECTIONS, m.figures);
      const min = minimum(m.kind);
      return figuresRow(
        m.name,
        CONNECTIONS,
        m.figures,
        `ratio ${round(m.ratio * 100, 1).toFixed(1)} %`,
        min === null ? '(not a target)' : `≥ ${min * 100} %`,
        m.pass === null ? '' : verdict(m.pass),
      );
    }),
    FIGURES_RIGHT,
  );
  printServerLog(serverLog);
  for (const b of broken) console.log(`ERROR: ${b}`);
  const missed = measured.filter((m) => m.pass === false).map((m) => `${m.name} ratio`);
  const outFile = writeResults('classes-latest.json', {
    date: new Date().toISOString(),
    node: process.version,
    database,
    account: DEMO_TEACHER_EMAIL,
    seed,
    classes: { demoClass: { id: demoClass, pupils: 29 }, yearGroup: { id: yearGroup, pupils: YEAR_GROUP_PUPILS } },
    settings: {
      warmupSeconds: WARMUP_SECONDS,
      roundSeconds: ROUND_SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      rateLimitStore: 'memory',
      routes: CLASS_ROUTES,
    },
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
