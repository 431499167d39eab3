export { EXAM_DATA_PATHS } from './domain/paths.ts';
export { effectSummary, longDate, moveSentence } from './domain/effect.ts';
