/**
 * `npm run bench:season` — a pupil's real day under load (issue 36, item 1), on PostgreSQL. Simulated pupils
 * (default 200, `--pupils N`), each their own account with full access to havo Wiskunde B and a study history of
 * their own (bench/season/seed.ts), follow a scripted session (bench/season/sessions.ts): the area home, today's
 * plan, 20–40 reviews with the card modal between them, the subject page and its learn list with a filter, an
 * exam check answered and handed in, the plan and the grades. Beside them anonymous visitors on public pages and a
 * few buyers who order and pay with the demo payment: about 70 % pupils, 25 % visitors, 5 % buyers. Every pupil
 * signs in once at the start (their browser keeps the session for the day).
 *
 * Two ways, in this order:
 * 1. with think times: the studying pupils (with their visitors and buyers) stepped up 50, 100, 200, 500, … until
 *    the p99 of all requests is above 300 ms (`--steps N,N,…` for others); the largest step that held is what the
 *    server's copies carry, and each step's peak RSS per copy is what that many pupils hold on a copy not yet
 *    driven flat out;
 * 2. at saturation: no think time, a closed loop at a fixed concurrency (default 50), in alternating rounds with
 *    the floor (`GET /api/v1/users/me` of signed-in pupils, the same client, the same concurrency): the mix's
 *    req/s against the floor's is the headline, target ≥ 40 %.
 *
 * Reports per kind of request p50/p95/p99 and errors, sessions per minute and requests per second, the server's
 * CPU µs per pupil-minute, PostgreSQL's CPU beside the server's, and the peak RSS of each copy. `--copies N` runs
 * N server copies (WEB_CONCURRENCY), `--quick` a short smoke run. Targets are reported, not asserted: exit 1 only
 * when something broke. Writes bench/results/season-latest.json. See bench/README.md.
 */
import process from 'node:process';
import { startAppServer, unexpectedLog } from './harness/app-server.ts';
import { installCleanup, runBench, sleep, startWatchdog, stopChildren } from './harness/children.ts';
import { benchDatabaseUrl, maskUrl, preparePostgres } from './harness/database.ts';
import { signIn } from './harness/http.ts';
import { alternateRuns } from './harness/load.ts';
import { rssSampler, type RssSampler } from './harness/memory.ts';
import {
  closingLine,
  median,
  printServerLog,
  printTable,
  round,
  throughputRatio,
  verdict,
  writeResults,
} from './harness/report.ts';
import { BROWSER_UA, PAGE_HEADERS } from './harness/settings.ts';
import { Client, cpuNow, mergedFigures, Recorder, serverPids, type KindFigures } from './season/client.ts';
import { seasonPupilEmail, SEASON_PASSWORD, seedSeason } from './season/seed.ts';
import {
  buyerSession,
  KINDS,
  makeRandom,
  pupilSession,
  signInPupil,
  THINK,
  visitorSession,
  type User,
  type World,
} from './season/sessions.ts';

const ME = '/api/v1/users/me';
const TARGETS = { mixRatioMin: 0.4, p99MsMax: 300, rssMbMax: 250, rssAtPupils: 500 } as const;
const MIX = { pupils: 0.7, visitors: 0.25, buyers: 0.05 } as const;
/** Hard stop (after the build): the seed, the sign-ins, both ways, the report. */
const WATCHDOG_MS = 660_000;
/** The stepping stops starting steps after this long, so that the whole run stays under ten minutes. */
const STEPS_DEADLINE_MS = 500_000;
const SOCKETS_THINKING = 256;

interface Settings {
  pupils: number;
  copies: number;
  quick: boolean;
  concurrency: number;
  warmupSeconds: number;
  roundSeconds: number;
  rounds: number;
  steps: number[];
  rampSeconds: number;
  windowSeconds: number;
}

