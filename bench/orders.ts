/**
 * `npm run bench:orders` — the back office's order list (issue 32) at 100,000 orders, against our own floor. As
 * the demo finance member (financien@slaagbundel.test, signed in with the password and a TOTP code computed
 * from the seed's fixed secret), in the same alternating rounds and at 10 connections each, it measures beside
 * `GET /api/v1/users/me` (the floor: a session read and one small query):
 *
 * - `GET /api/v1/backoffice/orders`: the newest page (50 orders), unfiltered;
 * - the same filtered by status and payment method (`status=paid&method=bancontact`, about 1 order in 10);
 * - the same by a buyer's address (`q=klant123@example.nl`, any case);
 * - a page deep in the list (keyset `before` half-way down) filtered by days placed;
 * - the list page's `.data` (what the browser asks when staff click "Oudere bestellingen"): not a target.
 *
 * Targets: each API list at ≥ 20 % of the floor's req/s. The orders are generated in SQL (bench/orders.ts
 * `seedOrders`: one line and one payment each, over two years, statuses and methods mixed, 20,000 buyers) on
 * top of the demo seed, before the server starts (its own seed adds the demo staff); their seed time is printed.
 *
 * Embedded PGlite by default; `--postgres` (or BENCH_DATABASE_URL) uses PostgreSQL, the figure that counts.
 * Targets are reported, not asserted: exit 1 only when something broke. Writes bench/results/orders-latest.json.
 */
import process from 'node:process';
import { createOTP } from '@better-auth/utils/otp';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '#app/db/client.server.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '#server/seed/demo-accounts.ts';
import { seedDemoData } from '#server/seed/demo-data.ts';
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';
import { startAppServer, unexpectedLog } from './harness/app-server.ts';
import { installCleanup, makeTempDir, runBench, startWatchdog, stopChildren } from './harness/children.ts';
import { benchDatabaseUrl, maskUrl, parseBenchArgs, preparePostgres } from './harness/database.ts';
import { headerOf, parseSetCookies, rawGet, textOf } from './harness/http.ts';
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
const ORDERS = 100_000;
const WATCHDOG_MS = 600_000;
const TARGET_RATIO_MIN = 0.2;
const API_HEADERS = { ...PAGE_HEADERS, accept: 'application/json' };
const ORDERS_ROUTES = `_routes=${encodeURIComponent(['backoffice', 'backoffice-orders'].map((id) => `${id}___nl`).join(','))}`;

/**
 * ORDERS orders straight in SQL: numbers SB24-…, placed over the two years before now, 85 % paid and fulfilled,
 * 15 % cancelled (what the cancel job leaves of an unpaid order), the newest one waiting; one line and one payment each (iDEAL 70 %, Bancontact 10 %, creditcard 10 %, PayPal 10 %); 20,000
 * buyers; one in 500 with a double payment nobody handled yet.
 */
