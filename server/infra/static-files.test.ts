import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
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

/** The files answered in memory (`app.request`): the bytes as sent, compressed or not. */
function setupInMemory() {
  const root = mkdtempSync(join(tmpdir(), 'static-files-'));
  mkdirSync(join(root, 'assets'));
  const script = `export const lines = [${Array.from({ length: 400 }, (_, i) => `'regel ${i}'`).join(', ')}];\n`;
  writeFileSync(join(root, 'assets', 'app-abc123.js'), script);
  const font = Buffer.alloc(4096, 7);
  writeFileSync(join(root, 'assets', 'font-abc123.woff2'), font);
  writeFileSync(join(root, 'favicon.ico'), Buffer.alloc(2048, 1));
  const app = new Hono();
  app.use('*', staticFiles(root));
  app.all('*', (c) => c.text('not a file', 404));
  return { app, script, font };
}

describe('static files: compressed text assets', () => {
  it('sends a hashed script in brotli or gzip, as the browser takes it, and the same bytes unpacked', async () => {
    const { app, script } = setupInMemory();
    const br = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    const packed = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('Content-Length'))).toBe(packed.length);
    expect(packed.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(packed).toString()).toBe(script);

    const gzip = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await app.request('/assets/app-abc123.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(script);
  });

  it('sends a font as it is, and files outside the assets with an ETag', async () => {
    const { app, font } = setupInMemory();
    const woff2 = await app.request('/assets/font-abc123.woff2', { headers: { 'Accept-Encoding': 'br' } });
    expect(woff2.headers.get('Content-Encoding')).toBeNull();
    expect(Buffer.from(await woff2.arrayBuffer())).toEqual(font);
    const icon = await app.request('/favicon.ico', { headers: { 'Accept-Encoding': 'br' } });
    expect(icon.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(icon.headers.get('ETag')).toBeTruthy();
    expect((await app.request('/assets/missing.js')).status).toBe(404);
  });
});

describe('static files: the copies the build compressed', () => {
  it('sends the build’s brotli and gzip copy of a hashed asset, and never the copy as a file of its own', async () => {
    const { app, script } = setupInMemory();
    const root = mkdtempSync(join(tmpdir(), 'static-files-pre-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'app-abc123.js'), script);
    // The build's copies at the highest settings: smaller than what the server makes on the fly (brotli 5).
    const best = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    writeFileSync(join(root, 'assets', 'app-abc123.js.br'), best);
    writeFileSync(join(root, 'assets', 'app-abc123.js.gz'), gzipSync(script, { level: 9 }));
    // A chunk under a kilobyte: on the fly it goes as it is; the build's copy is smaller, so that goes.
    const tiny = `export const tiny = '${'klein '.repeat(60)}';`;
    const tinyCopy = brotliCompressSync(tiny, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    writeFileSync(join(root, 'assets', 'tiny-abc123.js'), tiny);
    writeFileSync(join(root, 'assets', 'tiny-abc123.js.br'), tinyCopy);
    writeFileSync(join(root, 'assets', 'bare-abc123.js'), tiny);
    const pre = new Hono();
    pre.use('*', staticFiles(root));
    pre.all('*', (c) => c.text('not a file', 404));

    const br = await pre.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    const packed = Buffer.from(await br.arrayBuffer());
    expect(packed).toEqual(best);
    expect(Number(br.headers.get('Content-Length'))).toBe(best.length);
    expect(brotliDecompressSync(packed).toString()).toBe(script);
    const onTheFly = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(packed.length).toBeLessThan((await onTheFly.arrayBuffer()).byteLength);

    const gzip = await pre.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);
    expect(await (await pre.request('/assets/app-abc123.js')).text()).toBe(script);

    const small = await pre.request('/assets/tiny-abc123.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(small.headers.get('Content-Encoding')).toBe('br');
    expect(Buffer.from(await small.arrayBuffer())).toEqual(tinyCopy);
    // Only gzip taken, and no gzip copy: as it is.
    const smallGzip = await pre.request('/assets/tiny-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(smallGzip.headers.get('Content-Encoding')).toBeNull();
    expect(await smallGzip.text()).toBe(tiny);
    const bare = await pre.request('/assets/bare-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(bare.headers.get('Content-Encoding')).toBeNull();
    expect(await bare.text()).toBe(tiny);

    for (const copy of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz', '/assets/tiny-abc123.js.br']) {
      expect((await pre.request(copy)).status, copy).toBe(404);
    }
  });
});