function parseArgs(argv: string[]): Settings {
  const usage =
    'npm run bench:season [-- --pupils N] [--copies N] [--concurrency N] [--quick] [--postgres] ' +
    '[--saturation-only] [--steps N,N,…]';
  let pupils: number | undefined;
  let chosenSteps: number[] | undefined;
  let saturationOnly = false;
  let copies = 1;
  let concurrency: number | undefined;
  let quick = false;
  const count = (value: string | undefined, name: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} wants a whole number ≥ 1 (usage: ${usage})`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') quick = true;
    else if (arg === '--postgres')
      continue; // always PostgreSQL
    else if (arg === '--pupils') pupils = count(argv[++i], arg);
    else if (arg === '--copies') copies = count(argv[++i], arg);
    else if (arg === '--concurrency') concurrency = count(argv[++i], arg);
    else if (arg === '--saturation-only') saturationOnly = true;
    else if (arg === '--steps') chosenSteps = (argv[++i] ?? '').split(',').map((n) => count(n, arg));
    else throw new Error(`unknown argument ${arg} (usage: ${usage})`);
  }
  return quick
    ? {
        pupils: pupils ?? 20,
        copies,
        quick,
        concurrency: concurrency ?? 10,
        warmupSeconds: 2,
        roundSeconds: 5,
        rounds: 1,
        steps: saturationOnly ? [] : (chosenSteps ?? [10, 20, 40]),
        rampSeconds: 3,
        windowSeconds: 6,
      }
    : {
        pupils: pupils ?? 200,
        copies,
        quick,
        concurrency: concurrency ?? 50,
        warmupSeconds: 5,
        roundSeconds: 12,
        rounds: 2,
        steps: saturationOnly ? [] : (chosenSteps ?? [50, 100, 200, 500, 1000, 2000, 4000, 8000]),
        rampSeconds: 10,
        windowSeconds: 25,
      };
}

// ---------------------------------------------------------------- the world

async function discover(url: string, cookieOfFirst: string): Promise<World> {
  const api = { ...PAGE_HEADERS, accept: 'application/json', cookie: cookieOfFirst };
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${url}${path}`, { headers: api });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const { subjects } = await get<{ subjects: { id: number; slug: string }[] }>('/api/v1/users/me/subjects');
  const subject = subjects.find((s) => s.slug === 'wiskunde-b-havo');
  if (!subject) throw new Error(`${seasonPupilEmail(1)} has no havo Wiskunde B`);
  const location = (
    await fetch(`${url}/mijnslaagbundel/${subject.id}`, {
      headers: { ...api, accept: 'text/html' },
      redirect: 'manual',
    })
  ).headers.get('location');
  const subjectPath = location ? new URL(location, url).pathname : `/mijnslaagbundel/${subject.id}`;
  const { cards } = await get<{ cards: { id: number; learnable: boolean }[] }>(`/api/v1/subject/${subject.id}/cards`);
  const learnable = cards.filter((c) => c.learnable).map((c) => c.id);
  if (learnable.length === 0) throw new Error('havo Wiskunde B has no card to review');
  const { tests } = await get<{ tests: { id: number }[] }>(`/api/v1/subject/${subject.id}/tests`);
  let check: World['check'] = null;
  if (tests[0]) {
    const test = await get<{
      id: number;
      questions: (
        { id: number; kind: 'choice'; options: { id: string }[] } | { id: number; kind: 'open'; maxPoints: number }
      )[];
    }>(`/api/v1/test/${tests[0].id}`);
    check = {
      id: test.id,
      questions: test.questions.map((q) =>
        q.kind === 'choice'
          ? { id: q.id, kind: 'choice', options: q.options.map((o) => o.id), maxPoints: 1 }
          : { id: q.id, kind: 'open', options: [], maxPoints: q.maxPoints },
      ),
    };
  }
  const listed = (await (await fetch(`${url}/api/v1/products?level=havo`)).json()) as {
    products: { id: number; canOrder: boolean }[];
  };
  const productIds = listed.products.filter((p) => p.canOrder).map((p) => p.id);
  if (productIds.length === 0) throw new Error('the demo catalogue has no orderable havo product');
  const productLocation = (
    await fetch(`${url}/producten/${productIds[0]}`, { headers: { accept: 'text/html' }, redirect: 'manual' })
  ).headers.get('location');
  const productPath = productLocation ? new URL(productLocation, url).pathname : `/producten/${productIds[0]}`;
  return {
    subjectId: subject.id,
    subjectPath,
    cards: learnable,
    check,
    productIds,
    productPath,
    articlePath: '/artikel/examenplanning-maken',
    origin: url,
  };
}

// ---------------------------------------------------------------- phases

