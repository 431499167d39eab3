import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each calibration run (issue 33, ADR 028): when, why (the nightly job or a staff member's "Nu berekenen"), and
 * how many pupils and reviews it read. Kept: the history is the point. Derived data, no pupil's own.
 */
export const calibrationRuns = pgTable('calibration_runs', {
  id: serial('id').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  trigger: text('trigger').notNull(),
  pupils: integer('pupils').notNull(),
  reviews: integer('reviews').notNull(),
});

/**
 * A run's figures: per subject (and for all subjects: subject_id null) and per set of predictions (ADR 028:
 * FSRS-6's defaults on every review; the pupils' own parameters on the reviews after their fit; the defaults on
 * those same reviews), the log loss, the RMSE over recall bins, and the bins themselves.
 */
export const calibrationFigures = pgTable(
  'calibration_figures',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => calibrationRuns.id, { onDelete: 'cascade' }),
    /** Null: every subject together. No reference: a subject's history outlives the subject. */
    subjectId: integer('subject_id'),
    subjectName: text('subject_name').notNull(),
    predictions: text('predictions').notNull(),
    reviews: integer('reviews').notNull(),
    logLoss: doublePrecision('log_loss').notNull(),
    rmseBins: doublePrecision('rmse_bins').notNull(),
    /** The share recalled and the mean prediction, 0–1. */
    recalled: doublePrecision('recalled').notNull(),
    predicted: doublePrecision('predicted').notNull(),
    bins: jsonb('bins').$type<{ from: number; n: number; predicted: number; recalled: number }[]>().notNull(),
  },
  (t) => [
    index('calibration_figures_run_idx').on(t.runId),
    check(
      'calibration_figures_predictions_check',
      sql`${t.predictions} in ('defaults', 'fitted', 'defaults_on_fitted')`,
    ),
  ],
);

/**
 * A run's tally of the predicted CE grade's band against the CE grades pupils entered afterwards (ADR 032): per
 * basis of the prediction kept at entry (`checks`, `recall`, or `none`: no prediction then) and per exam subject
 * of a level (subject_key null: every subject together), how many real grades, how many fell inside the band,
 * and the mean absolute error in grade points. `none` has only its count. Derived data, no pupil's own.
 */
export const calibrationCeFigures = pgTable(
  'calibration_ce_figures',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => calibrationRuns.id, { onDelete: 'cascade' }),
    basis: text('basis').notNull(),
    /** Null: every subject together. */
    level: text('level'),
    subjectKey: text('subject_key'),
    subjectName: text('subject_name').notNull(),
    grades: integer('grades').notNull(),
    inside: integer('inside'),
    /** Mean absolute error of the predicted grade, in grade points. */
    meanAbsError: doublePrecision('mean_abs_error'),
  },
  (t) => [
    index('calibration_ce_figures_run_idx').on(t.runId),
    check('calibration_ce_figures_basis_check', sql`${t.basis} in ('checks', 'recall', 'none')`),
  ],
);
