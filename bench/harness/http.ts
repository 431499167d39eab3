/**
 * Plain HTTP for the benches: raw GETs whose body is the bytes on the wire,
 * reading their headers and cookies, and signing in once.
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

/** One raw GET over node:http: no automatic decompression, so the body is the wire bytes. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
      res.on('error', fail);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout fetching ${url}`)));
    req.on('error', fail);
    req.end();
  });
}

export function headerOf(rawHeaders: string[], name: string): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1];
  }
  return undefined;
}

export function decodeBody(body: Buffer, encoding: string): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'identity') return body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

/** The body of a raw response as text, decoded from its content-encoding. */
export function textOf(raw: RawResponse): string {
  return decodeBody(raw.body, headerOf(raw.rawHeaders, 'content-encoding') ?? 'identity').toString('utf8');
}

/** The Set-Cookie lines of a raw response. */
export function setCookieLines(raw: RawResponse): string[] {
  const lines: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i]!.toLowerCase() === 'set-cookie') lines.push(raw.rawHeaders[i + 1]!);
  }
  return lines;
}

/** name → value of Set-Cookie lines ('' for a cookie being cleared). */
export function parseSetCookies(lines: readonly string[]): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of lines) {
    const [pair = ''] = line.split(';', 1);
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return jar;
}

/**
 * Signs in once over the accounts API (3 attempts a minute per client): the
 * cookies the answer sets, name → value. Throws when it fails or sets no session.
 */
export async function signIn(url: string, email: string, password: string, userAgent: string) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', origin: url, 'user-agent': userAgent },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${body.slice(0, 300)}`);
  const cookies = parseSetCookies(res.headers.getSetCookie());
  if (!cookies.get('slaagbundel.session_token')) throw new Error('sign-in set no slaagbundel.session_token cookie');
  return cookies;
}
