/** The JavaScript a first visit to a page loads, with its gzip size. */
import { gzipSync } from 'node:zlib';
import { CONSENT_COOKIE } from './settings.ts';

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

export interface JsFile {
  url: string;
  how: string;
  bytes: number;
  gzipBytes: number;
  /** The bytes the server sends a browser that takes brotli and gzip (Chromium's Accept-Encoding). */
  servedBytes: number;
}

/** What Chromium sends: the server picks brotli (server/infra/compression.ts chooseEncoding). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The JS a first visit to the page loads: module scripts, modulepreloads, inline import()s, and their static imports. */
export async function firstLoadJs(html: string, pageUrl: string): Promise<JsFile[]> {
  const found = new Map<string, string>();
  const add = (ref: string, how: string) => {
    const url = new URL(ref.replaceAll('&amp;', '&'), pageUrl);
    if (url.origin !== new URL(pageUrl).origin || !url.pathname.startsWith('/assets/')) return;
    if (!found.has(url.href)) found.set(url.href, how);
  };
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = attributes(m[1]!);
    if (attrs.get('type') === 'module' && attrs.get('src')) add(attrs.get('src')!, 'script[type=module]');
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(m[1]!);
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload') && attrs.get('href')) add(attrs.get('href')!, 'modulepreload');
  }
  for (const m of html.matchAll(/\bimport\(\s*(["'])([^"']+)\1\s*\)/g)) add(m[2]!, 'inline import()');
  // Static imports of inline module scripts (React Router imports the route modules this way).
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attributes(m[1]!).get('type') !== 'module') continue;
    for (const i of m[2]!.matchAll(/(?:\bfrom\s*|\bimport\s*)(["'])([^"']+\.js)\1/g))
      add(i[2]!, 'inline module import');
  }

  const files: JsFile[] = [];
  const queue = [...found.keys()];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const url = queue.shift()!;
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity', cookie: CONSENT_COOKIE } });
    if (!res.ok) throw new Error(`first-load JS: ${url} answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const served = await fetch(url, {
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, cookie: CONSENT_COOKIE },
    });
    // fetch unpacks the body; the length on the wire is the header's (the server always sends one for assets).
    const servedBytes = Number(served.headers.get('content-length') ?? bytes.length);
    await served.arrayBuffer();
    files.push({ url, how: found.get(url)!, bytes: bytes.length, gzipBytes: gzipSync(bytes).length, servedBytes });
    // Static imports of an ES module load before it runs, preloaded or not.
    const source = bytes.toString('utf8');
    for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*)(["'])(\.{1,2}\/[^"']+\.js|\/assets\/[^"']+\.js)\1/g)) {
      const dep = new URL(m[2]!, url).href;
      if (seen.has(dep)) continue;
      seen.add(dep);
      found.set(dep, `static import (not preloaded) of ${new URL(url).pathname}`);
      queue.push(dep);
    }
  }
  return files;
}
