import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

/** Every file under `root` as a URL path ('/images/logos/ideal.svg'). */
function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.add(`/${relative(root, path).split(sep).join('/')}`);
    }
  };
  walk(root);
  return files;
}

/**
 * The client build's files (hashed assets, images, icons). The list is read
 * once at start, so a page request never touches the file system; hashed
 * `/assets/*` are immutable, other files are kept an hour and carry an ETag
 * (a revalidation gets a 304).
 */
export function staticFiles(root: string): MiddlewareHandler {
  const files = listFiles(root);
  const serve = serveStatic({
    root,
    onFound: (path, c) => {
      c.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  const withEtag = etag({ weak: true });
  return async (c, next) => {
    if (!files.has(c.req.path)) return next();
    if (c.req.path.startsWith('/assets/')) return serve(c, next);
    await withEtag(c, async () => {
      const response = await serve(c, next);
      if (response) c.res = response;
    });
    return c.res;
  };
}
