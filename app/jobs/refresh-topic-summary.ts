/**
 * A pupil's summary of a subject (issue 31, ADR 025), refreshed a few seconds after a review or a handed-in
 * check queued it (app/platform/server/summary-refresh.ts), and with it the pupil's assignments of that subject. The queue is `stately`: one refresh per pupil
 * and subject waits while another may run, so a run of reviews is one or two refreshes. Idempotent: a
 * retry computes the same summary from the pupil's data as it is then.
 */
import { z } from 'zod';
import { refreshPupilForClasses } from '#app/modules/classes/index.server.ts';
import { REFRESH_SUMMARY_JOB } from '#app/platform/server/summary-refresh.ts';
import { defineJob } from './define.ts';

export const refreshTopicSummaryJob = defineJob({
  name: REFRESH_SUMMARY_JOB,
  policy: 'stately',
  schema: z.object({ userId: z.string().min(1).max(64), subjectId: z.number().int().positive() }).strict(),
  retry: { limit: 3, delaySeconds: 10 },
  expireInSeconds: 5 * 60,
  async handler(scope, { userId, subjectId }) {
    return refreshPupilForClasses(scope, userId, subjectId, new Date());
  },
});
