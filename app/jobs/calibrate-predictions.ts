/**
 * The nightly calibration of the plan's recall predictions (issue 33, ADR 028): every pupil's review log
 * replayed with FSRS-6, the log loss and the RMSE over recall bins per subject kept as a new run. 03:47
 * Amsterdam time, after the FSRS fits (02:43), so the fitted set counts the newest fits. Idempotent in effect: a
 * retry adds a run with the same figures.
 */
import { z } from 'zod';
import { CALIBRATION_TRIGGERS } from '#app/modules/calibration/index.ts';
import { CALIBRATE_JOB, runCalibration } from '#app/modules/calibration/index.server.ts';
import { defineJob } from './define.ts';

export const calibratePredictionsJob = defineJob({
  name: CALIBRATE_JOB,
  schedule: '47 3 * * *',
  // The schedule queues `{}` (nightly); a staff member's "Nu berekenen" queues `{ trigger: 'staff' }`, at most one
  // waiting at a time.
  schema: z.object({ trigger: z.enum(CALIBRATION_TRIGGERS).optional() }).strict(),
  policy: 'stately',
  // A replay of a few thousand reviews a pupil takes milliseconds; tens of thousands of pupils fit in the hour.
  expireInSeconds: 60 * 60,
  async handler(scope, { trigger }) {
    return runCalibration(scope, trigger ?? 'nightly', new Date());
  },
});
