import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

test('hashed assets are served compressed with immutable caching, pages compressed', async ({ request }) => {
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  const html = await home.text();
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // The JavaScript goes out compressed (brotli when the browser takes it), and unpacks to the script.
  expect(response.headers()['content-encoding']).toBe('br');
  expect(Number(response.headers()['content-length'])).toBeLessThan((await response.body()).length / 2);
  const page = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(page.headers()['content-encoding']).toBe('gzip');
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['cache-control']).toBe('public, max-age=3600');
});

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['build/server/main.js'], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

test('a bad environment variable stops the server with a message naming it', async () => {
  const server = startServer({ PORT: 'zeventig', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sb-env-')) });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('PORT');
  expect(server.output()).toContain('Invalid environment configuration');
});

test('SIGTERM shuts the server down gracefully', async ({ workerServer }) => {
  test.setTimeout(90_000);
  const port = 3190 + test.info().parallelIndex;
  // A second copy on the worker's PostgreSQL database when there is one (already migrated: it starts at once, as a
  // copy beside others does in production); on PGlite, a fresh data directory of its own.
  const server = startServer({
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sb-term-')),
    DATABASE_URL: workerServer.databaseUrl ?? '',
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('SIGTERM received');
  expect(server.output()).toContain('"msg":"stopped"');
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
});
