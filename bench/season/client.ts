/**
 * The load generator of `npm run bench:season`: scripted users over keep-alive node:http connections (autocannon
 * sends one request again and again; a session needs answers: cookies, card ids, an order's number), every
 * request timed and counted per kind of request while a phase is measured. And the processes measured: the
 * server's copies (the primary and its forks) and PostgreSQL's, their CPU time from /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { decodeBody } from '../harness/http.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One request and its answer (the body read whole); never throws: a failed request answers status 0. A request
 * on a kept-alive socket that the server had just closed is sent once more (see `send`).
 */
export class Client {
  readonly agent: Agent;
  readonly url: string;
  private address = 0;

  constructor(url: string, maxSockets: number) {
    this.url = url;
    this.agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  /** A client address of its own for each request (TRUST_PROXY=1): the per-client rate limits are not measured. */
  nextAddress(): string {
    this.address += 1;
    const a = this.address;
    return `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`;
  }

  send(method: string, path: string, headers: Record<string, string>, body?: string, retried = false): Promise<Answer> {
    return new Promise((done) => {
      const req = httpRequest(
        `${this.url}${path}`,
        {
          method,
          agent: this.agent,
          headers: {
            ...headers,
            'x-forwarded-for': this.nextAddress(),
            ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', () => done({ status: 0, headers: {}, body: Buffer.alloc(0) }));
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed as the request went out (its keep-alive timeout, after a think
        // time): Node's documented race, not an answer of the app. Sent once more on a new socket, as a browser does.
        if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) {
          done(this.send(method, path, headers, body, true));
          return;
        }
        done({ status: 0, headers: {}, body: Buffer.alloc(0) });
      });
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A JSON answer's body, decoded from its content-encoding. */
export function jsonOf<T>(answer: Answer): T {
  const encoding = answer.headers['content-encoding'];
  return JSON.parse(
    decodeBody(answer.body, typeof encoding === 'string' ? encoding : 'identity').toString('utf8'),
  ) as T;
}

/** name=value of an answer's Set-Cookie lines. */
export function cookiesOf(answer: Answer): string[] {
  const lines = answer.headers['set-cookie'] ?? [];
  return (Array.isArray(lines) ? lines : [lines]).map((line) => line.split(';', 1)[0]!);
}

// ---------------------------------------------------------------- recording

export interface KindFigures {
  kind: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** Status codes of the errors (0: no answer), with counts. */
  errorStatus: Record<string, number>;
}

/** A percentile of sorted values (nearest rank), in ms with one decimal. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank]! * 10) / 10;
}

/** The requests of a measured stretch: latencies and errors per kind, and the sessions finished in it. */
export class Recorder {
  measuring = false;
  private started = 0;
  private stopped = 0;
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, Record<string, number>>();
  sessions = new Map<string, number>();

  start(): void {
    this.latencies.clear();
    this.errors.clear();
    this.sessions = new Map();
    this.measuring = true;
    this.started = performance.now();
  }

  stop(): void {
    this.measuring = false;
    this.stopped = performance.now();
  }

  get seconds(): number {
    return ((this.measuring ? performance.now() : this.stopped) - this.started) / 1000;
  }

  /** A request that ended; an error is any answer but 2xx or 3xx (or none). */
  record(kind: string, ms: number, status: number): void {
    if (!this.measuring) return;
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = []));
    list.push(ms);
    if (status < 200 || status >= 400) {
      const counts = this.errors.get(kind) ?? {};
      counts[String(status)] = (counts[String(status)] ?? 0) + 1;
      this.errors.set(kind, counts);
    }
  }

  finished(sessionKind: string): void {
    if (this.measuring) this.sessions.set(sessionKind, (this.sessions.get(sessionKind) ?? 0) + 1);
  }

  get requests(): number {
    let n = 0;
    for (const list of this.latencies.values()) n += list.length;
    return n;
  }

  figures(order: readonly string[]): { kinds: KindFigures[]; all: KindFigures } {
    const seconds = this.seconds;
    const one = (kind: string, values: number[], errorStatus: Record<string, number>): KindFigures => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        kind,
        requests: sorted.length,
        rps: Math.round((sorted.length / seconds) * 10) / 10,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: percentile(sorted, 100),
        errors: Object.values(errorStatus).reduce((a, b) => a + b, 0),
        errorStatus,
      };
    };
    const known = [
      ...order.filter((k) => this.latencies.has(k)),
      ...[...this.latencies.keys()].filter((k) => !order.includes(k)),
    ];
    const kinds = known.map((k) => one(k, this.latencies.get(k)!, this.errors.get(k) ?? {}));
    const allErrors: Record<string, number> = {};
    for (const counts of this.errors.values())
      for (const [status, n] of Object.entries(counts)) allErrors[status] = (allErrors[status] ?? 0) + n;
    return { kinds, all: one('all', [...this.latencies.values()].flat(), allErrors) };
  }
}

// ---------------------------------------------------------------- processes

interface Stat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime (+ cutime + cstime of reaped children), in seconds (clock ticks of 1/100 s). */
  cpuSeconds: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const open = text.indexOf('(');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return {
      pid,
      comm: text.slice(open + 1, close),
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100,
    };
  } catch {
    return null;
  }
}

function allStats(): Stat[] {
  const stats: Stat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) stats.push(stat);
  }
  return stats;
}

/** The server's processes: `pid` and its descendants (the cluster's copies). */
export function serverPids(pid: number): number[] {
  const stats = allStats();
  const pids = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats) {
      if (!pids.has(s.pid) && pids.has(s.ppid)) {
        pids.add(s.pid);
        grew = true;
      }
    }
  }
  return [...pids];
}

/** The CPU seconds of the server's processes and of every `postgres` process on the machine, so far. */
export function cpuNow(serverPid: number): { server: number; postgres: number } {
  const stats = allStats();
  const tree = new Set(serverPids(serverPid));
  let server = 0;
  let postgres = 0;
  for (const s of stats) {
    if (tree.has(s.pid)) server += s.cpuSeconds;
    else if (s.comm === 'postgres' || s.comm.startsWith('postgres')) postgres += s.cpuSeconds;
  }
  return { server, postgres };
}

/** The figures of several measured stretches together (the rounds of a phase). */
export function mergedFigures(recorders: readonly Recorder[], order: readonly string[]) {
  const merged = new Recorder();
  merged.start();
  for (const r of recorders) {
    for (const [kind, list] of r.latencies) {
      let mine = merged.latencies.get(kind);
      if (!mine) merged.latencies.set(kind, (mine = []));
      mine.push(...list);
    }
    for (const [kind, counts] of r.errors) {
      const mine = merged.errors.get(kind) ?? {};
      for (const [status, n] of Object.entries(counts)) mine[status] = (mine[status] ?? 0) + n;
      merged.errors.set(kind, mine);
    }
  }
  merged.stop();
  const seconds = recorders.reduce((s, r) => s + r.seconds, 0);
  const figures = merged.figures(order);
  const rescale = (f: KindFigures): KindFigures => ({ ...f, rps: Math.round((f.requests / seconds) * 10) / 10 });
  return { kinds: figures.kinds.map(rescale), all: rescale(figures.all) };
}
