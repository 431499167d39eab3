/**
 * Every 5 minutes: each address that asked "mail me als het er weer is" for a product that can
 * be ordered again gets its one mail (queued by the notice's key, so once), and the address is
 * deleted; addresses kept a year without the product coming back are deleted too.
 */
import { sendBackInStockNotices } from '#app/modules/stock-notices/index.server.ts';
import { defineJob } from './define.ts';

export const backInStockJob = defineJob({
  name: 'back-in-stock',
  schedule: '*/5 * * * *',
  handler: (scope) => sendBackInStockNotices(scope),
});
