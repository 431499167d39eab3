import type { MiddlewareHandler } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * How the server compresses what it sends: pages (server/infra/prepared-page.ts)
 * and the API's JSON and documents (compressResponses below). In one piece,
 * synchronously, into a buffer: a response here is whole before it is sent
 * (pages are rendered whole, JSON is serialised whole), and a buffer is the
 * cheapest body to write. A stream through CompressionStream (hono/compress)
 * cost several times more for the few kilobytes an API answer has.
 */

export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this are sent uncompressed: they fit in one packet either way. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * The best encoding the client accepts that we make: brotli, then gzip, else none.
 */
export function chooseEncoding(acceptEncoding: string | null | undefined, size: number): Encoding | null {
  if (size < MIN_COMPRESS_BYTES || !acceptEncoding) return null;
  const accepted = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
    .map(([name]) => name!.trim());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * A body in an encoding. `reused`: the result is kept and sent many times (a cached page), so it is compressed
 * harder once (brotli 5). A body compressed for one response only (a personal page, its `.data`, an API answer) is
 * compressed at brotli's fastest setting: brotli 1 took half the time of brotli 2 and a third to a half less than
 * gzip 1 or 3, for 5–13 % more bytes than brotli 2 (issue 36, measured on the area home, a card, the cards API and
 * the results, planning and subject `.data`: 7–100 kB).
 */
export function compress(body: Uint8Array, encoding: Encoding, { reused = false }: { reused?: boolean } = {}): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: reused ? 5 : 1,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body, { level: reused ? 6 : 3 });
}

const COMPRESSIBLE = /^(application\/(json|problem\+json|javascript|xml)|text\/)/i;

/**
 * The body a response was made with, read without turning it into a stream. Under `@hono/node-server`, the global
 * `Response` is its lightweight one: made with a string or bytes (every `c.json`, `c.body`, `c.text`), it keeps
 * them as they were and writes them straight to the socket, until something reads `body`, `statusText`,
 * `arrayBuffer()` or the like; then it becomes a full web `Response` around a `ReadableStream`, and the bytes go
 * through that stream twice (to be read here, then to be written). For an API answer of 1–30 kB that cost as much
 * as compressing it (issue 36). The lightweight response keeps `[status, body, headers]` under a symbol of its
 * own; what it holds is read here, and a response of another kind (a stream, a web `Response`) is read whole.
 * `compression.test.ts` proves both ways, so an upgrade of the server adapter that moves the symbol is seen.
 */
let lightweightCache: symbol | undefined;
export function readyBody(res: Response): string | Uint8Array | null | undefined {
  if (lightweightCache === undefined) {
    lightweightCache = Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache');
    if (lightweightCache === undefined) return undefined;
  }
  const cache = (res as unknown as Record<symbol, unknown>)[lightweightCache];
  if (!Array.isArray(cache)) return undefined;
  const body: unknown = cache[1];
  return body === null || typeof body === 'string' || body instanceof Uint8Array ? body : undefined;
}

/**
 * Compresses a text response (JSON, HTML, …) that is not compressed yet for a
 * client that accepts it, and says `Vary: Accept-Encoding`. Responses without
 * a body, HEAD requests, small bodies and other types pass as they are. Only
 * the response's headers and, where it has them ready, its body are read
 * (`readyBody`): a response left as it was is sent as it was made.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === 'HEAD') return;
    const res = c.res;
    const headers = res.headers;
    if (headers.has('Content-Encoding')) return;
    if (!COMPRESSIBLE.test(headers.get('Content-Type') ?? '')) return;
    if (/\bno-transform\b/i.test(headers.get('Cache-Control') ?? '')) return;
    const ready = readyBody(res);
    if (ready === null || (ready === undefined && !res.body)) return;
    if (!/accept-encoding/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding');
    const acceptEncoding = c.req.header('Accept-Encoding');
    const declaredLength = Number(headers.get('Content-Length') ?? Number.POSITIVE_INFINITY);
    if (!chooseEncoding(acceptEncoding, declaredLength)) return;
    const body =
      ready === undefined
        ? new Uint8Array(await res.arrayBuffer())
        : typeof ready === 'string'
          ? Buffer.from(ready)
          : ready;
    const encoding = chooseEncoding(acceptEncoding, body.length);
    // A body read here from a stream is spent: it is sent again, as it was, if it stays uncompressed.
    if (!encoding && ready !== undefined) return;
    const sent = encoding ? compress(body, encoding) : body;
    const answerHeaders = new Headers(headers);
    if (encoding) answerHeaders.set('Content-Encoding', encoding);
    answerHeaders.set('Content-Length', String(sent.length));
    const status = res.status;
    // Unset first: Hono would otherwise rebuild the new response around the old one's headers, as a stream.
    c.res = undefined;
    c.res = new Response(sent as Uint8Array<ArrayBuffer>, { status, headers: answerHeaders });
  };
}
