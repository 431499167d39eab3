/**
 * Background jobs (ADR 007): pg-boss on the test database (in-memory PGlite,
 * or PostgreSQL with DATABASE_URL), the job registry, retries and error
 * reporting, the consent-retention job and its schedule. Nothing sleeps: every
 * wait polls for a state with a deadline.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { consentRecords } from '#app/modules/consent/db/tables.ts';
import { CONSENT_RETENTION_DAYS } from '#app/modules/consent/domain/consent-retention.ts';
import { consentRetentionJob } from '#app/jobs/consent-retention.ts';
import { defineJob } from '#app/jobs/define.ts';
import type { ErrorReporter } from '#app/platform/integrations/errors/port.ts';
import { compose } from '#server/composition.ts';
import { parseEnv, shouldRunJobs } from '#server/env.ts';
import { createJobQueue, JOB_TIMEZONE, type JobQueue } from '#server/jobs/queue.ts';
import { createQueueDb } from '#server/jobs/queue-db.ts';
import { registeredJobs } from '#server/jobs/registry.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Polls `probe` until it returns something truthy; fails after `timeoutMs`. */
async function until<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Test jobs beside the real one: retry without delay so a retry is picked up at the next poll.
const echoed: string[] = [];
const echoJob = defineJob({
  name: 'test-echo',
  schema: z.object({ text: z.string().min(1) }),
  async handler(_scope, { text }) {
    echoed.push(text);
    return { echoed: text };
  },
});
const flakyAttempts: number[] = [];
const flakyJob = defineJob({
  name: 'test-flaky',
  schema: z.object({}),
  retry: { limit: 2, delaySeconds: 0, backoff: false },
  async handler(_scope, _payload, run) {
    flakyAttempts.push(run.attempt);
    if (run.attempt === 1) throw new Error('flaky: first attempt fails');
    return { attempt: run.attempt };
  },
});
const brokenJob = defineJob({
  name: 'test-broken',
  schema: z.object({}),
  retry: { limit: 1, delaySeconds: 0, backoff: false },
  async handler() {
    throw new Error('broken: always fails');
  },
});
const testJobs = [echoJob, flakyJob, brokenJob, consentRetentionJob] as const;

let rt: TestRuntime;
let queue: JobQueue<typeof testJobs>;
let capture: MockInstance<ErrorReporter['capture']>;

beforeAll(async () => {
  rt = await createTestRuntime({ seed: false });
  capture = vi.spyOn(rt.deps.errors, 'capture');
  queue = createJobQueue({ raw: rt.database.raw, deps: rt.deps, jobs: testJobs, pollingIntervalSeconds: 0.5 });
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await rt?.close();
});

async function settled(name: string, id: string) {
  return until(async () => {
    const job = await queue.boss.getJobById<unknown>(name, id, { includeArchive: true });
    return job && (job.state === 'completed' || job.state === 'failed') ? job : null;
  }, `job ${name} ${id} to finish`);
}

/** The errors the queue reported for job `name`, with their context. */
function reportedFor(name: string) {
  return capture.mock.calls
    .filter(([, context]) => context?.job === name)
    .map(([error, context]) => ({ message: (error as Error).message, ...context }));
}

