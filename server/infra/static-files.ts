import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { etag } from 'hono/etag';
import { getMimeType } from 'hono/utils/mime';
import { chooseEncoding, compress, type Encoding } from './compression.ts';

/**
 * Every file under `root` as a URL path ('/images/logos/ideal.svg'), with its size in bytes; apart, the
 * compressed copies the build made of hashed assets ('/assets/x.js.br', '/assets/x.js.gz': vite.config.ts,
 * precompressAssets), which are not files of their own to the browser.
 */
function listFiles(root: string): { files: Map<string, number>; precompressed: Set<string> } {
  const found = new Map<string, number>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.set(`/${relative(root, path).split(sep).join('/')}`, statSync(path).size);
    }
  };
  walk(root);
  const precompressed = new Set<string>();
  for (const path of found.keys()) {
    const original = /^(\/assets\/.+)\.(br|gz)$/.exec(path)?.[1];
    if (original && found.has(original)) precompressed.add(path);
  }
  for (const path of precompressed) found.delete(path);
  return { files: found, precompressed };
}

/** The file extension of a compressed copy in an encoding. */
const EXTENSION: Record<Encoding, string> = { br: 'br', gzip: 'gz' };

/** Text assets, which compress; fonts in WOFF/WOFF2 and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|map|txt|xml|ttf|otf|eot)$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The client build's files (hashed assets, images, icons). The list is read
 * once at start, so a page request never touches the file system for a file
 * that is not there; hashed `/assets/*` are immutable, other files are kept an
 * hour and carry an ETag (a revalidation gets a 304).
 *
 * A hashed text asset (the JavaScript, a stylesheet, an SVG) goes out in the
 * best encoding the browser takes, brotli or gzip: the copy the build made at
 * the highest settings (brotli 11, gzip 9; the framework chunk 102 → 92 kB),
 * else compressed here once, the first time it is asked for in that encoding.
 * Either is kept in memory (the build's text assets are about 1.5 MB, a third
 * of that compressed). Without it the 345 kB framework chunk went out as 345 kB.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const { files, precompressed } = listFiles(root);
  const serveFile = serveStatic({ root });
  // The caching headers go on the file's response itself (serveStatic's onFound runs after that response is made).
  const serve = async (c: Context, next: Next): Promise<Response | undefined> => {
    const response = (await serveFile(c, next)) as Response | undefined;
    if (response) {
      response.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600');
      if (COMPRESSIBLE.test(c.req.path)) response.headers.set('Vary', 'Accept-Encoding');
    }
    return response;
  };
  const withEtag = etag({ weak: true });
  const encoded = new Map<string, Promise<Buffer>>();
  const encodedAsset = (path: string, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding} ${path}`;
    let body = encoded.get(key);
    if (!body) {
      const copy = `${path}.${EXTENSION[encoding]}`;
      body = precompressed.has(copy)
        ? readFile(join(root, copy))
        : readFile(join(root, path)).then((raw) => compress(raw, encoding, { reused: true }));
      // A failed read is not kept.
      body.catch(() => encoded.delete(key));
      encoded.set(key, body);
    }
    return body;
  };
  return async (c, next) => {
    const size = files.get(c.req.path);
    if (size === undefined) return next();
    if (c.req.path.startsWith('/assets/')) {
      const accepted = c.req.header('Accept-Encoding');
      // The best encoding the browser takes, when the build made a copy in it: sent whatever the file's size.
      // Else as on the fly: a file under a kilobyte goes as it is.
      const best = chooseEncoding(accepted, Number.POSITIVE_INFINITY);
      const encoding = !COMPRESSIBLE.test(c.req.path)
        ? null
        : best && precompressed.has(`${c.req.path}.${EXTENSION[best]}`)
          ? best
          : chooseEncoding(accepted, size);
      if (!encoding || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return serve(c, next);
      const body = await encodedAsset(c.req.path, encoding);
      return new Response(c.req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
        headers: {
          'Content-Type': getMimeType(c.req.path) ?? 'application/octet-stream',
          'Content-Encoding': encoding,
          'Content-Length': String(body.length),
          'Cache-Control': IMMUTABLE,
          Vary: 'Accept-Encoding',
        },
      });
    }
    await withEtag(c, async () => {
      const response = await serve(c, next);
      if (response) c.res = response;
    });
    return c.res;
  };
}
