/**
 * The shape of a background job (ADR 007). One file per job in app/jobs
 * exports one `defineJob({...})`; server/jobs/registry.ts lists it, and the
 * queue (pg-boss, server/jobs/queue.ts) creates its queue, runs its handler
 * and keeps its schedule.
 *
 * A handler receives a request-less scope over the long-lived dependencies
 * and calls ONE service; it never touches the database itself. A handler that
 * throws fails the attempt: the error is reported and pg-boss retries the job.
 */
import { z } from 'zod';
import type { Scope } from '#app/platform/server/deps.ts';

export interface JobRetry {
  /** Retries after the first attempt (0: never retry). */
  limit: number;
  /** Delay before a retry; with `backoff` the base of an exponential, jittered delay. */
  delaySeconds: number;
  backoff: boolean;
}

export interface JobRun {
  /** pg-boss job id. */
  id: string;
  /** 1 on the first attempt, 2 on the first retry, … */
  attempt: number;
}

/** A payload is a JSON object (pg-boss stores it as jsonb). */
export type JobPayloadSchema = z.ZodType<Record<string, unknown>>;

export interface JobDefinition<Name extends string = string, Schema extends JobPayloadSchema = JobPayloadSchema> {
  /** Queue name: kebab-case, stable (renaming it abandons queued jobs). */
  name: Name;
  /** Validates the payload on enqueue and again before the handler runs. */
  schema: Schema;
  /** Cron expression (minute hour day month weekday), evaluated in Europe/Amsterdam. */
  schedule?: string | undefined;
  /** Overrides of the queue defaults (5 retries, 60 s base delay, exponential backoff). */
  retry?: Partial<JobRetry> | undefined;
  /**
   * The queue's policy (pg-boss): `standard` (default), or `stately`: one job per `singletonKey` waiting and
   * one running, so that a burst of sends for one key (a pupil's reviews) is one job.
   */
  policy?: 'standard' | 'stately' | undefined;
  /** An attempt running longer than this fails (and is retried); default 15 minutes. */
  expireInSeconds?: number | undefined;
  /** Calls one service. The returned object is kept as the job's output. */
  handler(scope: Scope, payload: z.output<Schema>, run: JobRun): Promise<object | void>;
}

const emptyPayload = z.object({}).strict();

/** Declares a job; a job without `schema` takes an empty payload `{}`. */
export function defineJob<const Name extends string, Schema extends JobPayloadSchema = typeof emptyPayload>(
  definition: Omit<JobDefinition<Name, Schema>, 'schema'> & { schema?: Schema },
): JobDefinition<Name, Schema> {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(definition.name)) {
    throw new Error(`Job name must be kebab-case: "${definition.name}"`);
  }
  return { ...definition, schema: definition.schema ?? (emptyPayload as unknown as Schema) };
}
