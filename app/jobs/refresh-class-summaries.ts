/**
 * The nightly refresh of the class dashboards (issue 31, ADR 025): recall falls without reviews, so every
 * pupil of a class of this school year gets their summaries recomputed for their classes' subjects, and with
 * them their assignments: a keep-ready assignment whose topic fell below its target reopens by itself.
 * 03:17 Amsterdam time, after the FSRS fits. Idempotent: a retry computes the same from the data as it is.
 */
import { refreshClassPupils } from '#app/modules/classes/index.server.ts';
import { defineJob } from './define.ts';

export const refreshClassSummariesJob = defineJob({
  name: 'refresh-class-summaries',
  schedule: '17 3 * * *',
  // A few milliseconds a pupil and subject: thousands fit well within the hour.
  expireInSeconds: 60 * 60,
  async handler(scope) {
    return refreshClassPupils(scope, new Date());
  },
});
