import { z } from '#app/platform/schemas/z.ts';
import { CE_BASES } from '../domain/ce-bands.ts';
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

/** The predicted CE grade's band against the real CE grades pupils entered (ADR 032). */
const ceFiguresSchema = z.object({
  basis: z.enum(CE_BASES).meta({
    description:
      'What the prediction kept at entry came from: `checks` (exam checks and past exams), `recall` (the cards’ ' +
      'recall on the exam morning), or `none` (no prediction before the exam: only counted).',
  }),
  /** Null: every subject together. */
  level: z.string().nullable(),
  subject: z.string().nullable().meta({ description: 'The exam subject’s key; null: every subject together.' }),
  subjectName: z.string(),
  grades: z.number().int().meta({ description: 'How many real CE grades.' }),
  inside: z.number().int().nullable().meta({ description: 'How many fell inside the band; null for `none`.' }),
  share: z.number().nullable().meta({ description: 'The share inside the band, 0–1; null for `none`.' }),
  meanAbsError: z
    .number()
    .nullable()
    .meta({ description: 'Mean |real − predicted| in grade points; null for `none`.' }),
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
  latest: runSchema.extend({ figures: z.array(figuresSchema), ceBands: z.array(ceFiguresSchema) }).nullable(),
  history: z.array(
    runSchema.extend({
      overall: z.array(figuresSchema.pick({ predictions: true, reviews: true, logLoss: true, rmseBins: true })),
      ceOverall: z.array(ceFiguresSchema.pick({ basis: true, grades: true, share: true, meanAbsError: true })),
    }),
  ),
});
export type CalibrationReport = z.infer<typeof calibrationReportSchema>;

/** POST /v1/backoffice/calibration/runs: the run just made. */
export const calibrationRunSchema = runSchema;