interface PhaseRun {
  recorder: Recorder;
  seconds: number;
  serverCpuSeconds: number;
  postgresCpuSeconds: number;
  clientCpuSeconds: number;
}

/** Runs `body` while the recorder measures, with the CPU the server, PostgreSQL and this process spent. */
async function measured(serverPid: number, recorder: Recorder, body: () => Promise<void>): Promise<PhaseRun> {
  const cpu = cpuNow(serverPid);
  const client = process.cpuUsage();
  recorder.start();
  await body();
  recorder.stop();
  const after = cpuNow(serverPid);
  const used = process.cpuUsage(client);
  return {
    recorder,
    seconds: recorder.seconds,
    serverCpuSeconds: after.server - cpu.server,
    postgresCpuSeconds: after.postgres - cpu.postgres,
    clientCpuSeconds: (used.user + used.system) / 1e6,
  };
}

/** Who a mixed user is: pupils, visitors and buyers in the mix's shares (of sessions). */
function drawRole(random: () => number): 'pupil' | 'visitor' | 'buyer' {
  const r = random();
  return r < MIX.pupils ? 'pupil' : r < MIX.pupils + MIX.visitors ? 'visitor' : 'buyer';
}

interface Shared {
  url: string;
  serverPid: number;
  world: World;
  cookies: string[];
  settings: Settings;
}

let buyers = 0;

/** Closed loop at saturation: `concurrency` users without think time, each session after the other, for `seconds`. */
async function saturationMix(shared: Shared, seconds: number, seed: number): Promise<PhaseRun> {
  const { settings, world, cookies } = shared;
  const client = new Client(shared.url, settings.concurrency);
  const recorder = new Recorder();
  let pupil = 0;
  const run = await measured(shared.serverPid, recorder, async () => {
    const end = performance.now() + seconds * 1000;
    const stopped = () => performance.now() >= end;
    await Promise.all(
      Array.from({ length: settings.concurrency }, async (_, w) => {
        const user: User = { client, recorder, random: makeRandom(seed * 1000 + w), thinkScale: 0, stopped };
        let first = true;
        while (!stopped()) {
          const role = drawRole(user.random);
          if (role === 'pupil') await pupilSession(user, world, cookies[pupil++ % cookies.length]!, first);
          else if (role === 'visitor') await visitorSession(user, world);
          else await buyerSession(user, world, ++buyers);
          first = false;
        }
      }),
    );
  });
  client.close();
  return run;
}

/** The floor in the same closed loop: `concurrency` pupils asking `GET /api/v1/users/me` again and again. */
async function saturationFloor(shared: Shared, seconds: number): Promise<PhaseRun> {
  const { settings, cookies } = shared;
  const client = new Client(shared.url, settings.concurrency);
  const recorder = new Recorder();
  const run = await measured(shared.serverPid, recorder, async () => {
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: settings.concurrency }, async (_, w) => {
        const headers = { ...PAGE_HEADERS, accept: 'application/json', cookie: cookies[w % cookies.length]! };
        while (performance.now() < end) {
          const started = performance.now();
          const answer = await client.send('GET', ME, headers);
          recorder.record('floor GET /users/me', performance.now() - started, answer.status);
        }
      }),
    );
  });
  client.close();
  return run;
}

interface StepResult {
  pupils: number;
  visitors: number;
  buyers: number;
  run: PhaseRun;
  figures: { kinds: KindFigures[]; all: KindFigures };
  sessionsPerMinute: number;
  cpuUsPerPupilMinute: number;
  held: boolean;
  /** The highest RSS of each copy during the step (its arrival and its window), in MB. */
  peakRssMb: number[];
}

