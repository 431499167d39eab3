export { getQuickscanPage } from './server/quickscan.server.ts';
