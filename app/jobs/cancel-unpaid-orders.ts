/**
 * Every 5 minutes: cancels orders unpaid 30 minutes after they were placed
 * and after their newest payment was started, and puts their stock back
 * (ADR 011). The payment provider is asked first: an open payment that was
 * paid meanwhile fulfils its order instead; one the provider is still
 * processing holds it up to 24 hours. Also queues again a lost refund job.
 */
import { cancelStaleOrders } from '#app/modules/shop/index.server.ts';
import { defineJob } from './define.ts';

export const cancelUnpaidOrdersJob = defineJob({
  name: 'cancel-unpaid-orders',
  schedule: '*/5 * * * *',
  handler: (scope) => cancelStaleOrders(scope),
});
