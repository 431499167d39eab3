/**
 * `npm run bench:shop` (and the last part of `npm run bench`) — the shop's
 * personal answers under load. Starts the production server as
 * deployed (page micro-cache on, SEED_DEMO=1, TRUST_PROXY=1 so that every
 * simulated request can be its own visitor for the rate limits), fills carts
 * over the API and measures:
 *
 * 1. `GET /winkelwagen` with a cart of 3 products (personal: never cached)
 *    against a same-bytes baseline (bench/baseline-server.ts), 10
 *    connections; target throughput ratio ≥ 10 %.
 * 2. Adding to a cart at 50 connections, as the "In winkelwagen" button does
 *    (the fetcher's `POST /winkelwagen.data`, intent=add, stay=1) and as the
 *    API does (`POST /api/v1/cart/items`), each request its own visitor over
 *    50 carts; target p99 ≤ 50 ms.
 * 3. `GET /producten` with a cart cookie: still a page-cache hit, public.
 *
 * Embedded PGlite by default; `--postgres` (or BENCH_DATABASE_URL) uses
 * PostgreSQL. Targets are reported, not asserted: exit 1 only when something
 * broke (a non-2xx answer under load, a wrong page). Writes
 * bench/results/shop-latest.json. See bench/README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import {
  alternate,
  ROUND_SECONDS,
  ROUNDS,
  startBaseline,
  WARMUP_SECONDS,
  type CannonRequest,
  type Figures,
} from './load.ts';
import {
  CONSENT_COOKIE,
  decodeBody,
  DEFAULT_BENCH_DATABASE_URL,
  headerOf,
  installCleanup,
  maskUrl,
  preparePostgres,
  printTable,
  rawGet,
  type RawResponse,
  RESULTS_DIR,
  ROOT,
  round,
  startAppServer,
  startWatchdog,
  stopChild,
  stopChildren,
  type AppServer,
} from './ssr.ts';

const CART = '/winkelwagen';
const ADD_PAGE = '/winkelwagen.data';
const ADD_API = '/api/v1/cart/items';
const LIST = '/producten';
const LANGUAGE_COOKIES = 'vsf-locale=nl; vsf-currency=EUR; vsf-country=NL';
const PAGE_CONNECTIONS = 10;
const ACTION_CONNECTIONS = 50;
const CARTS = 50;
const WATCHDOG_MS = 180_000;
const TARGETS = { cartRpsRatioMin: 0.1, addP99MsMax: 50 } as const;

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'br, gzip',
  'accept-language': 'nl-NL,nl;q=0.9',
  'user-agent': BROWSER_UA,
};

const textOf = (raw: RawResponse) =>
  decodeBody(raw.body, headerOf(raw.rawHeaders, 'content-encoding') ?? 'identity').toString('utf8');

/** A visitor address per request (RFC 5737 TEST-NET-3 and beyond): each request counts as its own client. */
let visitors = 0;
function nextVisitor(): string {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

// ---------------------------------------------------------------- carts

interface Product {
  id: number;
  canOrder: boolean;
}

/** The cart cookie (name=value) of a new cart holding these products. */
async function fillCart(app: AppServer, productIds: number[]): Promise<string> {
  let cookie = '';
  for (const productId of productIds) {
    const res = await fetch(`${app.url}${ADD_API}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.url,
        'x-forwarded-for': nextVisitor(),
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ productId }),
    });
    if (res.status !== 200) throw new Error(`adding product ${productId} answered ${res.status}: ${await res.text()}`);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('slaagbundel.cart='));
    if (set) cookie = set.split(';', 1)[0]!;
  }
  if (!cookie) throw new Error('no cart cookie was set');
  return cookie;
}

function parseArgs(argv: string[]): { postgres: boolean } {
  let postgres = false;
  for (const arg of argv) {
    if (arg === '--postgres') postgres = true;
    else throw new Error(`unknown argument ${arg} (usage: npm run bench:shop [-- --postgres])`);
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
  const app = await startAppServer({ databaseUrl, env: { PAGE_CACHE_SECONDS: undefined, TRUST_PROXY: '1' } });
  console.log(
    `Slaagbundel shop bench — Node ${process.version}; server pid ${app.pid} ready after ` +
      `${round(app.startupMs / 1000)} s\nDatabase: ${
        database.kind === 'postgres'
          ? `PostgreSQL ${database.version}, ${database.url}`
          : 'embedded PGlite (add --postgres for the production figure)'
      }\nPer target ${WARMUP_SECONDS} s warm-up, then ${ROUNDS} alternating rounds × ${ROUND_SECONDS} s (medians)`,
  );

  const listed = (await (await fetch(`${app.url}/api/v1/products?level=havo`)).json()) as { products: Product[] };
  const orderable = listed.products.filter((p) => p.canOrder).map((p) => p.id);
  if (orderable.length < 4) throw new Error('the demo catalogue has fewer than 4 orderable havo products');
  const broken: string[] = [];

  // 1. The cart page against the same bytes.
  const cartCookie = await fillCart(app, orderable.slice(0, 3));
  // The cookies a browser holds after its first visit (consent, the language cookies) and the cart's.
  const pageHeaders = { ...PAGE_HEADERS, cookie: `${CONSENT_COOKIE}; ${LANGUAGE_COOKIES}; ${cartCookie}` };
  const cartUrl = `${app.url}${CART}`;
  const cart = await rawGet(cartUrl, pageHeaders);
  const cartCacheControl = headerOf(cart.rawHeaders, 'cache-control') ?? null;
  if (cart.status !== 200 || !textOf(cart).includes('Nog 1 product voor 15% korting'))
    throw new Error(`GET ${CART} answered ${cart.status} without the 3-product cart`);
  if (!/\bno-store\b/.test(cartCacheControl ?? ''))
    throw new Error(`GET ${CART} answered cache-control ${cartCacheControl}, expected private, no-store`);
  const baseline = await startBaseline(cart, pageHeaders, CART);
  console.log(`\n${CART} (3 products): ${cart.body.length} B on the wire, ${PAGE_CONNECTIONS} connections`);
  const [cartBase, cartSsr] = (await alternate('baseline / SSR', [
    { url: baseline.url, pid: baseline.pid, connections: PAGE_CONNECTIONS, headers: pageHeaders },
    { url: cartUrl, pid: app.pid, connections: PAGE_CONNECTIONS, headers: pageHeaders },
  ])) as [Figures, Figures];
  await stopChild(baseline.child);
  const cartRatio = cartSsr.rps / cartBase.rps;

  // 2. Adding to one of 50 carts, each request its own visitor.
  const carts: string[] = [];
  for (let i = 0; i < CARTS; i++) carts.push(await fillCart(app, [orderable[i % orderable.length]!]));
  let turn = 0;
  const addRequest = (path: string, type: string, body: (productId: number) => string): CannonRequest => ({
    method: 'POST',
    path,
    setupRequest(req) {
      turn += 1;
      return {
        ...req,
        headers: {
          'content-type': type,
          origin: app.url,
          'x-forwarded-for': nextVisitor(),
          cookie: `${CONSENT_COOKIE}; ${carts[turn % CARTS]!}`,
        },
        body: body(orderable[turn % orderable.length]!),
      };
    },
  });
  const pageAdd = addRequest(
    ADD_PAGE,
    'application/x-www-form-urlencoded',
    (id) => `intent=add&productId=${id}&stay=1`,
  );
  const apiAdd = addRequest(ADD_API, 'application/json', (id) => JSON.stringify({ productId: id }));
  console.log(`\nAdd to cart, ${ACTION_CONNECTIONS} connections over ${CARTS} carts`);
  const [addPage, addApi] = (await alternate('page action / API', [
    { url: app.url, pid: app.pid, connections: ACTION_CONNECTIONS, requests: [pageAdd] },
    { url: app.url, pid: app.pid, connections: ACTION_CONNECTIONS, requests: [apiAdd] },
  ])) as [Figures, Figures];

  // 3. A product list with a cart cookie.
  const listUrl = `${app.url}${LIST}`;
  await rawGet(listUrl, pageHeaders);
  const list = await rawGet(listUrl, pageHeaders);
  const listCheck = {
    status: list.status,
    pageCache: headerOf(list.rawHeaders, 'x-page-cache') ?? null,
    cacheControl: headerOf(list.rawHeaders, 'cache-control') ?? null,
  };
  const listPass =
    listCheck.status === 200 && listCheck.pageCache === 'HIT' && /^public/.test(listCheck.cacheControl ?? '');

  for (const [name, f] of [
    [`${CART} SSR`, cartSsr],
    [`${CART} baseline`, cartBase],
    [`POST ${ADD_PAGE}`, addPage],
    [`POST ${ADD_API}`, addApi],
  ] as const) {
    if (f.failed > 0 || f.non2xx > 0) broken.push(`${name}: ${f.failed} failed and ${f.non2xx} non-2xx requests`);
    if (f.requests === 0) broken.push(`${name}: no requests answered`);
  }
  const serverLog = app.log.lines.filter((l) => !/SEED_DEMO=1: seeding demo data/.test(l)).slice(-20);
  await stopChildren();

  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const pass = {
    cartRatio: cartRatio >= TARGETS.cartRpsRatioMin,
    addPage: addPage.p99 <= TARGETS.addP99MsMax,
    addApi: addApi.p99 <= TARGETS.addP99MsMax,
  };
  const row = (name: string, conns: number, f: Figures, measured: string, target: string, result: string) => [
    name,
    String(conns),
    String(f.rps),
    String(f.p50),
    String(f.p99),
    String(f.max),
    String(f.cpuUsPerRequest),
    String(f.non2xx),
    measured,
    target,
    result,
  ];
  console.log(`\nLatencies in ms; CPU µs/req = the answering process's CPU time per request.`);
  printTable(
    ['target', 'conns', 'req/s', 'p50', 'p99', 'max', 'CPU µs/req', 'non-2xx', 'measured', 'target', 'result'],
    [
      row(
        `${CART} (3 products)`,
        PAGE_CONNECTIONS,
        cartSsr,
        `ratio ${round(cartRatio * 100, 1).toFixed(1)} %`,
        `≥ ${TARGETS.cartRpsRatioMin * 100} %`,
        verdict(pass.cartRatio),
      ),
      row('  same bytes (baseline)', PAGE_CONNECTIONS, cartBase, '', '', ''),
      row(
        `POST ${ADD_PAGE} (add)`,
        ACTION_CONNECTIONS,
        addPage,
        `p99 ${addPage.p99} ms`,
        `≤ ${TARGETS.addP99MsMax} ms`,
        verdict(pass.addPage),
      ),
      row(
        `POST ${ADD_API}`,
        ACTION_CONNECTIONS,
        addApi,
        `p99 ${addApi.p99} ms`,
        `≤ ${TARGETS.addP99MsMax} ms`,
        verdict(pass.addApi),
      ),
      [
        `${LIST} with cart cookie`,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        `${listCheck.pageCache ?? '(none)'}, ${(listCheck.cacheControl ?? '').split(',')[0]}`,
        'HIT, public',
        verdict(listPass),
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
    ...(pass.cartRatio ? [] : [`${CART} ratio`]),
    ...(pass.addPage ? [] : [`${ADD_PAGE} p99`]),
    ...(pass.addApi ? [] : [`${ADD_API} p99`]),
    ...(listPass ? [] : [`${LIST} with cart cookie`]),
  ];
  mkdirSync(RESULTS_DIR, { recursive: true });
  const outFile = join(RESULTS_DIR, 'shop-latest.json');
  writeFileSync(
    outFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        database,
        settings: { warmupSeconds: WARMUP_SECONDS, roundSeconds: ROUND_SECONDS, rounds: ROUNDS, carts: CARTS },
        targets: TARGETS,
        cart: {
          path: CART,
          wireBytes: cart.body.length,
          cacheControl: cartCacheControl,
          ssr: cartSsr,
          baseline: cartBase,
          rpsRatio: round(cartRatio, 3),
          pass: pass.cartRatio,
        },
        addToCart: {
          page: { path: ADD_PAGE, figures: addPage, pass: pass.addPage },
          api: { path: ADD_API, figures: addApi, pass: pass.addApi },
        },
        listWithCart: { path: LIST, ...listCheck, pass: listPass },
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
