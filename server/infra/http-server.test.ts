import { connect, type AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_TIMEOUTS, httpServerOptions, listen } from './http-server.ts';

let server: ServerType;
let port: number;

beforeAll(async () => {
  const app = new Hono()
    .get('/', (c) => c.text('hallo'))
    .post('/', async (c) => c.text(await c.req.text().catch(() => '')));
  // Short timeouts, so that the test waits for the server to give up on a slow client for well under a second.
  server = await listen({
    fetch: app.fetch,
    hostname: '127.0.0.1',
    port: 0,
    timeouts: { headersMs: 200, requestMs: 400, keepAliveMs: 200 },
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Opens a raw connection, writes `chunk` and answers everything the server sent until it closed the connection. */
function sendAndWaitForClose(chunk: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(chunk));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (received += data));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('the HTTP server closes slow clients', () => {
  it('answers 408 and closes a connection whose headers never end', { timeout: 10_000 }, async () => {
    const answer = await sendAndWaitForClose('GET / HTTP/1.1\r\nHost: slaagbundel.test\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toContain('Connection: close');
  });

  it('answers 408 and closes a connection whose body never ends', { timeout: 10_000 }, async () => {
    const answer = await sendAndWaitForClose(
      'POST / HTTP/1.1\r\nHost: slaagbundel.test\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nhalf',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('closes an idle keep-alive connection after answering its request', { timeout: 10_000 }, async () => {
    const answer = await sendAndWaitForClose('GET / HTTP/1.1\r\nHost: slaagbundel.test\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toContain('hallo');
    expect(answer).not.toContain('408');
  });

  it('still answers a client that sends its request at once', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'snel' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('snel');
  });
});

describe('httpServerOptions', () => {
  it('sets the headers, request and keep-alive timeouts well below Node’s defaults', () => {
    expect(httpServerOptions()).toMatchObject({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    });
    expect(DEFAULT_HTTP_TIMEOUTS.headersMs).toBeLessThan(60_000);
  });

  it('never sets a headers timeout above the request timeout (Node would refuse to start)', () => {
    expect(httpServerOptions({ headersMs: 50_000, requestMs: 20_000, keepAliveMs: 5_000 }).headersTimeout).toBe(20_000);
  });
});
