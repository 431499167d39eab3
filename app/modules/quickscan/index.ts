export { QUICKSCAN_PATH } from './domain/quickscan.ts';
