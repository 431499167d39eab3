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
import process from 'node:process';
import { startAppServer, unexpectedLog, type AppServer } from './harness/app-server.ts';
import { replayOf, startBaseline } from './harness/baseline.ts';
import { installCleanup, runBench, startWatchdog, stopChild, stopChildren } from './harness/children.ts';
import { benchDatabaseUrl, maskUrl, parseBenchArgs, preparePostgres } from './harness/database.ts';
import { headerOf, rawGet, textOf } from './harness/http.ts';
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
import { CONSENT_COOKIE, PAGE_HEADERS } from './harness/settings.ts';

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

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  const args = parseBenchArgs(process.argv.slice(2), 'npm run bench:shop');
  const databaseUrl = benchDatabaseUrl(args.postgres);
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
  const baseline = await startBaseline(replayOf(cart), { requestHeaders: pageHeaders, label: CART, path: CART });
  console.log(`\n${CART} (3 products): ${cart.body.length} B on the wire, ${PAGE_CONNECTIONS} connections`);
  const [cartBase, cartSsr] = (await alternate('baseline / SSR', [
    { url: baseline.url, pid: baseline.pid, connections: PAGE_CONNECTIONS, headers: pageHeaders },
    { url: cartUrl, pid: app.pid, connections: PAGE_CONNECTIONS, headers: pageHeaders },
  ])) as [Figures, Figures];
  await stopChild(baseline.child);
  const cartRatio = throughputRatio(cartSsr, cartBase);

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
  ] as const)
    broken.push(...brokenRuns(name, f));
  const serverLog = unexpectedLog(app);
  await stopChildren();

  const pass = {
    cartRatio: cartRatio >= TARGETS.cartRpsRatioMin,
    addPage: addPage.p99 <= TARGETS.addP99MsMax,
    addApi: addApi.p99 <= TARGETS.addP99MsMax,
  };
  console.log(`\nLatencies in ms; CPU µs/req = the answering process's CPU time per request.`);
  printTable(
    FIGURES_HEADER,
    [
      figuresRow(
        `${CART} (3 products)`,
        PAGE_CONNECTIONS,
        cartSsr,
        `ratio ${round(cartRatio * 100, 1).toFixed(1)} %`,
        `≥ ${TARGETS.cartRpsRatioMin * 100} %`,
        verdict(pass.cartRatio),
      ),
      figuresRow('  same bytes (baseline)', PAGE_CONNECTIONS, cartBase),
      figuresRow(
        `POST ${ADD_PAGE} (add)`,
        ACTION_CONNECTIONS,
        addPage,
        `p99 ${addPage.p99} ms`,
        `≤ ${TARGETS.addP99MsMax} ms`,
        verdict(pass.addPage),
      ),
      figuresRow(
        `POST ${ADD_API}`,
        ACTION_CONNECTIONS,
        addApi,
        `p99 ${addApi.p99} ms`,
        `≤ ${TARGETS.addP99MsMax} ms`,
        verdict(pass.addApi),
      ),
      checkRow(
        `${LIST} with cart cookie`,
        `${listCheck.pageCache ?? '(none)'}, ${(listCheck.cacheControl ?? '').split(',')[0]}`,
        'HIT, public',
        verdict(listPass),
      ),
    ],
    FIGURES_RIGHT,
  );
  printServerLog(serverLog);
  for (const b of broken) console.log(`ERROR: ${b}`);

  const missed = [
    ...(pass.cartRatio ? [] : [`${CART} ratio`]),
    ...(pass.addPage ? [] : [`${ADD_PAGE} p99`]),
    ...(pass.addApi ? [] : [`${ADD_API} p99`]),
    ...(listPass ? [] : [`${LIST} with cart cookie`]),
  ];
  const outFile = writeResults('shop-latest.json', {
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
  });
  console.log(closingLine(missed, outFile, started));
  if (broken.length > 0) throw new Error(`a target misbehaved under load:\n  ${broken.join('\n  ')}`);
}

runBench(main);
