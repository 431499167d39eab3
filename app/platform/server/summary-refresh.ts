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
 * While a pupil keeps reviewing, their summary of the subject is refreshed at most this often (issue 36): the
 * first review of a run is on their teacher's dashboard a few seconds later, the run's later reviews within
 * half a minute. A refresh computes the whole subject's mastery; once a review, it cost as much as the review.
 */
export const REVIEW_REFRESH_SPACING_SECONDS = 30;
/** At most this many pupils' refreshes are remembered by one copy (a few dozen bytes each); past it, every review queues. */
const REMEMBERED_MAX = 50_000;

type Queuing = Pick<Scope, 'jobs' | 'errors'>;

/**
 * Queues the refresh without waiting for it: the pupil's answer does not wait on the queue, and a failure to
 * queue is reported, never the pupil's error. One refresh per pupil and subject waits at a time (the queue's
 * `stately` policy): a review while one waits adds nothing.
 */
export function queueSummaryRefresh(s: Queuing, userId: string, subjectId: number): void {
  void queued(s, userId, subjectId, REFRESH_DELAY_SECONDS);
}

/** Whether the refresh was queued (or one already waits); a failure is reported. */
function queued(s: Queuing, userId: string, subjectId: number, delaySeconds: number): Promise<boolean> {
  return s.jobs
    .enqueue(
      REFRESH_SUMMARY_JOB,
      { userId, subjectId },
      { singletonKey: `${userId}:${subjectId}`, startAfterSeconds: delaySeconds },
    )
    .then(
      () => true,
      (error: unknown) => {
        s.errors.capture(error, { job: REFRESH_SUMMARY_JOB, userId, subjectId });
        return false;
      },
    );
}

/**
 * When this copy's latest queued refresh of each pupil and subject starts (ms since the epoch). A refresh does not
 * start before its time, so a review before then needs nothing queued: that refresh reads it. Another copy keeps
 * its own; the queue's `stately` policy keeps one waiting refresh between them.
 */
const startsAt = new Map<string, number>();

/**
 * The refresh after a review (issue 36): queued as `queueSummaryRefresh` does for the first review of a run; while
 * the refresh it queued still waits, a review queues nothing; after it, the next refresh waits until
 * `REVIEW_REFRESH_SPACING_SECONDS` after the last one began. The last review of a session is always in a refresh.
 */
export function queueSummaryRefreshAfterReview(s: Queuing, userId: string, subjectId: number, now = Date.now()) {
  const key = `${userId}:${subjectId}`;
  const last = startsAt.get(key);
  if (last !== undefined && last > now) return;
  const delayMs = Math.max(
    REFRESH_DELAY_SECONDS * 1000,
    (last ?? Number.NEGATIVE_INFINITY) + REVIEW_REFRESH_SPACING_SECONDS * 1000 - now,
  );
  if (startsAt.size >= REMEMBERED_MAX) forgetPast(now);
  const starts = now + delayMs;
  if (startsAt.size < REMEMBERED_MAX) startsAt.set(key, starts);
  void queued(s, userId, subjectId, Math.ceil(delayMs / 1000)).then((done) => {
    // Not queued: the next review tries again.
    if (!done && startsAt.get(key) === starts) startsAt.delete(key);
  });
}

let sweptAt = 0;

/** Drops the refreshes that no longer hold a review back (begun more than the spacing ago); once a second at most. */
function forgetPast(now: number) {
  if (now - sweptAt < 1000) return;
  sweptAt = now;
  for (const [key, starts] of startsAt) if (starts + REVIEW_REFRESH_SPACING_SECONDS * 1000 <= now) startsAt.delete(key);
}

/** Forgets every queued refresh (tests). */
export function forgetQueuedRefreshes() {
  startsAt.clear();
  sweptAt = 0;
}
