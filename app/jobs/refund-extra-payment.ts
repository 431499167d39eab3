/**
 * Refunds an extra payment (ADR 010): a payment that was paid although its
 * order was paid by another payment, or cancelled. Queued once per payment
 * (the job key) by the webhook that recorded it; the use case takes the
 * refund on in the database before it calls the provider, with the
 * provider's idempotency key, so concurrent or repeated runs refund once.
 * After the last retry the refund is marked failed for the operator.
 */
import { z } from 'zod';
import { refundExtraPayment } from '#app/modules/shop/index.server.ts';
import { defineJob } from './define.ts';

const RETRIES = 5;

export const refundExtraPaymentJob = defineJob({
  name: 'refund-extra-payment',
  schema: z.object({ paymentId: z.string().min(1).max(100) }),
  retry: { limit: RETRIES },
  handler: (scope, { paymentId }, run) => refundExtraPayment(scope, paymentId, { lastAttempt: run.attempt > RETRIES }),
});