/** One step with think times: the users arrive over the ramp, then the window is measured. */
async function thinkingStep(shared: Shared, pupils: number, seed: number): Promise<StepResult> {
  const { settings, world, cookies } = shared;
  const visitors = Math.round((pupils * MIX.visitors) / MIX.pupils);
  const buyerCount = Math.max(1, Math.round((pupils * MIX.buyers) / MIX.pupils));
  const client = new Client(shared.url, SOCKETS_THINKING);
  const recorder = new Recorder();
  let stop = false;
  const stopped = () => stop;
  const users: Promise<void>[] = [];
  const roles = [
    ...Array.from({ length: pupils }, (_, i) => ['pupil', i] as const),
    ...Array.from({ length: visitors }, (_, i) => ['visitor', i] as const),
    ...Array.from({ length: buyerCount }, (_, i) => ['buyer', i] as const),
  ];
  for (const [n, [role, i]] of roles.entries()) {
    const user: User = { client, recorder, random: makeRandom(seed * 100_000 + n), thinkScale: 1, stopped };
    const delay = user.random() * settings.rampSeconds * 1000;
    users.push(
      (async () => {
        await sleep(delay);
        let first = true;
        while (!stop) {
          if (role === 'pupil') await pupilSession(user, world, cookies[i % cookies.length]!, first);
          else if (role === 'visitor') await visitorSession(user, world);
          else await buyerSession(user, world, ++buyers);
          first = false;
        }
      })(),
    );
  }
  await sleep(settings.rampSeconds * 1000);
  const run = await measured(shared.serverPid, recorder, () => sleep(settings.windowSeconds * 1000));
  stop = true;
  await Promise.all(users);
  client.close();
  const figures = recorder.figures(KINDS);
  const sessions = [...recorder.sessions.values()].reduce((a, b) => a + b, 0);
  return {
    pupils,
    visitors,
    buyers: buyerCount,
    run,
    figures,
    sessionsPerMinute: round((sessions / run.seconds) * 60, 1),
    cpuUsPerPupilMinute: round((run.serverCpuSeconds * 1e6) / (pupils * (run.seconds / 60)), 0),
    held: figures.all.p99 <= TARGETS.p99MsMax && figures.all.errors === 0,
    peakRssMb: [],
  };
}

// ---------------------------------------------------------------- main

const pct = (x: number) => `${round(x * 100, 1).toFixed(1)} %`;
const cores = (run: PhaseRun) => `${round((run.serverCpuSeconds / run.seconds) * 100, 0)} %`;
const pgShare = (run: PhaseRun) =>
  run.postgresCpuSeconds / Math.max(1e-9, run.postgresCpuSeconds + run.serverCpuSeconds);

function kindRows(kinds: readonly KindFigures[]): string[][] {
  return kinds.map((k) => [
    k.kind,
    String(k.requests),
    String(k.rps),
    String(k.p50),
    String(k.p95),
    String(k.p99),
    String(k.max),
    k.errors === 0
      ? '0'
      : `${k.errors} (${Object.entries(k.errorStatus)
          .map(([s, n]) => `${s}×${n}`)
          .join(', ')})`,
  ]);
}
const KIND_HEADER = ['kind of request', 'requests', 'req/s', 'p50', 'p95', 'p99', 'max', 'errors'];
const KIND_RIGHT = [1, 2, 3, 4, 5, 6];

