/**
 * A paid order's follow-up: study access for a signed-in buyer,
 * licence codes for further copies and for guests, and the confirmation
 * mail. Queued once by the payment webhook; idempotent, so a retry (or a
 * repeat after a stop) never issues codes twice.
 */
import { z } from 'zod';
import { fulfilOrder } from '#app/modules/licenses/index.server.ts';
import { defineJob } from './define.ts';

export const fulfilOrderJob = defineJob({
  name: 'fulfil-order',
  schema: z.object({ orderId: z.number().int().positive() }),
  handler: (scope, { orderId }) => fulfilOrder(scope, orderId),
});
