import { z } from '#app/platform/schemas/z.ts';
import { CALIBRATION_TRIGGERS, PREDICTION_SETS } from '../domain/sets.ts';

const figuresSchema = z.object({
  /** Null: every subject together. */
  subjectId: z.number().int().nullable(),
  subjectName: z.string(),
  predictions: z.enum(PREDICTION_SETS),
  reviews: z.number().int(),
  logLoss: z.number(),
  rmseBins: z.number(),
  recalled: z.number(),
  predicted: z.number(),
  bins: z.array(z.object({ from: z.number(), n: z.number().int(), predicted: z.number(), recalled: z.number() })),
});

const runSchema = z.object({
  id: z.number().int(),
  ranAt: z.string(),
  trigger: z.enum(CALIBRATION_TRIGGERS),
  pupils: z.number().int(),
  reviews: z.number().int(),
});

/** GET /v1/backoffice/calibration: the newest run with its figures, and the history of the overall figures. */
export const calibrationReportSchema = z.object({
  latest: runSchema.extend({ figures: z.array(figuresSchema) }).nullable(),
  history: z.array(
    runSchema.extend({
      overall: z.array(figuresSchema.pick({ predictions: true, reviews: true, logLoss: true, rmseBins: true })),
    }),
  ),
});
export type CalibrationReport = z.infer<typeof calibrationReportSchema>;

/** POST /v1/backoffice/calibration/runs: the run just made. */
export const calibrationRunSchema = runSchema;
