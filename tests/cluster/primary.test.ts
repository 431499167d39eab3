/**
 * `npm run serve` on PostgreSQL with WEB_CONCURRENCY=2 (server/cluster.ts, ADR 029): the primary sets the
 * database up once, forks two copies on one port, starts a copy again when one dies, and on SIGTERM lets
 * every copy drain and stops with exit code 0.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { eventually, freePort, logged, ready, spawnServer, type ServerProcess } from './copies.ts';

let primary: ServerProcess;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const copyPids = () => logged(primary, 'server copy started').map((entry) => entry.copyPid as number);

beforeAll(async () => {
  const port = await freePort();
  // No MIGRATE and no WEB_CONCURRENCY=1: what `npm run serve` gets on a host with DATABASE_URL.
  primary = spawnServer('primary', port, {
    DATABASE_URL: inject('cluster').primary,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_CONCURRENCY: '2',
    MIGRATE: '',
  });
  await ready(primary);
  // Both copies listen before the test starts (readyz answers as soon as the first does).
  await eventually(
    async () => logged(primary, 'Slaagbundel is listening').length,
    (n) => n >= 2,
    120_000,
  );
});

afterAll(async () => {
  await primary?.stop();
});

it('sets the database up once, in one step, and then runs two copies that only check it', () => {
  expect(logged(primary, 'migrations applied')).toHaveLength(1);
  expect(logged(primary, 'running 2 server copies')).toHaveLength(1);
  expect(copyPids()).toHaveLength(2);
  expect(logged(primary, 'Slaagbundel is listening')).toHaveLength(2);
});

it('starts a copy again when one dies, and keeps answering meanwhile', async () => {
  const [victim] = copyPids();
  process.kill(victim!, 'SIGKILL');
  const restarted = await eventually(
    async () => logged(primary, 'server copy exited; starting another'),
    (entries) => entries.length > 0,
  );
  expect(restarted[0]).toMatchObject({ copyPid: victim, signal: 'SIGKILL' });
  expect((await fetch(`${primary.url}/healthz`)).status).toBe(200);
  const listening = await eventually(
    async () => logged(primary, 'Slaagbundel is listening').length,
    (n) => n >= 3,
    120_000,
  );
  expect(listening).toBe(3);
  expect(copyPids()).toHaveLength(3);
  expect((await fetch(`${primary.url}/readyz`)).status).toBe(200);
});

it('on SIGTERM, every copy drains and stops, then the primary exits with 0', async () => {
  const running = copyPids().filter(alive);
  expect(running).toHaveLength(2);
  primary.child.kill('SIGTERM');
  expect(await primary.exited).toBe(0);
  expect(logged(primary, 'shutting down')).toHaveLength(2);
  expect(logged(primary, 'stopped').length).toBe(3); // the two copies, then the primary
  expect(running.filter(alive)).toEqual([]);
  await expect(fetch(`${primary.url}/healthz`)).rejects.toThrow();
});
