export { BIN_WIDTH, MIN_ELAPSED_DAYS } from './domain/calibration.ts';
export { CE_BASES, CE_BASIS_LABELS, type CeBasis } from './domain/ce-bands.ts';
export {
  CALIBRATION_PATH,
  CALIBRATION_TRIGGERS,
  HISTORY_RUNS,
  PREDICTION_SET_LABELS,
  PREDICTION_SETS,
  type CalibrationTrigger,
  type PredictionSet,
} from './domain/sets.ts';
export { calibrationReportSchema, calibrationRunSchema, type CalibrationReport } from './schemas/calibration.ts';
