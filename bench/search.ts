/**
 * `npm run bench:search` — the site search under load: PostgreSQL,
 * the demo content plus 1,000 generated articles (bench/generate-articles.ts),
 * 50 connections, a rotating set of queries (Dutch word forms, several words,
 * typos). Measures GET /api/v1/search (what the header's instant search
 * calls) and the /zoeken results page, as deployed and with every cache off.
 * Target: p99 ≤ 50 ms for the API as deployed. Reported, not
 * asserted (exit 1 only when something broke). Writes
 * bench/results/search-latest.json. See bench/README.md.
 */
import { join } from 'node:path';
import process from 'node:process';
import pg from 'pg';
import { generateArticles } from './generate-articles.ts';
import { startAppServer } from './harness/app-server.ts';
import { installCleanup, runBench, startWatchdog, stopChildren } from './harness/children.ts';
import { maskUrl, preparePostgres } from './harness/database.ts';
import { autocannon, type CannonOptions, type CannonResult } from './harness/load.ts';
import { median, printTable, round, writeResults } from './harness/report.ts';
import { CONSENT_COOKIE, ROOT } from './harness/settings.ts';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/slaagbundel_bench_search';
const ARTICLES = 1000;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const ROUND_SECONDS = 8;
const ROUNDS = 2;
const TARGET_P99_MS = 50;
/** Words a pupil or parent types: word forms, two-word queries, typos, a level. */
const QUERIES = [
  'examenstress',
  'wiskunde',
  'wiskudne',
  'examens plannen',
  'engels leesvaardigheid',
  'formuleblad',
  'havo',
  'slapen',
  'nederlands samenvatten',
  'grafieken lezen',
  'biologie vwo',
  'examenbundle',
];

/** As the header's instant search asks: 4 per group. */
const api = (q: string) => `/api/v1/search?q=${encodeURIComponent(q)}&limit=4`;
const page = (q: string) => `/zoeken?q=${encodeURIComponent(q)}`;
/**
 * Two servers, one after the other: as deployed (the results of a query are
 * kept for CONTENT_CACHE_SECONDS in the copy's memory, a results page for
 * PAGE_CACHE_SECONDS) and with both caches off, so that every request runs
 * the database queries: the cost of a search nobody made just before.
 */
const SERVERS = [
  {
    cache: 'on',
    env: { CONTENT_CACHE_SECONDS: undefined, PAGE_CACHE_SECONDS: undefined },
    targets: [
      { name: 'GET /api/v1/search', path: api, accept: 'application/json' },
      { name: '/zoeken (rendered)', path: page, accept: 'text/html' },
    ],
  },
  {
    cache: 'off',
    env: { CONTENT_CACHE_SECONDS: '0', PAGE_CACHE_SECONDS: '0' },
    targets: [
      { name: 'GET /api/v1/search', path: api, accept: 'application/json' },
      { name: '/zoeken (rendered)', path: page, accept: 'text/html' },
    ],
  },
] as const;

async function insertArticles(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const articles = generateArticles(ARTICLES, join(ROOT, 'content'));
    await client.query('begin');
    for (let i = 0; i < articles.length; i += 200) {
      const chunk = articles.slice(i, i + 200);
      const values: unknown[] = [];
      const rows = chunk.map((a, j) => {
        values.push(a.id, JSON.stringify(a.fields), a.createdAt);
        return `($${j * 3 + 1}, 'article', $${j * 3 + 2}::jsonb, $${j * 3 + 3}, $${j * 3 + 3})`;
      });
      await client.query(
        `insert into content_entries (id, content_type, fields, created_at, updated_at) values ${rows.join(', ')}
         on conflict (id) do update set fields = excluded.fields`,
        values,
      );
    }
    await client.query('commit');
    await client.query('analyze content_entries');
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from content_entries where content_type = 'article'",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(240_000);
  const databaseUrl = process.env.BENCH_DATABASE_URL || DEFAULT_URL;
  const prepared = await preparePostgres(databaseUrl);
  let articleCount = 0;
  const figures = [];
  for (const setup of SERVERS) {
    const server = await startAppServer({ databaseUrl, env: setup.env });
    if (articleCount === 0) {
      articleCount = await insertArticles(databaseUrl);
      console.log(
        `PostgreSQL ${prepared.version}, ${maskUrl(databaseUrl)}: ${articleCount} articles; ` +
          `${CONNECTIONS} connections, queries rotating over ${QUERIES.length} searches.`,
      );
    }
    // The generated articles are found.
    const probe = await fetch(`${server.url}${api('vijf tips biologie')}`);
    const found = (await probe.json()) as { articles: { total: number } };
    if (probe.status !== 200 || found.articles.total < 10) {
      throw new Error(`the search does not find the generated articles (status ${probe.status})`);
    }
    for (const target of setup.targets) {
      const options = (seconds: number): CannonOptions => ({
        url: server.url,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        headers: { accept: target.accept, 'accept-encoding': 'br, gzip', cookie: CONSENT_COOKIE },
        requests: QUERIES.map((q) => ({ method: 'GET', path: target.path(q) })),
      });
      await autocannon(options(WARMUP_SECONDS));
      const runs: CannonResult[] = [];
      for (let i = 0; i < ROUNDS; i++) runs.push(await autocannon(options(ROUND_SECONDS)));
      const failures = runs.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
      if (failures > 0) throw new Error(`${target.name}: ${failures} failed requests under load`);
      figures.push({
        name: target.name,
        resultCache: setup.cache,
        rps: round(median(runs.map((r) => r.requests.average)), 0),
        p50: round(median(runs.map((r) => r.latency.p50))),
        p99: round(median(runs.map((r) => r.latency.p99))),
        max: round(Math.max(...runs.map((r) => r.latency.max))),
        requests: runs.reduce((n, r) => n + r.requests.total, 0),
      });
    }
    await stopChildren();
  }

  printTable(
    ['target', 'result cache', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'requests'],
    figures.map((f) => [
      f.name,
      f.resultCache,
      String(f.rps),
      String(f.p50),
      String(f.p99),
      String(f.max),
      String(f.requests),
    ]),
    [2, 3, 4, 5, 6],
  );
  const deployed = figures[0]!;
  const met = deployed.p99 <= TARGET_P99_MS;
  console.log(
    `\nSearch API p99 ${deployed.p99} ms at ${CONNECTIONS} connections (as deployed): target ≤ ${TARGET_P99_MS} ms ${met ? 'met' : 'MISSED'}.` +
      ` Every request to the database: p99 ${figures[2]!.p99} ms.`,
  );
  const outFile = writeResults('search-latest.json', {
    at: new Date().toISOString(),
    database: { kind: 'postgres', version: prepared.version, url: maskUrl(databaseUrl) },
    articles: articleCount,
    connections: CONNECTIONS,
    queries: QUERIES,
    target: { apiP99MsMax: TARGET_P99_MS, met },
    figures,
  });
  console.log(`Written ${outFile.slice(ROOT.length + 1)} in ${round((performance.now() - started) / 1000, 0)} s.`);
}

runBench(main);
