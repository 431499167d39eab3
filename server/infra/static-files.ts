import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { etag } from 'hono/etag';
import { getMimeType } from 'hono/utils/mime';
import { chooseEncoding, compress, type Encoding } from './compression.ts';

/** Every file under `root` as a URL path ('/images/logos/ideal.svg'), with its size in bytes. */
function listFiles(root: string): Map<string, number> {
  const files = new Map<string, number>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(`/${relative(root, path).split(sep).join('/')}`, statSync(path).size);
    }
  };
  walk(root);
  return files;
}

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
 * best encoding the browser takes, brotli or gzip: compressed once, the first
 * time it is asked for in that encoding, and kept in memory (the build's text
 * assets are about 1.5 MB, a third of that compressed). Without it the 345 kB
 * framework chunk went out as 345 kB.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const files = listFiles(root);
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
      body = readFile(join(root, path)).then((raw) => compress(raw, encoding, { reused: true }));
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
      const encoding = COMPRESSIBLE.test(c.req.path) ? chooseEncoding(c.req.header('Accept-Encoding'), size) : null;
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
