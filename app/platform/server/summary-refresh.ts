/**
 * Queueing the refresh of a pupil's summary of a subject (issue 31, ADR 025): a review (reviews) and a
 * handed-in exam check (checks, below reviews) both queue it, so it lives below both. The job itself,
 * `refresh-topic-summary` (app/jobs/refresh-topic-summary.ts), calls the reviews module's refresh.
 */
import type { Scope } from './deps.ts';

/** The job that refreshes a summary. */
export const REFRESH_SUMMARY_JOB = 'refresh-topic-summary';
/** A refresh waits this long after what queued it: the reviews of a session become one refresh. */
export const REFRESH_DELAY_SECONDS = 3;

/**
 * Queues the refresh without waiting for it: the pupil's answer does not wait on the queue, and a failure to
 * queue is reported, never the pupil's error. One refresh per pupil and subject waits at a time (the queue's
 * `stately` policy): a review while one waits adds nothing.
 */
export function queueSummaryRefresh(s: Pick<Scope, 'jobs' | 'errors'>, userId: string, subjectId: number): void {
  s.jobs
    .enqueue(
      REFRESH_SUMMARY_JOB,
      { userId, subjectId },
      { singletonKey: `${userId}:${subjectId}`, startAfterSeconds: REFRESH_DELAY_SECONDS },
    )
    .catch((error: unknown) => s.errors.capture(error, { job: REFRESH_SUMMARY_JOB, userId, subjectId }));
}
