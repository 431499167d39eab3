import { createHash } from 'node:crypto';
import { compress, type Encoding } from './compression.ts';
import { pageCsp } from './csp.ts';

/**
 * A rendered response made ready to send to anyone: the whole body, its CSP,
 * a weak ETag when it may be cached publicly (a personal page is never revalidated), whether it may, and its compressed forms
 * (made once, on first need). The page micro-cache keeps these (docs/caches.md).
 */
export interface PreparedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Null for a personal page: it is `no-store` or `no-cache` for one person, never compared. */
  etag: string | null;
  /** Same HTML for everyone: page cache, CDN and browsers may keep it. */
  public: boolean;
  encoded: Partial<Record<Encoding, Buffer>>;
}

const CACHEABLE_STATUS = new Set([200, 404]);
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
  const shared =
    (method === 'GET' || method === 'HEAD') && CACHEABLE_STATUS.has(response.status) && !setsCookie && !declaredPrivate;
  return {
    status: response.status,
    headers,
    body,
    etag: shared ? etagOf(body) : null,
    public: shared,
    encoded: {},
  };
}

/**
 * The body in an encoding, compressed on first use (server/infra/compression.ts) and kept on the page, so that a
 * page the micro-cache answers again is not compressed again.
 */
export function encodedBody(page: PreparedPage, encoding: Encoding, { reused }: { reused: boolean }): Buffer {
  const known = page.encoded[encoding];
  if (known) return known;
  const encoded = compress(page.body, encoding, { reused });
  page.encoded[encoding] = encoded;
  return encoded;
}

/** True when an If-None-Match header names this ETag (weak comparison, RFC 9110). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
