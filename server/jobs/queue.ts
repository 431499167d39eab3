/**
 * The one background-job queue (ADR 007): pg-boss on the app's own database,
 * PGlite or PostgreSQL alike (./queue-db.ts), so a job survives a restart and
 * runs once across several server copies.
 *
 * `createJobQueue` creates nothing in the database until `start()` (or the
 * first `enqueue`). `start()` installs or migrates the `pgboss` schema, creates
 * a queue per job and, when this copy works (`work: true`, env JOBS), keeps the
 * schedules, runs one worker per job and pg-boss's maintenance. A copy that
 * does not work can still enqueue.
 */
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { JobDefinition, JobRetry } from '#app/jobs/define.ts';
import { createScope, type Deps } from '#app/platform/server/deps.ts';
import { createQueueDb, type RawClient } from './queue-db.ts';
import { registeredJobs } from './registry.ts';

/** PostgreSQL's deadlock and serialization failures: the statement was rolled back and may simply run again. */
const TRANSIENT_CODES = new Set(['40P01', '40001']);

/** Runs `what`, again (up to `attempts` times, after a short random pause) while it fails with TRANSIENT_CODES. */
export async function retryTransient<T>(what: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await what();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= attempts || typeof code !== 'string' || !TRANSIENT_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 50));
    }
  }
}

/** Cron expressions of `schedule` are read in this time zone. */
export const JOB_TIMEZONE = 'Europe/Amsterdam';

/** Queue defaults: about 1, 2, 4, 8 and 16 minutes (with jitter) between six attempts. */
export const DEFAULT_RETRY: JobRetry = { limit: 5, delaySeconds: 60, backoff: true };

export type JobList = readonly JobDefinition[];
export type JobName<Jobs extends JobList> = Jobs[number]['name'];
/** What `enqueue` accepts for job `Name`: the input of its payload schema. */
export type JobPayload<Jobs extends JobList, Name extends JobName<Jobs>> = z.input<
  Extract<Jobs[number], { name: Name }>['schema']
>;
export type EnqueueOptions = Pick<PgBoss.SendOptions, 'id' | 'priority' | 'startAfter' | 'singletonKey'>;

