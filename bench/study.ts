/**
 * `npm run bench:study` (and the last part of `npm run bench`) — the study
 * area under load. Prepares the database the server will use (the
 * demo content, with havo Wiskunde B replaced by a generated subject of 240
 * cards: tests/support/study-fixture.ts), starts the production server as
 * deployed (TRUST_PROXY=1 so that every simulated write is its own client for
 * the rate limits), signs in once as the demo pupil (full access to havo
 * Wiskunde B) and measures:
 *
 * 1. `GET /api/v1/subject/{id}/cards` with two filters (and without) at 50
 *    connections; target p99 ≤ 25 ms.
 * 2. The learned toggle, `POST`/`DELETE /api/v1/users/me/cards/{id}/learn`
 *    over every card, at 50 connections; target p99 ≤ 15 ms.
 * 3. The subject page and its card list, signed in (never page-cached),
 *    against a same-bytes baseline, 10 connections; target ≥ 10 %.
 * 4. First-load JS of both pages (gzip); target ≤ 130 kB.
 *
 * Embedded PGlite by default; `--postgres` (or BENCH_DATABASE_URL) uses
 * PostgreSQL. Targets are reported, not asserted: exit 1 only when something
 * broke. Writes bench/results/study-latest.json. See bench/README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { seedWithStudyFile } from '#server/seed/study-import.ts';
import { generatedStudyFile } from '../tests/support/study-fixture.ts';
import { startAppServer } from './harness/app-server.ts';
import { replayOf, startBaseline } from './harness/baseline.ts';
import { installCleanup, makeTempDir, startWatchdog, stopChild, stopChildren } from './harness/children.ts';
import { benchDatabaseUrl, maskUrl, parseBenchArgs, preparePostgres } from './harness/database.ts';
import { firstLoadJs } from './harness/first-load-js.ts';
import { headerOf, rawGet, signIn, textOf } from './harness/http.ts';
import { alternate, brokenRuns, type CannonRequest, type Figures } from './harness/load.ts';
import { checkRow, FIGURES_HEADER, figuresRow, printTable, round, throughputRatio, verdict } from './harness/report.ts';
import { BROWSER_UA, CONSENT_COOKIE, PAGE_HEADERS, RESULTS_DIR } from './harness/settings.ts';

const EMAIL = 'leerling@slaagbundel.test';
const PASSWORD = 'Slaag2026!';
const CARDS = 240;
const API_CONNECTIONS = 50;
const PAGE_CONNECTIONS = 10;
const WATCHDOG_MS = 240_000;
const TARGETS = { cardsP99MsMax: 25, learnP99MsMax: 15, pageRpsRatioMin: 0.1, firstLoadJsGzipKbMax: 130 } as const;
const FILTERS = '?sections[]=uitleg&difficulty[]=gemiddeld';

const API_HEADERS = { ...PAGE_HEADERS, accept: 'application/json', 'accept-encoding': 'gzip' };

/** The database the server will open, with the demo content and havo Wiskunde B as 240 generated cards. */
async function prepareDatabase(databaseUrl: string): Promise<string | undefined> {
  const dataDir = databaseUrl ? undefined : makeTempDir('slaagbundel-bench-study-');
  await seedWithStudyFile(
    { url: databaseUrl || undefined, dataDir: dataDir ?? 'memory://' },
    generatedStudyFile('wiskunde-b', 'havo', CARDS),
  );
  return dataDir;
}