describe('the queue', () => {
  it('starts on the test database: pgboss schema installed, one queue per job', async () => {
    expect(await queue.boss.isInstalled()).toBe(true);
    const names = (await queue.boss.getQueues()).map((q) => q.name);
    expect(names).toEqual(expect.arrayContaining(testJobs.map((job) => job.name)));
    const flaky = await queue.boss.getQueue('test-flaky');
    expect(flaky).toMatchObject({ retryLimit: 2, retryDelay: 0, retryBackoff: false });
    const retention = await queue.boss.getQueue('consent-retention');
    expect(retention).toMatchObject({ retryLimit: 5, retryDelay: 60, retryBackoff: true });
  });

  it('runs an enqueued job once and completes it with the handler output', async () => {
    const id = await queue.enqueue('test-echo', { text: 'hallo' });
    expect(id).toEqual(expect.any(String));
    const job = await settled('test-echo', id!);
    expect(job).toMatchObject({ state: 'completed', retryCount: 0, output: { echoed: 'hallo' } });
    expect(echoed).toEqual(['hallo']);
  });

  it('retries a job that throws and reports the error', async () => {
    const id = await queue.enqueue('test-flaky', {});
    const job = await settled('test-flaky', id!);
    expect(job).toMatchObject({ state: 'completed', retryCount: 1, output: { attempt: 2 } });
    expect(flakyAttempts).toEqual([1, 2]);
    expect(reportedFor('test-flaky')).toEqual([
      expect.objectContaining({ message: 'flaky: first attempt fails', jobId: id, attempt: 1, willRetry: true }),
    ]);
  });

  it('fails a job for good after its last retry, reporting every attempt', async () => {
    const id = await queue.enqueue('test-broken', {});
    const job = await settled('test-broken', id!);
    expect(job).toMatchObject({ state: 'failed', retryCount: 1, output: { message: 'broken: always fails' } });
    expect(reportedFor('test-broken')).toEqual([
      expect.objectContaining({ attempt: 1, willRetry: true }),
      expect.objectContaining({ attempt: 2, willRetry: false }),
    ]);
  });

  it('runs each job once when two server copies work the same queue', async () => {
    const copy = createJobQueue({ raw: rt.database.raw, deps: rt.deps, jobs: [echoJob], pollingIntervalSeconds: 0.5 });
    try {
      await copy.start();
      const texts = ['een', 'twee', 'drie', 'vier', 'vijf', 'zes'];
      const ids = await Promise.all(
        texts.map((text, i) => (i % 2 ? copy.enqueue('test-echo', { text }) : queue.enqueue('test-echo', { text }))),
      );
      for (const id of ids) expect(await settled('test-echo', id!)).toMatchObject({ state: 'completed' });
      expect(echoed.filter((text) => texts.includes(text)).sort()).toEqual([...texts].sort());
    } finally {
      await copy.stop();
    }
  });

  it('refuses a payload its schema rejects, before anything is queued', async () => {
    await expect(queue.enqueue('test-echo', { text: '' })).rejects.toThrow();
    // @ts-expect-error: not a job of this queue
    await expect(queue.enqueue('no-such-job', {})).rejects.toThrow('Unknown job "no-such-job"');
    expect(await queue.boss.getQueueSize('test-echo')).toBe(0);
  });
});

describe('consent retention', () => {
  it('deletes a record confirmed longer ago than the retention and keeps a recent one', async () => {
    const now = Date.now();
    const old = new Date(now - (CONSENT_RETENTION_DAYS + 1) * DAY);
    const recent = new Date(now - 10 * DAY);
    await rt.database.db.insert(consentRecords).values([
      {
        visitorId: '00000000-0000-4000-8000-000000000001',
        categories: '1,2,3',
        value: '*,1,2,3,GTM:1',
        createdAt: old,
        confirmedAt: old,
      },
      {
        visitorId: '00000000-0000-4000-8000-000000000002',
        categories: '1',
        value: '*,1,GTM:1',
        createdAt: old,
        confirmedAt: recent,
      },
    ]);
    const id = await queue.enqueue('consent-retention', {});
    const job = await settled('consent-retention', id!);
    expect(job).toMatchObject({ state: 'completed', output: { deleted: 1 } });
    const left = await rt.database.db.select({ visitorId: consentRecords.visitorId }).from(consentRecords);
    expect(left).toEqual([{ visitorId: '00000000-0000-4000-8000-000000000002' }]);
  });

  it('is scheduled daily at 03:17 Amsterdam time; jobs without a schedule are not', async () => {
    const schedules = await queue.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toEqual(['consent-retention']);
    expect(schedules[0]).toMatchObject({ cron: '17 3 * * *', timezone: JOB_TIMEZONE });
  });
});

describe('schedules', () => {
  it("drop a job's schedule when its definition loses it, and leave other copies' schedules alone", async () => {
    const handler = async () => {};
    const names = async () => (await queue.boss.getSchedules()).map((s) => s.name).sort();
    const before = createJobQueue({
      raw: rt.database.raw,
      deps: rt.deps,
      jobs: [defineJob({ name: 'test-cron', schedule: '0 4 * * 1', handler })],
    });
    await before.start();
    await before.stop();
    expect(await names()).toEqual(['consent-retention', 'test-cron']);
    const after = createJobQueue({
      raw: rt.database.raw,
      deps: rt.deps,
      jobs: [defineJob({ name: 'test-cron', handler })],
    });
    await after.start();
    await after.stop();
    expect(await names()).toEqual(['consent-retention']);
  });

  it('fires a due schedule: the cron sends the job and a worker runs it', async () => {
    let runs = 0;
    const everyMinute = defineJob({
      name: 'test-every-minute',
      schedule: '* * * * *',
      handler: async () => void runs++,
    });
    const cron = createJobQueue({
      raw: rt.database.raw,
      deps: rt.deps,
      jobs: [everyMinute],
      pollingIntervalSeconds: 0.5,
      cronIntervalSeconds: 1,
    });
    try {
      await cron.start();
      await until(async () => runs > 0, 'the scheduled job to run');
      expect(runs).toBe(1);
    } finally {
      await cron.boss.unschedule('test-every-minute');
      await cron.stop();
    }
  });

  it('refuses to start a scheduled job whose schema rejects the empty payload', async () => {
    const job = defineJob({
      name: 'test-bad-cron',
      schema: z.object({ id: z.string() }),
      schedule: '0 4 * * *',
      handler: async () => {},
    });
    const bad = createJobQueue({ raw: rt.database.raw, deps: rt.deps, jobs: [job] });
    await expect(bad.start()).rejects.toThrow('must accept the empty payload');
    expect(capture).toHaveBeenCalledWith(expect.any(Error), { source: 'pg-boss', phase: 'start' });
    await bad.stop();
  });
});

