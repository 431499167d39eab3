import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageCsp } from './csp.ts';

/**
 * A rendered response made ready to send to anyone: the whole body, its CSP,
 * a weak ETag, whether it may be cached publicly, and its compressed forms
 * (made once, on first need). The page cache keeps these.
 */
export interface PreparedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** Same HTML for everyone: page cache, CDN and browsers may keep it. */
  public: boolean;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

const CACHEABLE_STATUS = new Set([200, 404]);
/** Bodies smaller than this are sent uncompressed. */
const MIN_COMPRESS_BYTES = 1024;
const DROPPED_HEADERS = new Set(['content-length', 'content-encoding', 'etag', 'cache-control', 'vary']);

function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export async function preparePage(
  response: Response,
  { method, dev = false, tagManager = false }: { method: string; dev?: boolean; tagManager?: boolean },
): Promise<PreparedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: [string, string][] = [];
  let setsCookie = false;
  for (const [name, value] of response.headers) {
    const lower = name.toLowerCase();
    if (lower === 'set-cookie') setsCookie = true;
    if (!DROPPED_HEADERS.has(lower)) headers.push([name, value]);
  }
  const html = (response.headers.get('Content-Type') ?? '').startsWith('text/html');
  if (html) headers.push(['Content-Security-Policy', pageCsp(body, { dev, tagManager })]);
  const declaredPrivate = /\b(private|no-store)\b/i.test(response.headers.get('Cache-Control') ?? '');
  return {
    status: response.status,
    headers,
    body,
    etag: etagOf(body),
    public:
      (method === 'GET' || method === 'HEAD') &&
      CACHEABLE_STATUS.has(response.status) &&
      !setsCookie &&
      !declaredPrivate,
    encoded: {},
  };
}

/** The best encoding the client accepts that we make: brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | null | undefined, size: number): 'br' | 'gzip' | null {
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
 * The body in an encoding, compressed on first use and remembered on the page.
 * A page that is kept in the cache is compressed harder (once for many
 * responses); one sent once is compressed fast (brotli 2 is as small as gzip 4
 * at half its cost).
 */
export function encodedBody(page: PreparedPage, encoding: 'br' | 'gzip', { reused }: { reused: boolean }): Buffer {
  let encoded = page.encoded[encoding];
  if (!encoded) {
    encoded =
      encoding === 'br'
        ? brotliCompressSync(page.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: reused ? 5 : 2,
              [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : gzipSync(page.body, { level: reused ? 6 : 3 });
    page.encoded[encoding] = encoded;
  }
  return encoded;
}

/** True when an If-None-Match header names this ETag (weak comparison, RFC 9110). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
