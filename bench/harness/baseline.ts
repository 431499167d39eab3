/**
 * The same-bytes baseline: one response recorded as it was on the wire, then
 * replayed by bench/baseline-server.ts (a bare node:http server in its own
 * process), so a bench can set the app against what Node itself reaches with
 * exactly those bytes and headers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { captureOutput, makeTempDir, track } from './children.ts';
import { decodeBody, headerOf, rawGet, type RawResponse } from './http.ts';
import { ROOT } from './settings.ts';

/** Headers that describe the connection or the body length, not the response: the baseline sets its own. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The headers of a raw response the baseline sends again: all but the hop-by-hop ones and the length. */
function replayHeaders(rawHeaders: string[]): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (!HOP_HEADERS.has(name.toLowerCase())) headers.push([name, rawHeaders[i + 1]!]);
  }
  return headers;
}

/** What the baseline replays: the body as on the wire and the headers to send with it. */
export interface Replay {
  body: Buffer;
  headers: Array<[string, string]>;
}

/** What the baseline replays of a raw response. */
export function replayOf(raw: RawResponse): Replay {
  return { body: raw.body, headers: replayHeaders(raw.rawHeaders) };
}

export interface Recording extends Replay {
  status: number;
  contentType: string;
  contentEncoding: string;
  cacheControl: string | null;
  pageCache: string | null;
  setsCookie: boolean;
  wireBytes: number;
  htmlBytes: number;
  html: string;
}

/**
 * Records one HTML page of `url` as it is on the wire. The page is requested
 * once first (a cached server then answers from its cache, as under load);
 * anything but a 200 HTML document is an error.
 */
export async function recordPage(url: string, path: string, headers: Record<string, string>): Promise<Recording> {
  const prime = await rawGet(url, headers);
  if (prime.status !== 200) throw new Error(`GET ${path} answered ${prime.status}, expected 200`);
  const res = await rawGet(url, headers);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}, expected 200`);
  const contentEncoding = headerOf(res.rawHeaders, 'content-encoding') ?? 'identity';
  const html = decodeBody(res.body, contentEncoding).toString('utf8');
  if (!html.includes('<html')) throw new Error(`GET ${path} did not return an HTML document`);
  return {
    status: res.status,
    contentType: headerOf(res.rawHeaders, 'content-type') ?? '(none)',
    contentEncoding,
    cacheControl: headerOf(res.rawHeaders, 'cache-control') ?? null,
    pageCache: headerOf(res.rawHeaders, 'x-page-cache') ?? null,
    setsCookie: headerOf(res.rawHeaders, 'set-cookie') !== undefined,
    wireBytes: res.body.length,
    htmlBytes: Buffer.byteLength(html),
    headers: replayHeaders(res.rawHeaders),
    body: res.body,
    html,
  };
}

export interface Baseline {
  child: ChildProcess;
  pid: number;
  /** The baseline's URL for `path`: it answers every path alike. */
  url: string;
}

/**
 * bench/baseline-server.ts serving one response; checks, with
 * `requestHeaders`, that it replays the very bytes in the same encoding.
 * `label` names it in errors. Stopped by stopChild() or stopChildren().
 */
export async function startBaseline(
  replay: Replay,
  { requestHeaders, label, path = '/' }: { requestHeaders: Record<string, string>; label: string; path?: string },
): Promise<Baseline> {
  const tmp = makeTempDir('slaagbundel-bench-baseline-');
  const bodyFile = join(tmp, 'page.body');
  const headersFile = join(tmp, 'page.headers.json');
  writeFileSync(bodyFile, replay.body);
  writeFileSync(headersFile, JSON.stringify(replay.headers));
  const child = track(
    spawn(process.execPath, [join(ROOT, 'bench', 'baseline-server.ts'), bodyFile, headersFile], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: '0' },
    }),
  );
  const log = captureOutput(child);
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`baseline did not start:\n${log.lines.join('\n')}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /\{"port":(\d+)\}/.exec(chunk.toString('utf8'));
      if (m) {
        clearTimeout(timer);
        done(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`baseline exited (${code}):\n${log.lines.join('\n')}`));
    });
  });
  const url = `http://127.0.0.1:${port}${path}`;
  const check = await rawGet(url, requestHeaders);
  const encoding = (headers: Array<[string, string]>) =>
    headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
  const sameEncoding = (headerOf(check.rawHeaders, 'content-encoding') ?? 'identity') === encoding(replay.headers);
  if (check.status !== 200 || !check.body.equals(replay.body) || !sameEncoding)
    throw new Error(`baseline for ${label} does not serve the recorded bytes`);
  return { child, pid: child.pid!, url };
}
