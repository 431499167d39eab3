/**
 * `npm run bench:lighthouse` — Lighthouse 13 (mobile, its default form factor,
 * simulated throttling) on the key pages, against the production build.
 *
 * Starts the server the same way as the other benches
 * (bench/harness/app-server.ts), runs the Lighthouse CLI from node_modules on
 * Node 24 with Debian's Chromium, one page after another, three times each
 * (RUNS), and prints per page the median run's four category scores (the run
 * with the median performance score) with targets, every run's performance
 * score, and the failing audits of every category under target. The cart and
 * the checkout are audited with a product in the cart. Writes
 * bench/results/lighthouse-latest.json.
 * Targets are reported, not asserted: exit 0 when one is missed, exit 1 only on
 * an actual error (server did not start, Lighthouse failed to run a page).
 * See bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { startAppServer } from './harness/app-server.ts';
import { installCleanup, makeTempDir, runBench, startWatchdog, stopChildren } from './harness/children.ts';
import { printTable, writeResults } from './harness/report.ts';
import { CONSENT_COOKIE, ROOT } from './harness/settings.ts';

const CHROME_PATH = CHROMIUM_PATH;
const CHROME_FLAGS = CHROMIUM_FLAGS.join(' ');
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };

interface Page {
  path: string;
  /** Expected HTTP status of the document. */
  status: number;
  /**
   * Audits that fail on this page by design: audit id → a check that returns the reason when the
   * failure is the expected one (and undefined when the audit failed for another reason too).
   */
  expectedFailures: Record<string, (audit: AuditResult, pageUrl: string) => string | undefined>;
  /** Audited with a product in the cart (the cart cookie of PRODUCT_IN_CART). */
  withCart?: boolean;
}

/** The product put in the cart for the cart and checkout pages (havo Wiskunde B, the demo shop's first bundle). */
const PRODUCT_IN_CART = 23;
/** Runs per page: the median performance score counts (Lighthouse's own advice for variance). */
const RUNS = 3;
/**
 * SEO's is-crawlable fails on a personal page because its robots meta says noindex and robots.txt disallows
 * it, and for nothing else.
 */
function personalPage(audit: AuditResult): string | undefined {
  const items = audit.details?.items ?? [];
  const byDesign = (item: Record<string, unknown>) => {
    const source = item.source as { type?: string; snippet?: string; url?: string } | undefined;
    return /noindex/i.test(source?.snippet ?? '') || /\/robots\.txt$/.test(source?.url ?? '');
  };
  return items.length > 0 && items.every(byDesign)
    ? 'a personal page is noindex and disallowed in robots.txt by design'
    : undefined;
}

const PAGES: Page[] = [
  { path: '/', status: 200, expectedFailures: {} },
  { path: '/exameninfo', status: 200, expectedFailures: {} },
  // The public grade calculator (issue 21).
  { path: '/exameninfo/cijfer-berekenen', status: 200, expectedFailures: {} },
  { path: '/privacy', status: 200, expectedFailures: {} },
  { path: '/examentips', status: 200, expectedFailures: {} },
  { path: '/artikel/examenplanning-maken', status: 200, expectedFailures: {} },
  // The shop: the product list and a product page.
  { path: '/producten', status: 200, expectedFailures: {} },
  { path: '/producten/23/slaagbundel-wiskunde-b-havo-2027', status: 200, expectedFailures: {} },
  // Personal pages: `noindex` by design (a cart or a checkout is nobody else's search result).
  { path: '/winkelwagen', status: 200, expectedFailures: { 'is-crawlable': personalPage }, withCart: true },
  { path: '/afrekenen', status: 200, expectedFailures: { 'is-crawlable': personalPage }, withCart: true },
  {
    path: '/bestaat-niet',
    status: 404,
    expectedFailures: {
      'http-status-code': () => 'a 404 page answers 404 by design',
      // Chromium logs the 404 of the document itself as a console error; anything else logged is a real failure.
      'errors-in-console': (audit, pageUrl) => {
        const items = audit.details?.items ?? [];
        const onlyDocument404 =
          items.length > 0 &&
          items.every(
            (i) =>
              ((i.sourceLocation as { url?: string } | undefined)?.url ?? i.url) === pageUrl &&
              String(i.description).includes('status of 404'),
          );
        return onlyDocument404 ? 'the only console error is the 404 of the document itself' : undefined;
      },
    },
  },
];
const RUN_TIMEOUT_MS = 150_000;
const WATCHDOG_MS = 15 * 60_000;

