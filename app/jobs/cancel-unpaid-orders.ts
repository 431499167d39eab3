/**
 * Cancels orders that stayed unpaid for 24 hours and puts their stock back
 *, every 15 minutes. An order with a payment still open is left
 * alone; one paid meanwhile too.
 */
import { cancelStaleOrders } from '#app/modules/shop/index.server.ts';
import { defineJob } from './define.ts';

export const cancelUnpaidOrdersJob = defineJob({
  name: 'cancel-unpaid-orders',
  schedule: '*/15 * * * *',
  handler: (scope) => cancelStaleOrders(scope),
});
