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
 * Below this size a body compressed for one response only goes out as gzip when the client takes it: for the
 * 10–20 kB of a signed-in `.data` navigation or an API list, gzip 3 costs a third to two thirds of brotli 2's
 * time for 0–8 % more bytes (measured on the learn page's data and the cards API). Larger bodies (whole
 * pages) and bodies sent many times (cached pages, assets) keep brotli.
 */
const ONCE_GZIP_BELOW_BYTES = 64 * 1024;

/**
 * The best encoding the client accepts that we make: brotli, then gzip, else none. `once`: the body is
 * compressed for this response only (a personal page or an API answer): a small one prefers gzip.
 */
export function chooseEncoding(
  acceptEncoding: string | null | undefined,
  size: number,
  { once = false }: { once?: boolean } = {},
): Encoding | null {
  if (size < MIN_COMPRESS_BYTES || !acceptEncoding) return null;
  const accepted = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
    .map(([name]) => name!.trim());
  const gzip = accepted.includes('gzip');
  if (gzip && once && size < ONCE_GZIP_BELOW_BYTES) return 'gzip';
  if (accepted.includes('br')) return 'br';
  if (gzip) return 'gzip';
  return null;
}

/**
 * A body in an encoding. `reused`: the result is kept and sent many times (a
 * cached page), so it is compressed harder once; otherwise it is compressed
 * fast (brotli 2 is as small as gzip 4 at half its cost).
 */
export function compress(body: Uint8Array, encoding: Encoding, { reused = false }: { reused?: boolean } = {}): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: reused ? 5 : 2,
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
    if (!chooseEncoding(acceptEncoding, declaredLength, { once: true })) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const encoding = chooseEncoding(acceptEncoding, body.length, { once: true });
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