async function main(): Promise<void> {
  const started = performance.now();
  installCleanup();
  startWatchdog(WATCHDOG_MS);
  const settings = parseArgs(process.argv.slice(2));
  const databaseUrl = benchDatabaseUrl(true);
  const prepared = await preparePostgres(databaseUrl);
  const database = { kind: 'postgres' as const, url: maskUrl(databaseUrl), version: prepared.version };
  console.log(
    `Slaagbundel season bench — Node ${process.version}\nDatabase: PostgreSQL ${prepared.version}, ${database.url}\n` +
      `${settings.pupils} pupils, ${settings.copies} server cop${settings.copies === 1 ? 'y' : 'ies'}` +
      `${settings.quick ? ' (--quick)' : ''}` +
      `${settings.steps.length === 0 ? '; saturation only' : ''}`,
  );
  const seed = await seedSeason(databaseUrl, settings.pupils);
  console.log(
    `Seeded: demo data and accounts in ${round(seed.demoMs / 1000)} s; ${seed.pupils} pupils with ${seed.reviews} ` +
      `reviews of history in ${round(seed.pupilsMs / 1000)} s`,
  );

  const app = await startAppServer({
    databaseUrl,
    env: {
      PAGE_CACHE_SECONDS: undefined,
      TRUST_PROXY: '1',
      RATE_LIMIT_STORE: 'memory',
      WEB_CONCURRENCY: String(settings.copies),
      // Node's flags for the server alone (e.g. a heap limit, docs/performance.md), not for this process.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    },
  });
  // The copies: the server itself, or the cluster primary's forks once all are up.
  let copyPids = [app.pid];
  if (settings.copies > 1) {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      copyPids = serverPids(app.pid).filter((p) => p !== app.pid);
      if (copyPids.length >= settings.copies) break;
      await sleep(250);
    }
    if (copyPids.length < settings.copies)
      throw new Error(`only ${copyPids.length} of ${settings.copies} copies started`);
    await sleep(2000);
  }
  const samplers: RssSampler[] = copyPids.map((pid) => rssSampler(pid, 250));
  for (const s of samplers) s.start();
  console.log(
    `Server pid ${app.pid}${settings.copies > 1 ? ` (copies ${copyPids.join(', ')})` : ''}, ready in ${round(app.startupMs / 1000)} s`,
  );

  // The world the sessions need, found as the pages find it.
  const first = await signIn(app.url, seasonPupilEmail(1), SEASON_PASSWORD, BROWSER_UA);
  const world = await discover(app.url, [...first].map(([n, v]) => `${n}=${v}`).join('; '));
  console.log(
    `Subject ${world.subjectId} (${world.subjectPath}): ${world.cards.length} cards to review, ` +
      `${world.check ? `exam check ${world.check.id} of ${world.check.questions.length} questions` : 'no exam check'}; ` +
      `products ${world.productIds.length} orderable (${world.productPath})`,
  );

  // Every pupil signs in once (their browser keeps the session for the day), four at a time.
  const signInClient = new Client(app.url, 4);
  const cookies: string[] = new Array<string>(settings.pupils);
  let next = 0;
  const signInsRecorder = new Recorder();
  const signIns = await measured(app.pid, signInsRecorder, async () => {
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const user: User = {
          client: signInClient,
          recorder: signInsRecorder,
          random: Math.random,
          thinkScale: 0,
          stopped: () => false,
        };
        while (next < settings.pupils) {
          const i = next++;
          cookies[i] = await signInPupil(user, seasonPupilEmail(i + 1), SEASON_PASSWORD);
        }
      }),
    );
  });
  signInClient.close();
  const signInFigures = signIns.recorder.figures(KINDS).all;
  console.log(
    `Signed in ${settings.pupils} pupils in ${round(signIns.seconds)} s: p50 ${signInFigures.p50} ms, ` +
      `server CPU ${round((signIns.serverCpuSeconds * 1000) / settings.pupils, 0)} ms a sign-in`,
  );
  const shared: Shared = { url: app.url, serverPid: app.pid, world, cookies, settings };
  // The RSS of the sign-ins (scrypt takes 128 MiB a hash) apart from the RSS under the load that follows.
  for (const s of samplers) s.stop();
  const signInPeakRss = samplers.map((s) => round(Math.max(...s.samples), 0));
  const loadSamplers: RssSampler[] = copyPids.map((pid) => rssSampler(pid, 250));
  for (const s of loadSamplers) s.start();

  // 1. With think times: step up the studying pupils until the p99 is above 300 ms. First, on a copy that has not
  // yet been driven flat out: the RSS of each step is what that many pupils hold (a saturated heap stays large).
  console.log(
    `\nWith think times (lognormal, medians: a page ${THINK.page} s, reading a card ${THINK.card} s, to the next ` +
      `card ${THINK.next} s, the exam check ${THINK.check} s): ${settings.rampSeconds} s arrival, then ` +
      `${settings.windowSeconds} s measured per step`,
  );
  const steps: StepResult[] = [];
  let stoppedBy = 'the last step';
  for (const [i, pupils] of settings.steps.entries()) {
    if (performance.now() - started > (settings.quick ? Infinity : STEPS_DEADLINE_MS)) {
      stoppedBy = 'the time budget';
      break;
    }
    const from = loadSamplers.map((s) => s.samples.length);
    const step = await thinkingStep(shared, pupils, 100 + i);
    step.peakRssMb = loadSamplers.map((s, c) => round(Math.max(...s.samples.slice(from[c])), 0));
    steps.push(step);
    console.log(
      `  ${pupils} pupils (+${step.visitors} visitors, ${step.buyers} buyers): ${step.figures.all.rps} req/s, ` +
        `p99 ${step.figures.all.p99} ms, ${step.figures.all.errors} errors, server ${cores(step.run)} of a core — ` +
        `${step.held ? 'held' : 'did not hold'}`,
    );
    if (!step.held) {
      stoppedBy = `p99 above ${TARGETS.p99MsMax} ms${step.figures.all.errors > 0 ? ' or errors' : ''}`;
      break;
    }
  }
  // 2. Saturation: the floor and the mix in alternating rounds at the same concurrency.
  console.log(
    `\nSaturation: ${settings.concurrency} users in a closed loop without think time; ${settings.warmupSeconds} s warm-up, ` +
      `then ${settings.rounds} alternating rounds × ${settings.roundSeconds} s (medians)`,
  );
  process.stdout.write('  floor / mix: warm-up');
  let round_ = 0;
  const [floorRuns, mixRuns] = (await alternateRuns<PhaseRun>(
    [(s) => saturationFloor(shared, s), (s) => saturationMix(shared, s, ++round_)],
    { warmupSeconds: settings.warmupSeconds, roundSeconds: settings.roundSeconds, rounds: settings.rounds },
    (i, latest) =>
      process.stdout.write(` · ${i}: ${latest.map((r) => round(r.recorder.requests / r.seconds, 0)).join(' / ')}`),
  )) as [PhaseRun[], PhaseRun[]];
  console.log(' req/s');
  const rps = (r: PhaseRun) => r.recorder.requests / r.seconds;
  const floorRps = round(median(floorRuns.map(rps)), 0);
  const mixRps = round(median(mixRuns.map(rps)), 0);
  const ratio = throughputRatio({ rps: mixRps }, { rps: floorRps });
  const floorFigures = mergedFigures(
    floorRuns.map((r) => r.recorder),
    KINDS,
  ).all;
  const mixFigures = mergedFigures(
    mixRuns.map((r) => r.recorder),
    KINDS,
  );
  const sum = (runs: PhaseRun[], f: (r: PhaseRun) => number) => runs.reduce((s, r) => s + f(r), 0);
  const mixSeconds = sum(mixRuns, (r) => r.seconds);
  const mixSessions: Record<string, number> = {};
  for (const r of mixRuns) for (const [k, n] of r.recorder.sessions) mixSessions[k] = (mixSessions[k] ?? 0) + n;
  const sessionsPerMinute = round((Object.values(mixSessions).reduce((a, b) => a + b, 0) / mixSeconds) * 60, 1);
  const saturation = {
    concurrency: settings.concurrency,
    floor: {
      rps: floorRps,
      p50: floorFigures.p50,
      p99: floorFigures.p99,
      errors: floorFigures.errors,
      cpuUsPerRequest: round((sum(floorRuns, (r) => r.serverCpuSeconds) * 1e6) / floorFigures.requests, 0),
      rounds: floorRuns.map((r) => round(rps(r), 0)),
    },
    mix: {
      rps: mixRps,
      sessionsPerMinute,
      sessions: mixSessions,
      p50: mixFigures.all.p50,
      p95: mixFigures.all.p95,
      p99: mixFigures.all.p99,
      errors: mixFigures.all.errors,
      cpuUsPerRequest: round((sum(mixRuns, (r) => r.serverCpuSeconds) * 1e6) / mixFigures.all.requests, 0),
      serverCores: round(sum(mixRuns, (r) => r.serverCpuSeconds) / mixSeconds, 2),
      postgresCores: round(sum(mixRuns, (r) => r.postgresCpuSeconds) / mixSeconds, 2),
      clientCores: round(sum(mixRuns, (r) => r.clientCpuSeconds) / mixSeconds, 2),
      rounds: mixRuns.map((r) => round(rps(r), 0)),
      kinds: mixFigures.kinds,
    },
    ratio: round(ratio, 3),
    pass: ratio >= TARGETS.mixRatioMin,
  };

  for (const s of loadSamplers) s.stop();
  const serverLog = unexpectedLog(app);
  await stopChildren();

  const heldSteps = steps.filter((s) => s.held);
  const carried = heldSteps.at(-1) ?? null;
  const shown = carried ?? steps.at(-1) ?? null;
  const peakRss = loadSamplers.map((s) => round(Math.max(...s.samples), 0));

  // ---------------------------------------------------------------- report
  console.log(
    `\nSaturation at ${settings.concurrency} users (latencies in ms; CPU µs/req = the server's CPU time per request)`,
  );
  printTable(
    ['load', 'req/s', 'sessions/min', 'p50', 'p95', 'p99', 'CPU µs/req', 'errors', 'measured', 'target', 'result'],
    [
      [
        'floor GET /users/me',
        String(floorRps),
        '',
        String(floorFigures.p50),
        String(floorFigures.p95),
        String(floorFigures.p99),
        String(saturation.floor.cpuUsPerRequest),
        String(floorFigures.errors),
        '',
        '',
        '',
      ],
      [
        'the mix (70/25/5)',
        String(mixRps),
        String(sessionsPerMinute),
        String(mixFigures.all.p50),
        String(mixFigures.all.p95),
        String(mixFigures.all.p99),
        String(saturation.mix.cpuUsPerRequest),
        String(mixFigures.all.errors),
        `ratio ${pct(ratio)}`,
        `≥ ${TARGETS.mixRatioMin * 100} %`,
        verdict(saturation.pass),
      ],
    ],
    [1, 2, 3, 4, 5, 6, 7],
  );
  console.log(
    `CPU during the mix: server ${saturation.mix.serverCores} cores, PostgreSQL ${saturation.mix.postgresCores}, ` +
      `load generator ${saturation.mix.clientCores}; sessions: ${Object.entries(mixSessions)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}`,
  );
  console.log(`\nPer kind of request at saturation (the mix's rounds together)`);
  printTable(KIND_HEADER, kindRows(mixFigures.kinds), KIND_RIGHT);

  console.log(`\nWith think times: studying pupils stepped up until p99 > ${TARGETS.p99MsMax} ms`);
  printTable(
    [
      'pupils',
      'visitors',
      'buyers',
      'req/s',
      'sessions/min',
      'p50',
      'p95',
      'p99',
      'errors',
      'server CPU',
      'CPU µs/pupil-min',
      'PostgreSQL share',
      'peak RSS MB',
      'p99 ≤ 300 ms',
    ],
    steps.map((s) => [
      String(s.pupils),
      String(s.visitors),
      String(s.buyers),
      String(s.figures.all.rps),
      String(s.sessionsPerMinute),
      String(s.figures.all.p50),
      String(s.figures.all.p95),
      String(s.figures.all.p99),
      String(s.figures.all.errors),
      cores(s.run),
      String(s.cpuUsPerPupilMinute),
      pct(pgShare(s.run)),
      s.peakRssMb.join(' / '),
      s.held ? 'held' : 'MISS',
    ]),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  );
  if (shown) {
    console.log(`\nPer kind of request at ${shown.pupils} pupils with think times`);
    printTable(KIND_HEADER, kindRows(shown.figures.kinds), KIND_RIGHT);
  }
  const total = [signIns, ...floorRuns, ...mixRuns, ...steps.map((s) => s.run)];
  const serverCpu = sum(total, (r) => r.serverCpuSeconds);
  const postgresCpu = sum(total, (r) => r.postgresCpuSeconds);
  console.log(
    `\nSign-in (once per pupil): ${settings.pupils} in ${round(signIns.seconds)} s, p50 ${signInFigures.p50} ms, p99 ` +
      `${signInFigures.p99} ms, server CPU ${round((signIns.serverCpuSeconds * 1000) / settings.pupils, 0)} ms each (scrypt).` +
      `\nPostgreSQL over the measured phases: ${round(postgresCpu, 1)} CPU s beside the server's ${round(serverCpu, 1)} ` +
      `(${pct(postgresCpu / (postgresCpu + serverCpu))} of the two; ${round(postgresCpu / serverCpu, 2)}× the server's).` +
      `\nPeak RSS per copy under load: ${peakRss.map((mb) => `${mb} MB`).join(', ')} ` +
      `(during the sign-ins: ${signInPeakRss.map((mb) => `${mb} MB`).join(', ')}).`,
  );
  const carriedLine =
    settings.steps.length === 0
      ? 'not measured (--saturation-only)'
      : carried
        ? `${carried.pupils} studying pupils held p99 ≤ ${TARGETS.p99MsMax} ms on ${settings.copies} server cop${settings.copies === 1 ? 'y' : 'ies'} ` +
          `(${cores(carried.run)} of a core; stopped by ${stoppedBy}${carried === steps.at(-1) && stoppedBy !== `p99 above ${TARGETS.p99MsMax} ms` ? ': at least this many' : ''})`
        : `not even ${steps[0]?.pupils ?? settings.steps[0]} pupils held p99 ≤ ${TARGETS.p99MsMax} ms`;
  console.log(`Carried: ${carriedLine}.`);
  // Issue 36: a copy's peak RSS at 500 active pupils (the step of 500, or the first above it) at most 250 MB.
  const rssStep = steps.find((s) => s.pupils >= TARGETS.rssAtPupils);
  const rssPeak = rssStep ? Math.max(...rssStep.peakRssMb) : null;
  const rssPass = rssPeak !== null && rssPeak <= TARGETS.rssMbMax;
  console.log(
    `Peak RSS per copy at ${TARGETS.rssAtPupils} pupils: ` +
      (rssStep
        ? `${rssPeak} MB at ${rssStep.pupils} pupils (target ≤ ${TARGETS.rssMbMax} MB): ${rssPass ? 'PASS' : 'MISS'}.`
        : `not measured (no step of ${TARGETS.rssAtPupils} pupils or more).`),
  );
  printServerLog(serverLog);

  const broken = [
    ...(mixFigures.all.errors > 0 ? [`the mix at saturation: ${mixFigures.all.errors} errors`] : []),
    ...(floorFigures.errors > 0 ? [`the floor: ${floorFigures.errors} errors`] : []),
    ...steps
      .filter((s) => s.figures.all.errors > 0)
      .map((s) => `${s.pupils} pupils with think times: ${s.figures.all.errors} errors`),
  ];
  for (const b of broken) console.log(`ERROR: ${b}`);
  const missed = [
    ...(saturation.pass ? [] : ['the mix against the floor']),
    ...(rssStep && !rssPass ? [`peak RSS at ${rssStep.pupils} pupils`] : []),
  ];
  const outFile = writeResults('season-latest.json', {
    date: new Date().toISOString(),
    node: process.version,
    database,
    settings: { ...settings, mix: MIX, think: THINK, thinkSigma: 0.6 },
    targets: TARGETS,
    seed,
    world: { ...world, cards: world.cards.length },
    signIn: {
      pupils: settings.pupils,
      seconds: round(signIns.seconds, 1),
      figures: signInFigures,
      serverCpuMsEach: round((signIns.serverCpuSeconds * 1000) / settings.pupils, 0),
    },
    saturation,
    thinking: {
      steps: steps.map((s) => ({
        pupils: s.pupils,
        visitors: s.visitors,
        buyers: s.buyers,
        seconds: round(s.run.seconds, 1),
        sessionsPerMinute: s.sessionsPerMinute,
        all: s.figures.all,
        kinds: s.figures.kinds,
        serverCores: round(s.run.serverCpuSeconds / s.run.seconds, 2),
        postgresCores: round(s.run.postgresCpuSeconds / s.run.seconds, 2),
        clientCores: round(s.run.clientCpuSeconds / s.run.seconds, 2),
        cpuUsPerPupilMinute: s.cpuUsPerPupilMinute,
        postgresShare: round(pgShare(s.run), 3),
        peakRssMb: s.peakRssMb,
        held: s.held,
      })),
      carried: carried?.pupils ?? 0,
      stoppedBy,
    },
    cpu: {
      serverSeconds: round(serverCpu, 1),
      postgresSeconds: round(postgresCpu, 1),
      postgresShare: round(postgresCpu / (postgresCpu + serverCpu), 3),
    },
    peakRssMb: peakRss,
    rssTarget: { pupils: rssStep?.pupils ?? null, peakMb: rssPeak, pass: rssStep ? rssPass : null },
    signInPeakRssMb: signInPeakRss,
    serverLog,
    broken,
    missed,
  });
  console.log(closingLine(missed, outFile, started));
  if (broken.length > 0) throw new Error(`requests failed under load:\n  ${broken.join('\n  ')}`);
}

runBench(main, { label: 'season bench' });