export interface JobQueue<Jobs extends JobList = typeof registeredJobs> {
  /** The pg-boss instance, for inspection (getJobById, getSchedules, …). */
  readonly boss: PgBoss;
  /** Whether this copy runs workers, schedules and maintenance. */
  readonly working: boolean;
  /** Starts once: installs the schema, creates the queues and, when working, starts workers and schedules. */
  start(): Promise<void>;
  /**
   * Validates the payload and queues the job (starting the queue if needed).
   * Resolves with the job id, or null when pg-boss dropped it as a duplicate
   * (`singletonKey`/`id` already queued).
   */
  enqueue<Name extends JobName<Jobs>>(
    name: Name,
    payload: JobPayload<Jobs, Name>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /**
   * Stops polling, waits up to `stopTimeoutMs` for running handlers (jobs still
   * running then are failed and retried later), and releases the database.
   */
  stop(): Promise<void>;
}

export interface JobQueueOptions<Jobs extends JobList> {
  raw: RawClient;
  deps: Deps;
  /** Default: every registered job (./registry.ts). */
  jobs?: Jobs;
  /** Run workers, schedules and maintenance in this copy (env JOBS). Default true. */
  work?: boolean;
  /** How often an idle worker asks for a job; pg-boss allows ≥ 0.5. Default 2. */
  pollingIntervalSeconds?: number;
  /** Grace period for running handlers on stop; pg-boss waits at least 1000 ms. Default 10 000. */
  stopTimeoutMs?: number;
  /** How often due schedules are looked for and sent (pg-boss: 1–45). Default 30 (tests: 1). */
  cronIntervalSeconds?: number;
}

export function createJobQueue<Jobs extends JobList = typeof registeredJobs>(
  options: JobQueueOptions<Jobs>,
): JobQueue<Jobs> {
  const { deps, work = true, pollingIntervalSeconds = 2, stopTimeoutMs = 10_000, cronIntervalSeconds = 30 } = options;
  const jobs: JobList = options.jobs ?? registeredJobs;
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (byName.size !== jobs.length) throw new Error('Two jobs share a name');

  const db = createQueueDb(options.raw, {
    // The job stays active until it expires, then runs again.
    onLostCompletion: (error) => deps.errors.capture(error, { source: 'pg-boss', phase: 'complete' }),
  });
  const boss = new PgBoss({
    db,
    migrate: true,
    supervise: work,
    schedule: work,
    pollingIntervalSeconds,
    cronMonitorIntervalSeconds: cronIntervalSeconds,
    cronWorkerIntervalSeconds: Math.min(cronIntervalSeconds, 5),
  });
  // pg-boss emits maintenance, cron and worker-loop failures as 'error'; unheard, an 'error' event crashes Node.
  boss.on('error', (error) => deps.errors.capture(error, { source: 'pg-boss' }));

  /** This copy's worker per job name, woken on enqueue so a job queued here starts without waiting for a poll. */
  const workers = new Map<string, string>();
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  async function syncSchedules() {
    const existing = new Set((await boss.getSchedules()).map((schedule) => schedule.name));
    for (const job of jobs) {
      if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: JOB_TIMEZONE });
      // A job of this copy that lost its schedule stops being sent. Schedules of jobs this copy does not
      // know are left alone: they may belong to a newer release running beside it (ADR 007: removing a job).
      else if (existing.has(job.name)) await boss.unschedule(job.name);
    }
  }

  function worker(job: JobDefinition) {
    return async ([record]: PgBoss.JobWithMetadata<unknown>[]) => {
      if (!record) return;
      const attempt = record.retryCount + 1;
      const started = performance.now();
      try {
        const payload = job.schema.parse(record.data);
        const output = await job.handler(createScope(deps), payload, { id: record.id, attempt });
        deps.logger.info(
          { job: job.name, jobId: record.id, attempt, ms: Math.round(performance.now() - started), output },
          'job completed',
        );
        return output;
      } catch (error) {
        const willRetry = record.retryCount < record.retryLimit;
        deps.errors.capture(error, { job: job.name, jobId: record.id, attempt, willRetry });
        throw error; // pg-boss fails this attempt and schedules the retry
      }
    };
  }

  let bossStarted = false;

  async function run() {
    for (const job of jobs) {
      if (job.schedule && !job.schema.safeParse({}).success) {
        throw new Error(`Scheduled job "${job.name}" must accept the empty payload {}`);
      }
    }
    if (!bossStarted) {
      await boss.start();
      bossStarted = true;
    }
    for (const job of jobs) {
      const retry = { ...DEFAULT_RETRY, ...job.retry };
      const queue: PgBoss.Queue = {
        name: job.name,
        policy: job.policy ?? 'standard',
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.backoff,
        ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
      };
      // createQueue leaves an existing queue as it is; updateQueue applies changed settings. Copies starting at
      // once create the same queues: PostgreSQL may pick one of them as a deadlock's victim (ON CONFLICT DO
      // NOTHING in pg-boss's create_queue), and that copy simply runs it again.
      await retryTransient(() => boss.createQueue(job.name, queue));
      await retryTransient(() => boss.updateQueue(job.name, queue));
    }
    if (!work) return;
    await syncSchedules();
    for (const job of jobs) {
      const id = await boss.work(
        job.name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
        worker(job),
      );
      workers.set(job.name, id);
    }
  }

  function start(): Promise<void> {
    if (stopping) return Promise.reject(new Error('The job queue is stopped'));
    starting ??= run().catch((error: unknown) => {
      deps.errors.capture(error, { source: 'pg-boss', phase: 'start' });
      // Not kept as the answer for good: the next start (or enqueue) tries again, so one failed start (a
      // deadlock with another copy, a database that was briefly away) does not refuse every job until a restart.
      starting = undefined;
      throw error;
    });
    return starting;
  }

  async function enqueue(name: string, payload: unknown, sendOptions: EnqueueOptions = {}) {
    const job = byName.get(name);
    if (!job) throw new Error(`Unknown job "${name}"`);
    job.schema.parse(payload);
    await start();
    // pg-boss asserts on keys that are present but undefined.
    const defined = Object.fromEntries(Object.entries(sendOptions).filter(([, value]) => value !== undefined));
    const id = await boss.send(name, payload as object, defined);
    const workerId = workers.get(name);
    if (id && workerId && !defined.startAfter) boss.notifyWorker(workerId);
    return id;
  }

  function stop(): Promise<void> {
    stopping ??= (async () => {
      if (!starting) return;
      await starting.catch(() => {});
      await boss.stop({ graceful: true, wait: true, close: false, timeout: stopTimeoutMs });
      await db.close(stopTimeoutMs);
    })();
    return stopping;
  }

  return { boss, working: work, start, enqueue, stop };
}
