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
 * Compresses a text response (JSON, HTML, …) that is not compressed yet for a
 * client that accepts it, and says `Vary: Accept-Encoding`. Responses without
 * a body, HEAD requests, small bodies and other types pass as they are.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === 'HEAD' || res.headers.has('Content-Encoding')) return;
    if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
    if (/\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')) return;
    if (!/accept-encoding/i.test(res.headers.get('Vary') ?? '')) res.headers.append('Vary', 'Accept-Encoding');
    const acceptEncoding = c.req.header('Accept-Encoding');
    const declaredLength = Number(res.headers.get('Content-Length') ?? Number.POSITIVE_INFINITY);
    if (!chooseEncoding(acceptEncoding, declaredLength)) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const encoding = chooseEncoding(acceptEncoding, body.length);
    const headers = new Headers(res.headers);
    let sent: Uint8Array = body;
    if (encoding) {
      sent = compress(body, encoding);
      headers.set('Content-Encoding', encoding);
    }
    headers.set('Content-Length', String(sent.length));
    c.res = new Response(sent as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers });
  };
}