async function seedOrders(db: Db): Promise<void> {
  await db.execute(sql`
    insert into orders (number, access_token, email, status, customer, shipping_method, subtotal_cents,
      discount_percent, discount_cents, shipping_cents, total_cents, vat_cents, created_at, updated_at, paid_at,
      fulfilment_queued_at, fulfilled_at)
    select 'SB24-' || lpad(i::text, 6, '0'), md5(i::text), 'klant' || (i % 20000) || '@example.nl',
      case when i % 20 = 0 and i > ${ORDERS} - 3 then 'pending' when i % 20 = 0 or i % 10 = 1 then 'cancelled' else 'paid' end,
      jsonb_build_object('firstName', 'Klant', 'lastName', i::text, 'email', 'klant' || (i % 20000) || '@example.nl',
        'billing', jsonb_build_object('street', 'Oudegracht', 'houseNumber', '1', 'postcode', '3511 AB', 'city', 'Utrecht')),
      'post', 2795, 0, 0, 0, 2795, 231,
      now() - ((${ORDERS} - i) * interval '10 minutes'), now() - ((${ORDERS} - i) * interval '10 minutes'),
      case when i % 20 = 0 or i % 10 = 1 then null else now() - ((${ORDERS} - i) * interval '10 minutes') end,
      case when i % 20 = 0 or i % 10 = 1 then null else now() - ((${ORDERS} - i) * interval '10 minutes') end,
      case when i % 20 = 0 or i % 10 = 1 then null else now() - ((${ORDERS} - i) * interval '10 minutes') end
    from generate_series(1, ${ORDERS}) as i`);
  await db.execute(sql`
    insert into order_lines (order_id, sku, name, quantity, unit_price_cents, line_total_cents, discount_cents, position)
    select id, 'SB-HAVO-WB-2027', 'Slaagbundel Wiskunde B havo', 1, 2795, 2795, 0, 0
    from orders where number like 'SB24-%'`);
  await db.execute(sql`
    insert into payments (id, order_id, provider, method, status, amount_cents, created_at, updated_at)
    select 'tr_bench_' || id, id, 'demo',
      case when id % 10 < 7 then 'ideal' when id % 10 = 7 then 'bancontact' when id % 10 = 8 then 'creditcard' else 'paypal' end,
      case status when 'paid' then 'paid' when 'cancelled' then 'expired' else 'open' end, 2795, created_at, created_at
    from orders where number like 'SB24-%'`);
  await db.execute(sql`
    insert into payments (id, order_id, provider, method, status, amount_cents, created_at, updated_at)
    select 'tr_bench_extra_' || id, id, 'demo', 'ideal', 'paid', 2795, created_at, created_at
    from orders where number like 'SB24-%' and id % 500 = 0 and status = 'paid'`);
  await db.execute(sql`
    insert into extra_payments (payment_id, order_id, amount_cents, reason, status, created_at, updated_at)
    select 'tr_bench_extra_' || id, id, 2795, 'order_paid', 'refunded', created_at, created_at
    from orders where number like 'SB24-%' and id % 500 = 0 and status = 'paid'`);
  await db.execute(sql`analyze`);
}

async function prepareDatabase(databaseUrl: string) {
  const dataDir = databaseUrl ? undefined : makeTempDir('slaagbundel-bench-orders-');
  const database = await openDatabase({ url: databaseUrl || undefined, dataDir: dataDir ?? 'memory://' });
  try {
    await database.migrate();
    await seedDemoData(database.db);
    await seedDemoAccounts(database.db);
    const started = performance.now();
    await seedOrders(database.db);
    return { dataDir, seedMs: round(performance.now() - started, 0) };
  } finally {
    await database.close();
  }
}

/** The finance member's session: the password, then the TOTP code, as the back office's sign-in asks. */
async function signInStaff(url: string): Promise<string> {
  const finance = DEMO_STAFF.find((member) => member.role === 'finance')!;
  const headers = { 'content-type': 'application/json', origin: url, 'user-agent': BROWSER_UA };
  const first = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: finance.email, password: DEMO_PASSWORD }),
  });
  if (first.status !== 200) throw new Error(`staff sign-in answered ${first.status}: ${await first.text()}`);
  const pending = parseSetCookies(first.headers.getSetCookie());
  const cookie = [...pending].map(([name, value]) => `${name}=${value}`).join('; ');
  const code = await createOTP(finance.totpSecret, { digits: 6, period: 30 }).totp();
  const second = await fetch(`${url}/api/auth/two-factor/verify-totp`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ code }),
  });
  if (second.status !== 200) throw new Error(`the TOTP code answered ${second.status}: ${await second.text()}`);
  const session = parseSetCookies(second.headers.getSetCookie());
  if (!session.get('slaagbundel.session_token')) throw new Error('the TOTP step set no session cookie');
  return [CONSENT_COOKIE, ...[...session].map(([name, value]) => `${name}=${value}`)].join('; ');
}

