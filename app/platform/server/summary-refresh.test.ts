import { beforeEach, describe, expect, it } from 'vitest';
import type { EnqueueChoices } from './deps.ts';
import {
  forgetQueuedRefreshes,
  queueSummaryRefresh,
  queueSummaryRefreshAfterReview,
  REFRESH_SUMMARY_JOB,
} from './summary-refresh.ts';

/** A queue that records what was sent, and can be told to fail the next send. */
function fakeQueue() {
  const sent: { payload: Record<string, unknown>; options: EnqueueChoices | undefined }[] = [];
  const captured: unknown[] = [];
  let failNext = false;
  return {
    sent,
    captured,
    failNext: () => (failNext = true),
    scope: {
      jobs: {
        enqueue(name: string, payload: Record<string, unknown>, options?: EnqueueChoices) {
          expect(name).toBe(REFRESH_SUMMARY_JOB);
          if (failNext) {
            failNext = false;
            return Promise.reject(new Error('queue down'));
          }
          sent.push({ payload, options });
          return Promise.resolve('job');
        },
      },
      errors: { capture: (error: unknown) => void captured.push(error) },
    } as unknown as Parameters<typeof queueSummaryRefresh>[0],
  };
}

const settle = () => new Promise((done) => setTimeout(done, 0));
const at = (seconds: number) => 1_000_000 + seconds * 1000;
const delays = (queue: ReturnType<typeof fakeQueue>) => queue.sent.map((s) => s.options?.startAfterSeconds);

describe('the summary refresh after a review', () => {
  beforeEach(() => forgetQueuedRefreshes());

  it('queues the first review of a run a few seconds later, and nothing while that refresh waits', async () => {
    const queue = fakeQueue();
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(0));
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(1));
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(2.9));
    await settle();
    expect(queue.sent).toEqual([
      { payload: { userId: 'u1', subjectId: 24 }, options: { singletonKey: 'u1:24', startAfterSeconds: 3 } },
    ]);
  });

  it('spaces the refreshes of a run that goes on half a minute apart, and always refreshes after the last review', async () => {
    const queue = fakeQueue();
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(0)); // refresh at 3
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(10)); // after it began: the next at 33
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(20)); // waits for the one at 33
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(40)); // the next at 63
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(200)); // long after: a few seconds later again
    await settle();
    expect(delays(queue)).toEqual([3, 23, 23, 3]);
  });

  it('keeps each pupil and subject apart', async () => {
    const queue = fakeQueue();
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(0));
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 25, at(0));
    queueSummaryRefreshAfterReview(queue.scope, 'u2', 24, at(0));
    await settle();
    expect(queue.sent.map((s) => s.options?.singletonKey)).toEqual(['u1:24', 'u1:25', 'u2:24']);
  });

  it('tries again at the next review when the queue refused, and reports the failure', async () => {
    const queue = fakeQueue();
    queue.failNext();
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(0));
    await settle();
    expect(queue.captured).toHaveLength(1);
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(1));
    await settle();
    expect(delays(queue)).toEqual([3]);
  });

  it('leaves the other reasons to refresh as they were: each queues a refresh a few seconds later', async () => {
    const queue = fakeQueue();
    queueSummaryRefreshAfterReview(queue.scope, 'u1', 24, at(0));
    queueSummaryRefresh(queue.scope, 'u1', 24); // a handed-in check, a class joined
    await settle();
    expect(delays(queue)).toEqual([3, 3]);
  });
});