// ---------------------------------------------------------------- the bits of a Lighthouse result used here

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  errorMessage?: string;
  details?: { items?: Array<Record<string, unknown>> };
}
interface Lhr {
  lighthouseVersion: string;
  requestedUrl: string;
  finalDisplayedUrl?: string;
  configSettings: { formFactor: string; throttlingMethod: string };
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  environment?: { benchmarkIndex?: number };
  audits: Record<string, AuditResult>;
  categories: Record<
    string,
    { id: string; title: string; score: number | null; auditRefs: Array<{ id: string; weight: number }> }
  >;
}

// ---------------------------------------------------------------- running Lighthouse

let running: ChildProcess | null = null;

/** Lighthouse runs in its own process group so that Chromium goes with it when it is stopped. */
function killLighthouse(signal: NodeJS.Signals): void {
  const pid = running?.pid;
  if (pid === undefined || running?.exitCode !== null || running?.signalCode !== null) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

async function runLighthouse(
  url: string,
  outFile: string,
  ignoreStatusCode: boolean,
  cookie: string,
): Promise<{ lhr: Lhr; seconds: number }> {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--output=json',
    `--output-path=${outFile}`,
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
    ...(ignoreStatusCode ? ['--ignore-status-code'] : []),
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CHROME_PATH },
  });
  running = child;
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const timer = setTimeout(() => {
    output += `\n[bench] Lighthouse exceeded ${RUN_TIMEOUT_MS / 1000} s; stopping it`;
    killLighthouse('SIGINT');
    setTimeout(() => killLighthouse('SIGKILL'), 5000).unref();
  }, RUN_TIMEOUT_MS);
  const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
  clearTimeout(timer);
  running = null;
  const seconds = (performance.now() - started) / 1000;
  if (!existsSync(outFile)) {
    throw new Error(`Lighthouse produced no report for ${url} (exit ${code}):\n${output.trim().slice(-3000)}`);
  }
  const lhr = JSON.parse(readFileSync(outFile, 'utf8')) as Lhr;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (code !== 0) throw new Error(`Lighthouse exited ${code} for ${url}:\n${output.trim().slice(-3000)}`);
  return { lhr, seconds };
}

// ---------------------------------------------------------------- reading a result

interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  weight: number;
  displayValue?: string;
  /** A short summary of the first few offending items (URLs, console messages, nodes). */
  items: string[];
  expected?: string;
}

/** Audits of a category that did not pass: weighted ones below 1, unweighted diagnostics below 0.9, and errored ones. */
function failingAudits(lhr: Lhr, category: Category, page: Page): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit) continue;
    const mode = audit.scoreDisplayMode;
    if (mode === 'notApplicable' || mode === 'manual' || mode === 'informative') continue;
    const failed = mode === 'error' || (audit.score !== null && (ref.weight > 0 ? audit.score < 1 : audit.score < 0.9));
    if (!failed) continue;
    failing.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: mode === 'error' ? `error: ${audit.errorMessage ?? ''}` : audit.displayValue,
      items: mode === 'binary' ? summariseItems(audit) : [],
      expected: page.expectedFailures[audit.id]?.(audit, lhr.finalDisplayedUrl ?? lhr.requestedUrl),
    });
  }
  return failing.sort((a, b) => b.weight - a.weight);
}