interface Measured {
  name: string;
  path: string;
  target: boolean;
  figures: Figures;
  ratio: number | null;
  pass: boolean | null;
}

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  const args = parseBenchArgs(process.argv.slice(2), 'npm run bench:orders');
  const databaseUrl = benchDatabaseUrl(args.postgres);
  let databaseLabel = 'embedded PGlite (add --postgres for the production figure)';
  let database: { kind: 'pglite' | 'postgres'; url?: string; version?: string } = { kind: 'pglite' };
  if (databaseUrl) {
    const prepared = await preparePostgres(databaseUrl);
    databaseLabel = `PostgreSQL ${prepared.version}, ${maskUrl(databaseUrl)}`;
    database = { kind: 'postgres', url: maskUrl(databaseUrl), version: prepared.version };
  }
  console.log(
    `Slaagbundel back-office order list bench — Node ${process.version}\nDatabase: ${databaseLabel}\n` +
      `Per target ${WARMUP_SECONDS} s warm-up, then ${ROUNDS} alternating rounds × ${ROUND_SECONDS} s (medians), ` +
      `${CONNECTIONS} connections each`,
  );
  const { dataDir, seedMs } = await prepareDatabase(databaseUrl);
  console.log(`Seeded ${ORDERS.toLocaleString('en')} orders with their lines and payments in ${seedMs} ms`);

  const app = await startAppServer({
    databaseUrl,
    env: { PAGE_CACHE_SECONDS: undefined, RATE_LIMIT_STORE: 'memory', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
  });
  console.log(`Server pid ${app.pid}, ready in ${round(app.startupMs / 1000, 1)} s`);
  const cookie = await signInStaff(app.url);
  const api = { ...API_HEADERS, cookie };
  const page = { ...PAGE_HEADERS, cookie };

  // Half-way down the list: the keyset of a deep page.
  const newest = (await (await fetch(`${app.url}/api/v1/backoffice/orders`, { headers: api })).json()) as {
    orders: { number: string }[];
    next: number;
  };
  if (newest.orders.length !== 50) throw new Error(`the newest page holds ${newest.orders.length} orders, not 50`);
  const deep = Math.round(newest.next / 2);
  const targets: { name: string; path: string; target: boolean; headers: Record<string, string> }[] = [
    { name: `GET ${ME} (floor)`, path: ME, target: false, headers: api },
    { name: 'orders, newest page', path: '/api/v1/backoffice/orders', target: true, headers: api },
    {
      name: 'orders, paid by Bancontact',
      path: '/api/v1/backoffice/orders?status=paid&method=bancontact',
      target: true,
      headers: api,
    },
    {
      name: 'orders, by address',
      path: '/api/v1/backoffice/orders?q=KLANT123%40example.nl',
      target: true,
      headers: api,
    },
    {
      name: 'orders, deep page of a year',
      path: `/api/v1/backoffice/orders?from=2025-01-01&until=2025-12-31&before=${deep}`,
      target: true,
      headers: api,
    },
    {
      name: 'list page .data (paid)',
      path: `/beheer/bestellingen.data?status=paid&${ORDERS_ROUTES}`,
      target: false,
      headers: page,
    },
  ];
  for (const t of targets) {
    const res = await rawGet(`${app.url}${t.path}`, t.headers);
    if (res.status !== 200) throw new Error(`GET ${t.path} answered ${res.status}, expected 200 (signed in staff)`);
    const body = textOf(res);
    if (t.path.includes('backoffice') && !body.includes('SB24-')) throw new Error(`GET ${t.path} lists no orders`);
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
    if (i === 0) return { ...t, figures: f, ratio: null, pass: null };
    const ratio = throughputRatio(f, floor);
    return { ...t, figures: f, ratio, pass: t.target ? ratio >= TARGET_RATIO_MIN : null };
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
            m.target ? `≥ ${TARGET_RATIO_MIN * 100} %` : '(not a target)',
            m.pass === null ? '' : verdict(m.pass),
          ),
    ),
    FIGURES_RIGHT,
  );
  printServerLog(serverLog);
  for (const b of broken) console.log(`ERROR: ${b}`);
  const missed = measured.filter((m) => m.pass === false).map((m) => `${m.name} ratio`);
  const outFile = writeResults('orders-latest.json', {
    date: new Date().toISOString(),
    node: process.version,
    database,
    orders: ORDERS,
    seedMs,
    settings: { warmupSeconds: WARMUP_SECONDS, roundSeconds: ROUND_SECONDS, rounds: ROUNDS, connections: CONNECTIONS },
    target: TARGET_RATIO_MIN,
    measured: measured.map((m) => ({ ...m, ratio: m.ratio === null ? null : round(m.ratio, 3) })),
    serverLog,
    broken,
    missed,
  });
  console.log(closingLine(missed, outFile, started));
  if (broken.length > 0) throw new Error(`a target misbehaved under load:\n  ${broken.join('\n  ')}`);
}

runBench(main);
