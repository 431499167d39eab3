import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { staticFiles } from './static-files.ts';

function setup() {
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

describe('staticFiles', () => {
  it('sends a hashed script in brotli or gzip, as the browser takes it, and the same bytes unpacked', async () => {
    const { app, script } = setup();
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
    const { app, font } = setup();
    const woff2 = await app.request('/assets/font-abc123.woff2', { headers: { 'Accept-Encoding': 'br' } });
    expect(woff2.headers.get('Content-Encoding')).toBeNull();
    expect(Buffer.from(await woff2.arrayBuffer())).toEqual(font);
    const icon = await app.request('/favicon.ico', { headers: { 'Accept-Encoding': 'br' } });
    expect(icon.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(icon.headers.get('ETag')).toBeTruthy();
    expect((await app.request('/assets/missing.js')).status).toBe(404);
  });
});
