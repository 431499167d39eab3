export { CALIBRATE_JOB, calibrationReport, requestCalibration, runCalibration } from './server/calibration.server.ts';
export { calibrationCeFigures, calibrationFigures, calibrationRuns } from './db/tables.ts';