function summariseItems(audit: AuditResult): string[] {
  const out: string[] = [];
  for (const item of audit.details?.items?.slice(0, 3) ?? []) {
    const node = item.node as { snippet?: string } | undefined;
    const location = item.sourceLocation as { url?: string } | undefined;
    const text = [item.description, item.url ?? location?.url, node?.snippet, item.reason ?? item.failureType]
      .filter((v): v is string => typeof v === 'string' && v !== '')
      .join(' — ');
    if (text) out.push(text.replace(/\s+/g, ' ').slice(0, 200));
  }
  return out;
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

type Verdict = 'PASS' | 'MISS' | 'EXPECTED';

interface PageResult {
  path: string;
  url: string;
  seconds: number;
  /** The performance score of every run, in run order; `scores` are the median run's. */
  performanceRuns: Array<number | null>;
  scores: Record<Category, number | null>;
  verdicts: Record<Category, Verdict>;
  metrics: Record<string, string | undefined>;
  failing: Partial<Record<Category, FailingAudit[]>>;
  warnings: string[];
  /** Lighthouse's CPU benchmark of this machine during the run (higher is faster; ~1000+ for a typical desktop). */
  benchmarkIndex: number | null;
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  process.on('exit', () => killLighthouse('SIGKILL'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.prependOnceListener(signal, () => killLighthouse('SIGINT'));

  if (!existsSync(LIGHTHOUSE_CLI)) throw new Error(`Lighthouse CLI not found at ${LIGHTHOUSE_CLI}; run npm install`);
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);

  const app = await startAppServer();
  console.log(`Server ready on ${app.url} (pid ${app.pid}) after ${(app.startupMs / 1000).toFixed(1)} s`);

  // A cart with one product, as a buyer arrives at the cart and the checkout.
  const added = await fetch(`${app.url}/api/v1/cart/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, cookie: CONSENT_COOKIE },
    body: JSON.stringify({ productId: PRODUCT_IN_CART, quantity: 1 }),
  });
  await added.arrayBuffer();
  if (added.status !== 200) throw new Error(`Adding product ${PRODUCT_IN_CART} to a cart answered ${added.status}`);
  const cartCookie = added.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0]!)
    .join('; ');
  if (!cartCookie) throw new Error('Adding to the cart set no cart cookie');
  const cookieOf = (page: Page) => (page.withCart ? `${CONSENT_COOKIE}; ${cartCookie}` : CONSENT_COOKIE);

  // Check each page's status, and warm the server up (JIT, content cache) so the first page is not penalised.
  for (const page of PAGES) {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${app.url}${page.path}`, { headers: { cookie: cookieOf(page) } });
      await res.arrayBuffer();
      if (res.status !== page.status)
        throw new Error(`GET ${page.path} answered ${res.status}, expected ${page.status}`);
    }
  }

  const tmp = makeTempDir('slaagbundel-lighthouse-');
  const results: PageResult[] = [];
  let version = '';
  let settings = '';
  for (const [index, page] of PAGES.entries()) {
    const url = `${app.url}${page.path}`;
    process.stdout.write(`Lighthouse ${index + 1}/${PAGES.length}: ${page.path} … `);
    const runs: Array<{ lhr: Lhr; seconds: number }> = [];
    for (let run = 0; run < RUNS; run++) {
      const outFile = join(tmp, `page-${index}-${run}.json`);
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is tried again, twice.
      for (let attempt = 1; ; attempt++) {
        try {
          runs.push(await runLighthouse(url, outFile, page.status >= 400, cookieOf(page)));
          break;
        } catch (error) {
          if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/.test(String(error))) throw error;
          process.stdout.write(`(${String(error).match(/NO_\w+/)?.[0]}, again) `);
        }
      }
    }
    const performanceOf = (lhr: Lhr) => lhr.categories.performance?.score ?? -1;
    const { lhr } = [...runs].sort((a, b) => performanceOf(a.lhr) - performanceOf(b.lhr))[Math.floor(RUNS / 2)]!;
    const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
    const performanceRuns = runs.map((r) => {
      const raw = r.lhr.categories.performance?.score;
      return raw === null || raw === undefined ? null : Math.round(raw * 100);
    });
    console.log(`${seconds.toFixed(0)} s (performance ${performanceRuns.join(', ')})`);
    version = lhr.lighthouseVersion;
    settings = `${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling`;

    const scores = {} as Record<Category, number | null>;
    const verdicts = {} as Record<Category, Verdict>;
    const failing: Partial<Record<Category, FailingAudit[]>> = {};
    for (const category of CATEGORIES) {
      const raw = lhr.categories[category]?.score;
      const score = raw === null || raw === undefined ? null : Math.round(raw * 100);
      scores[category] = score;
      const below = score === null || score < TARGETS[category];
      const audits = failingAudits(lhr, category, page);
      if (below) failing[category] = audits;
      const onlyExpected =
        audits.filter((a) => a.weight > 0).every((a) => a.expected !== undefined) && audits.some((a) => a.expected);
      verdicts[category] = !below ? 'PASS' : onlyExpected ? 'EXPECTED' : 'MISS';
    }
    const metrics: Record<string, string | undefined> = {};
    for (const [id, label] of METRICS) metrics[label] = lhr.audits[id]?.displayValue;
    results.push({
      path: page.path,
      url,
      seconds,
      performanceRuns,
      scores,
      verdicts,
      metrics,
      failing,
      warnings: lhr.runWarnings,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    });
  }
  await stopChildren();

  // ---------------------------------------------------------------- report
  console.log(`\nLighthouse ${version} (${settings}), Chromium ${CHROME_PATH}, cookie ${CONSENT_COOKIE}`);
  console.log(
    `Targets: performance ≥ ${TARGETS.performance} (the median of ${RUNS} runs), accessibility, best-practices and seo = 100\n`,
  );
  const cell = (r: PageResult, c: Category) => `${r.scores[c] ?? '–'} ${r.verdicts[c]}`;
  printTable(
    ['page', 'performance', 'runs', 'accessibility', 'best-practices', 'seo'],
    results.map((r) => [
      r.path,
      cell(r, 'performance'),
      r.performanceRuns.map((score) => score ?? '–').join(' / '),
      ...CATEGORIES.filter((c) => c !== 'performance').map((c) => cell(r, c)),
    ]),
  );

  console.log('\nPerformance metrics (simulated mobile; CPU benchmarkIndex: higher = faster machine):');
  printTable(
    ['page', ...METRICS.map(([, label]) => label), 'benchmarkIndex'],
    results.map((r) => [
      r.path,
      ...METRICS.map(([, label]) => r.metrics[label] ?? '–'),
      String(r.benchmarkIndex ?? '–'),
    ]),
  );

  for (const r of results) {
    const categories = Object.entries(r.failing) as Array<[Category, FailingAudit[]]>;
    if (categories.length === 0 && r.warnings.length === 0) continue;
    console.log(`\n${r.path}`);
    for (const [category, audits] of categories) {
      console.log(
        `  ${category} ${r.scores[category] ?? '–'} (target ${TARGETS[category]}) — ${r.verdicts[category]}:`,
      );
      if (audits.length === 0)
        console.log('    (no single failing audit; the score is the weighted metrics below their maximum)');
      for (const a of audits) {
        const score = a.score === null ? '–' : a.score.toFixed(2);
        const weight = a.weight > 0 ? `weight ${a.weight}` : 'no weight';
        const value = a.displayValue ? `, ${a.displayValue}` : '';
        const expected = a.expected ? `  [EXPECTED: ${a.expected}]` : '';
        console.log(`    - ${a.id}: ${a.title} (score ${score}, ${weight}${value})${expected}`);
        for (const item of a.items) console.log(`        · ${item}`);
      }
    }
    for (const w of r.warnings) console.log(`  warning: ${w.replace(/\s+/g, ' ').slice(0, 300)}`);
  }

  const missed = results.flatMap((r) =>
    CATEGORIES.filter((c) => r.verdicts[c] === 'MISS').map((c) => `${r.path} ${c}`),
  );
  const outFile = writeResults('lighthouse-latest.json', {
    date: new Date().toISOString(),
    lighthouse: version,
    settings,
    chrome: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    targets: TARGETS,
    pages: results,
    missed,
  });
  console.log(
    `\n${missed.length === 0 ? 'All targets met (expected failures aside).' : `Missed ${missed.length} target(s): ${missed.join('; ')}.`} ` +
      `Written ${outFile.slice(ROOT.length + 1)} in ${Math.round((performance.now() - started) / 1000)} s.`,
  );
}

runBench(main, { label: 'bench:lighthouse', beforeStop: () => killLighthouse('SIGINT') });
