import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compress, compressResponses, readyBody } from './compression.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Leerkaart ${i}` })) };

function app() {
  const a = new Hono();
  a.use('*', compressResponses());
  a.get('/big', (c) => c.json(big));
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  a.get('/gone', (c) => c.body(null, 204));
  a.get('/raw', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }));
  return a;
}

describe('compressResponses', () => {
  it('sends a JSON answer in brotli or gzip, whichever the client takes, with its length and Vary', async () => {
    const br = await app().request('/big', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get('Content-Length')).toBe(String(brBody.length));
    expect(JSON.parse(brotliDecompressSync(brBody).toString())).toEqual(big);

    // A browser takes both: brotli (at its fastest setting for an answer compressed for itself alone).
    const browser = await app().request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(browser.headers.get('Content-Encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await browser.arrayBuffer())).toString())).toEqual(big);

    const gzip = await app().request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(big);

    const plain = await app().request('/big');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual(big);
  });

  it('leaves small bodies, other types, empty answers, HEAD and no-transform as they are', async () => {
    const headers = { 'Accept-Encoding': 'br, gzip' };
    const small = await app().request('/small', { headers });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    expect((await app().request('/image', { headers })).headers.get('Content-Encoding')).toBeNull();
    expect((await app().request('/gone', { headers })).status).toBe(204);
    const head = await app().request('/big', { method: 'HEAD', headers });
    expect(head.headers.get('Content-Encoding')).toBeNull();
    const raw = await app().request('/raw', { headers });
    expect(raw.headers.get('Content-Encoding')).toBeNull();
    expect(await raw.json()).toEqual(big);
  });
});

/** One request over real HTTP to the app served by `@hono/node-server` (as `server/main.ts` serves it). */
async function overHttp(path: string, acceptEncoding: string) {
  const a = app();
  a.get('/stream', (c) =>
    c.body(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify(big)));
          controller.close();
        },
      }),
      200,
      { 'Content-Type': 'application/json' },
    ),
  );
  const server = createAdaptorServer({ fetch: a.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}

describe('compressResponses under the Node server adapter', () => {
  it('compresses a JSON answer and a streamed one, each with its length', async () => {
    for (const path of ['/big', '/stream']) {
      const { headers, body } = await overHttp(path, 'gzip, br');
      expect(headers['content-encoding']).toBe('br');
      expect(headers['content-length']).toBe(String(body.length));
      expect(headers.vary).toBe('Accept-Encoding');
      expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual(big);
    }
    const small = await overHttp('/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });

  it('reads the body a response was made with, without making it a stream', async () => {
    await overHttp('/small', 'br'); // the adapter's lightweight Response is the global one from here on
    const text = JSON.stringify(big);
    expect(readyBody(new Response(text))).toBe(text);
    const bytes = new Uint8Array([1, 2, 3]);
    expect(readyBody(new Response(bytes))).toBe(bytes);
    expect(readyBody(new Response(null, { status: 204 }))).toBeNull();
    // Once its stream is asked for, the body is no longer at hand: it is read whole instead.
    const streamed = new Response(text);
    expect(streamed.body).not.toBeNull();
    expect(readyBody(streamed)).toBeUndefined();
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, honours q=0, and skips bodies under 1 kB', () => {
    expect(chooseEncoding('gzip, br', 5000)).toBe('br');
    expect(chooseEncoding('br;q=0, gzip', 5000)).toBe('gzip');
    expect(chooseEncoding('identity', 5000)).toBeNull();
    expect(chooseEncoding('br', 500)).toBeNull();
    expect(chooseEncoding(undefined, 5000)).toBeNull();
  });

  it('compresses a body sent once fast and one kept for many harder, both smaller than it was', () => {
    const body = Buffer.from(JSON.stringify(big));
    const once = compress(body, 'br');
    const kept = compress(body, 'br', { reused: true });
    expect(brotliDecompressSync(once).toString()).toBe(body.toString());
    expect(brotliDecompressSync(kept).toString()).toBe(body.toString());
    expect(once.length).toBeLessThan(body.length / 2);
    expect(kept.length).toBeLessThanOrEqual(once.length);
  });
});
