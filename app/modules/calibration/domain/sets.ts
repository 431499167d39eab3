/** The three sets of predictions a calibration run reports (ADR 028), with their Dutch names. */
export const PREDICTION_SETS = ['defaults', 'fitted', 'defaults_on_fitted'] as const;
export type PredictionSet = (typeof PREDICTION_SETS)[number];

export const PREDICTION_SET_LABELS: Record<PredictionSet, string> = {
  defaults: 'FSRS-6-standaard, alle herhalingen',
  fitted: 'Eigen parameters, herhalingen na de fit',
  defaults_on_fitted: 'FSRS-6-standaard, dezelfde herhalingen',
};

/** What made a run. */
export const CALIBRATION_TRIGGERS = ['nightly', 'staff'] as const;
export type CalibrationTrigger = (typeof CALIBRATION_TRIGGERS)[number];

export const CALIBRATION_PATH = '/beheer/kalibratie';

/** How many runs the history shows. */
export const HISTORY_RUNS = 30;
