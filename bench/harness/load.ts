/**
 * Load and its figures: autocannon (as a library, in the bench process) with
 * the CPU time the answering process and the bench process spent, warm-up then
 * rounds that alternate between targets (so they all see the same moments of
 * machine noise), and the medians of the rounds.
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
// @ts-expect-error -- autocannon 9 ships no type declarations; the shape used here is typed below.
import autocannonUntyped from 'autocannon';
import { median, round } from './report.ts';

// ---------------------------------------------------------------- autocannon

export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest) => CannonRequest;
}
export interface CannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p99: number; max: number };
  throughput: { average: number };
}
export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  headers?: Record<string, string>;
  requests?: CannonRequest[];
  timeout?: number;
}
export const autocannon = autocannonUntyped as (options: CannonOptions) => Promise<CannonResult>;

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, in clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** What is loaded: a URL answered by process `pid`, with the same headers or the requests autocannon cycles through. */
export interface Target {
  url: string;
  pid: number;
  connections: number;
  headers?: Record<string, string>;
  requests?: CannonRequest[];
}

interface TimedResult {
  result: CannonResult;
  /** CPU seconds the answering process spent. */
  serverCpuSeconds: number;
  /** CPU seconds (user + system) this process, the load generator, spent. */
  clientCpuSeconds: number;
  elapsedSeconds: number;
}

/** One autocannon run against the target, with the CPU time of the process answering it and of this process. */
async function timedLoad(target: Target, seconds: number): Promise<TimedResult> {
  const serverCpu = cpuSecondsOf(target.pid);
  const clientCpu = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: target.url,
    connections: target.connections,
    duration: seconds,
    pipelining: 1,
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.requests ? { requests: target.requests } : {}),
    timeout: 10,
  });
  const elapsedSeconds = (performance.now() - started) / 1000;
  const serverCpuSeconds = cpuSecondsOf(target.pid) - serverCpu;
  const client = process.cpuUsage(clientCpu);
  return { result, serverCpuSeconds, clientCpuSeconds: (client.user + client.system) / 1e6, elapsedSeconds };
}

const perRequestUs = (cpuSeconds: number, requests: number) =>
  requests > 0 ? (cpuSeconds * 1e6) / requests : Number.NaN;

// ---------------------------------------------------------------- rounds

/**
 * A warm-up run of every target, then `rounds` rounds that run the targets in
 * turn; `onRound` sees each round's runs (for a progress line). Returns the
 * rounds' runs per target.
 */
export async function alternateRuns<R>(
  targets: ReadonlyArray<(seconds: number) => Promise<R>>,
  timing: { warmupSeconds: number; roundSeconds: number; rounds: number },
  onRound?: (round: number, runs: R[]) => void,
): Promise<R[][]> {
  for (const run of targets) await run(timing.warmupSeconds);
  const runs: R[][] = targets.map(() => []);
  for (let i = 1; i <= timing.rounds; i++) {
    const latest: R[] = [];
    for (const [j, run] of targets.entries()) {
      const r = await run(timing.roundSeconds);
      runs[j]!.push(r);
      latest.push(r);
    }
    onRound?.(i, latest);
  }
  return runs;
}

// ---------------------------------------------------------------- figures per target (signed in, shop, study)

export const WARMUP_SECONDS = 3;
export const ROUND_SECONDS = 4;
export const ROUNDS = 2;

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  failed: number;
  non2xx: number;
  cpuUsPerRequest: number;
}
export interface Figures extends Omit<Run, 'requests'> {
  requests: number;
  rounds: Run[];
}

export async function load(target: Target, seconds: number): Promise<Run> {
  const { result: r, serverCpuSeconds } = await timedLoad(target, seconds);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    failed: r.errors + r.timeouts,
    non2xx: r.non2xx,
    cpuUsPerRequest: perRequestUs(serverCpuSeconds, r.requests.total),
  };
}

export function summarise(runs: Run[]): Figures {
  return {
    rps: round(median(runs.map((r) => r.rps)), 0),
    p50: round(median(runs.map((r) => r.p50))),
    p99: round(median(runs.map((r) => r.p99))),
    max: round(Math.max(...runs.map((r) => r.max))),
    cpuUsPerRequest: round(median(runs.map((r) => r.cpuUsPerRequest)), 0),
    requests: runs.reduce((n, r) => n + r.requests, 0),
    failed: runs.reduce((n, r) => n + r.failed, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    rounds: runs,
  };
}

/** Warm-up, then ROUNDS alternating rounds of ROUND_SECONDS over the targets; a progress line with each round's req/s. */
export async function alternate(label: string, targets: Target[]): Promise<Figures[]> {
  process.stdout.write(`  ${label}: warm-up`);
  const runs = await alternateRuns(
    targets.map((t) => (seconds: number) => load(t, seconds)),
    { warmupSeconds: WARMUP_SECONDS, roundSeconds: ROUND_SECONDS, rounds: ROUNDS },
    (i, latest) => process.stdout.write(` · ${i}: ${latest.map((r) => round(r.rps, 0)).join(' / ')}`),
  );
  console.log(' req/s');
  return runs.map(summarise);
}

/** What went wrong under load: failed or non-2xx requests, or none answered. */
export function brokenRuns(name: string, f: Pick<Figures, 'failed' | 'non2xx' | 'requests'>): string[] {
  return [
    ...(f.failed > 0 || f.non2xx > 0 ? [`${name}: ${f.failed} failed and ${f.non2xx} non-2xx requests`] : []),
    ...(f.requests === 0 ? [`${name}: no requests answered`] : []),
  ];
}

// ---------------------------------------------------------------- detailed figures (the SSR bench)

export interface DetailedRun {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Status codes other than 200, with counts. */
  otherStatus: Record<string, number>;
  bytesPerSec: number;
  /** CPU time (user + system) the server process spent per answered request, in µs. */
  serverCpuUsPerRequest: number;
  /** Share of one core the bench process (autocannon) used: near 1, the load generator is the bottleneck. */
  clientCpuShare: number;
}

export async function loadDetailed(target: Target, seconds: number): Promise<DetailedRun> {
  const { result, serverCpuSeconds, clientCpuSeconds, elapsedSeconds } = await timedLoad(target, seconds);
  const otherStatus: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (code !== '200') otherStatus[code] = count;
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    otherStatus,
    bytesPerSec: result.throughput.average,
    serverCpuUsPerRequest: perRequestUs(serverCpuSeconds, result.requests.total),
    clientCpuShare: clientCpuSeconds / elapsedSeconds,
  };
}

/** The medians of the rounds, and the rounds. */
export function summariseDetailed(runs: DetailedRun[]) {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50Ms: median(runs.map((r) => r.p50)),
    p99Ms: median(runs.map((r) => r.p99)),
    cpuUsPerRequest: median(runs.map((r) => r.serverCpuUsPerRequest)),
    clientCpuShare: median(runs.map((r) => r.clientCpuShare)),
    rounds: runs,
  };
}
export type DetailedFigures = ReturnType<typeof summariseDetailed>;
