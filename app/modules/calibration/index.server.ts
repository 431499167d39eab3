export { CALIBRATE_JOB, calibrationReport, requestCalibration, runCalibration } from './server/calibration.server.ts';
export { calibrationFigures, calibrationRuns } from './db/tables.ts';
