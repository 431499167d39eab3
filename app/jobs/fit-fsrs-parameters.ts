/**
 * Personal FSRS-6 parameters (issue 20, ADR 018): once a night, fit the parameters of every pupil
 * with enough reviews whose parameters are missing or behind their log, at most MAX_FITS_PER_RUN a
 * run (the rest the next night). 02:43 Amsterdam time: after the evening's studying, off the round
 * minute. Idempotent: a retry or a late run fits the same users again at most. A fit that fails is
 * reported and does not fail the run; the pupil keeps the parameters they had.
 */
import { fitDueParameters } from '#app/modules/reviews/index.server.ts';
import { defineJob } from './define.ts';

export const fitFsrsParametersJob = defineJob({
  name: 'fit-fsrs-parameters',
  schedule: '43 2 * * *',
  // The fits run one after the other; 50 of a few thousand reviews each stay well within half an hour.
  expireInSeconds: 30 * 60,
  async handler(scope) {
    return fitDueParameters(scope, new Date());
  },
});