async function main(): Promise<void> {
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  const args = parseBenchArgs(process.argv.slice(2), 'npm run bench:study');
  const databaseUrl = benchDatabaseUrl(args.postgres);
  let databaseLabel = 'embedded PGlite (add --postgres for the production figure)';
  if (databaseUrl) {
    const prepared = await preparePostgres(databaseUrl);
    databaseLabel = `PostgreSQL ${prepared.version}, ${maskUrl(databaseUrl)}`;
  }
  const dataDir = await prepareDatabase(databaseUrl);
  const app = await startAppServer({
    databaseUrl,
    env: { PAGE_CACHE_SECONDS: undefined, TRUST_PROXY: '1', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
  });
  console.log(`Slaagbundel study bench — Node ${process.version}; server pid ${app.pid}\nDatabase: ${databaseLabel}`);
  const session = await signIn(app.url, EMAIL, PASSWORD, BROWSER_UA);
  const cookie = [CONSENT_COOKIE, ...[...session].map(([name, value]) => `${name}=${value}`)].join('; ');
  const api = { ...API_HEADERS, cookie };

  // The subject and its cards, as the pupil sees them.
  const home = await fetch(`${app.url}/api/v1/users/me/subjects`, { headers: api });
  const { subjects: mine } = (await home.json()) as { subjects: { id: number; slug: string; levelName: string }[] };
  const subject = mine.find((s) => s.slug === 'wiskunde-b-havo');
  if (!subject) throw new Error(`${EMAIL} has no havo Wiskunde B`);
  const all = (await (await fetch(`${app.url}/api/v1/subject/${subject.id}/cards`, { headers: api })).json()) as {
    cards: { id: number; learnable: boolean }[];
  };
  if (all.cards.length < 200) throw new Error(`the subject has ${all.cards.length} cards, expected ≥ 200`);
  const filtered = (await (
    await fetch(`${app.url}/api/v1/subject/${subject.id}/cards${FILTERS}`, { headers: api })
  ).json()) as { cards: unknown[] };
  const learnable = all.cards.filter((c) => c.learnable).map((c) => c.id);
  console.log(`Subject ${subject.id}: ${all.cards.length} cards, ${filtered.cards.length} with the two filters`);

  const broken: string[] = [];
  const check = (name: string, f: Figures) => broken.push(...brokenRuns(name, f));

  // 1. The cards API, with and without filters.
  const cardsPath = `/api/v1/subject/${subject.id}/cards`;
  console.log(`\n${cardsPath}, ${API_CONNECTIONS} connections`);
  const [cardsFiltered, cardsAll] = (await alternate('two filters / none', [
    { url: `${app.url}${cardsPath}${FILTERS}`, pid: app.pid, connections: API_CONNECTIONS, headers: api },
    { url: `${app.url}${cardsPath}`, pid: app.pid, connections: API_CONNECTIONS, headers: api },
  ])) as [Figures, Figures];
  check('cards API (filters)', cardsFiltered);
  check('cards API', cardsAll);

  // 2. The learned toggle: POST and DELETE in turn over every learnable card, each request its own client.
  let sent = 0;
  const toggle: CannonRequest = {
    setupRequest: (req: CannonRequest): CannonRequest => {
      sent += 1;
      const id = learnable[Math.floor(sent / 2) % learnable.length];
      return {
        ...req,
        method: sent % 2 === 1 ? 'POST' : 'DELETE',
        path: `/api/v1/users/me/cards/${id}/learn`,
        headers: {
          ...api,
          origin: app.url,
          'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
        },
      };
    },
  };
  console.log(
    `\nPOST/DELETE /api/v1/users/me/cards/{id}/learn over ${learnable.length} cards, ${API_CONNECTIONS} connections`,
  );
  const [learn] = (await alternate('learned toggle', [
    { url: app.url, pid: app.pid, connections: API_CONNECTIONS, requests: [toggle] },
  ])) as [Figures];
  check('learned toggle', learn);

  // 3. The subject page and its card list against the same bytes; 4. their first-load JS.
  const pageHeaders = { ...PAGE_HEADERS, cookie };
  const pages: {
    path: string;
    ssr: Figures;
    baseline: Figures;
    ratio: number;
    bytes: number;
    jsGzipKb: number;
  }[] = [];
  for (const path of [
    `/mijnslaagbundel/${subject.id}/wiskunde-b-havo`,
    `/mijnslaagbundel/${subject.id}/wiskunde-b-havo/leren-en-oefenen`,
  ]) {
    const first = await rawGet(`${app.url}${path}`, pageHeaders);
    const html = first.status === 200 ? textOf(first) : '';
    if (first.status !== 200 || !html.includes('Wiskunde B havo')) {
      throw new Error(`GET ${path} answered ${first.status}, not the subject page`);
    }
    if (headerOf(first.rawHeaders, 'x-page-cache') === 'HIT') throw new Error(`GET ${path} came from the page cache`);
    const baseline = await startBaseline(replayOf(first), { requestHeaders: pageHeaders, label: path, path });
    console.log(`\n${path}: ${first.body.length} B, ${PAGE_CONNECTIONS} connections`);
    const [base, ssr] = (await alternate('baseline / SSR', [
      { url: baseline.url, pid: baseline.pid, connections: PAGE_CONNECTIONS, headers: pageHeaders },
      { url: `${app.url}${path}`, pid: app.pid, connections: PAGE_CONNECTIONS, headers: pageHeaders },
    ])) as [Figures, Figures];
    await stopChild(baseline.child);
    check(`${path} SSR`, ssr);
    check(`${path} baseline`, base);
    const js = await firstLoadJs(html, `${app.url}${path}`);
    pages.push({
      path,
      ssr,
      baseline: base,
      ratio: throughputRatio(ssr, base),
      bytes: first.body.length,
      jsGzipKb: round(js.reduce((n, f) => n + f.gzipBytes, 0) / 1024, 1),
    });
  }
  await stopChildren();

  // ---------------------------------------------------------------- report
  console.log(`\nLatencies in ms; CPU µs/req = the server's CPU time per request.`);
  printTable(FIGURES_HEADER, [
    figuresRow(
      `cards API, 2 filters (${filtered.cards.length} of ${all.cards.length})`,
      API_CONNECTIONS,
      cardsFiltered,
      `p99 ${cardsFiltered.p99} ms`,
      `≤ ${TARGETS.cardsP99MsMax} ms`,
      verdict(cardsFiltered.p99 <= TARGETS.cardsP99MsMax),
    ),
    figuresRow(`  cards API, no filter`, API_CONNECTIONS, cardsAll),
    figuresRow(
      'learned toggle (POST/DELETE)',
      API_CONNECTIONS,
      learn,
      `p99 ${learn.p99} ms`,
      `≤ ${TARGETS.learnP99MsMax} ms`,
      verdict(learn.p99 <= TARGETS.learnP99MsMax),
    ),
    ...pages.flatMap((p) => [
      figuresRow(
        `${p.path.replace(/^\/mijnslaagbundel\/\d+\/wiskunde-b-havo/, '…subject') || '…subject'} (signed in)`,
        PAGE_CONNECTIONS,
        p.ssr,
        `ratio ${round(p.ratio * 100, 1).toFixed(1)} %`,
        `≥ ${TARGETS.pageRpsRatioMin * 100} %`,
        verdict(p.ratio >= TARGETS.pageRpsRatioMin),
      ),
      figuresRow(`  same bytes (baseline)`, PAGE_CONNECTIONS, p.baseline),
      checkRow(
        `  first-load JS`,
        `${p.jsGzipKb} kB gzip`,
        `≤ ${TARGETS.firstLoadJsGzipKbMax} kB`,
        verdict(p.jsGzipKb <= TARGETS.firstLoadJsGzipKbMax),
      ),
    ]),
  ]);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    join(RESULTS_DIR, 'study-latest.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        database: databaseLabel,
        cards: all.cards.length,
        filteredCards: filtered.cards.length,
        targets: TARGETS,
        cardsFiltered,
        cardsAll,
        learn,
        pages,
        broken,
      },
      null,
      2,
    ),
  );
  if (broken.length > 0) {
    console.error(`\nBROKEN:\n  ${broken.join('\n  ')}`);
    process.exit(1);
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
