import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { staticFiles } from './static-files.ts';

function setup() {
  // serveStatic takes a root inside the working directory, as the server gives it (git-ignored here).
  mkdirSync('test-results', { recursive: true });
  const root = mkdtempSync(join('test-results', 'static-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'images'));
  writeFileSync(join(root, 'assets', 'app-abc123.js'), 'export {}');
  writeFileSync(join(root, 'images', 'logo.svg'), '<svg/>');
  const app = new Hono();
  app.use('*', staticFiles(root));
  app.all('*', (c) => c.text('page', 200));
  // Over real HTTP, as in production (node-server streams the files).
  return {
    request: async (path: string, init?: RequestInit) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, init);
        const body = await res.text();
        return { status: res.status, headers: res.headers, text: async () => body };
      } finally {
        server.close();
      }
    },
  };
}

describe('static files', () => {
  it('serves hashed assets as immutable', async () => {
    const res = await setup().request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files for an hour with an ETag, and answers a revalidation with 304', async () => {
    const app = setup();
    const res = await app.request('/images/logo.svg');
    expect(await res.text()).toBe('<svg/>');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const etag = res.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await app.request('/images/logo.svg', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('passes every other path on to the pages', async () => {
    const app = setup();
    for (const path of ['/', '/images/other.svg', '/images', '/assets']) {
      expect(await (await app.request(path)).text(), path).toBe('page');
    }
  });
});