describe('the database adapter', () => {
  it("runs pg-boss's maintenance (BEGIN; SET LOCAL; advisory lock; …; COMMIT;) and the app keeps working", async () => {
    await expect(queue.boss.maintain()).resolves.toMatchObject({ ms: expect.any(Number) });
    expect(await rt.database.db.select().from(consentRecords)).toHaveLength(1);
  });

  it('rolls back a failed multi-statement text, leaving the connection usable for the app', async () => {
    const db = createQueueDb(rt.database.raw);
    await expect(db.executeSql('BEGIN; SET LOCAL lock_timeout = 1000; SELECT 1; SELECT 1/0; COMMIT;')).rejects.toThrow(
      /division by zero/,
    );
    // Both paths, on the same (PGlite: the only) connection, outside any transaction.
    expect((await db.executeSql('SELECT $1::int AS n', [7])).rows).toEqual([{ n: 7 }]);
    // The failed text's SET LOCAL went with its rolled-back transaction: the connection is back to its defaults.
    // (Comparing now() with statement_timestamp() was flaky: PGlite's clock may tick between BEGIN and SELECT.)
    const [state] = (await db.executeSql("SELECT current_setting('lock_timeout') AS lock_timeout")).rows;
    expect(state).toEqual({ lock_timeout: '0' });
    const rows = await rt.database.db.execute(sql`select 1 as one`);
    expect(rows).toBeTruthy();
    await db.close();
    expect(await db.executeSql('SELECT 1')).toEqual({ rows: [] });
  });
});

describe('stopping', () => {
  it('waits for a running handler, then completes its job', async () => {
    let started!: () => void;
    let release!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowJob = defineJob({
      name: 'test-slow',
      async handler() {
        started();
        await gate;
        return { done: true };
      },
    });
    const slow = createJobQueue({
      raw: rt.database.raw,
      deps: rt.deps,
      jobs: [slowJob] as const,
      pollingIntervalSeconds: 0.5,
      stopTimeoutMs: 10_000,
    });
    await slow.start();
    const id = await slow.enqueue('test-slow', {});
    await running;
    let stopped = false;
    const stopping = slow.stop().then(() => (stopped = true));
    await until(async () => (await slow.boss.getJobById('test-slow', id!))?.state === 'active', 'the job to be active');
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await queue.boss.getJobById('test-slow', id!)).toMatchObject({ state: 'completed', output: { done: true } });
    await expect(slow.enqueue('test-slow', {})).rejects.toThrow('stopped');
  });
});

describe('the composition root', () => {
  it('starts the registered jobs in the background when JOBS=1 and stops them on close', async () => {
    const env = parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost', JOBS: '1' });
    const composition = await compose({ env, logger: pino({ level: 'silent' }), database: rt.database });
    expect(composition.jobs.working).toBe(true);
    await composition.jobs.start(); // the same start compose began
    const queues = (await composition.jobs.boss.getQueues()).map((q) => q.name);
    expect(queues).toEqual(expect.arrayContaining(registeredJobs.map((job) => job.name)));
    await composition.close();
    await expect(composition.jobs.enqueue('consent-retention', {})).rejects.toThrow('stopped');
  });

  it('runs workers by default, but under NODE_ENV=test only with JOBS=1', () => {
    const runs = (vars: Record<string, string>) => shouldRunJobs(parseEnv(vars));
    expect(runs({})).toBe(true);
    expect(runs({ JOBS: '0' })).toBe(false);
    expect(runs({ NODE_ENV: 'test' })).toBe(false);
    expect(runs({ NODE_ENV: 'test', JOBS: '1' })).toBe(true);
  });
});
