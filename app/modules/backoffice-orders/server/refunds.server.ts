/**
 * "Terugbetalen" (issue 32): a finance or admin staff member refunds chosen quantities of a paid order's lines (and
 * its shipping) through the payment provider. The refunds module takes the refund on, calls the provider and
 * issues the credit note; this workflow writes the audit log in the credit note's transaction (the refunds module
 * comes before the back office, so cannot), with what was refunded of the order before and after.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { ok, refuse } from '#app/platform/result.ts';
import { REFUND_MESSAGES, type RefundOrderInput } from '#app/modules/refunds/index.ts';
import { issueCreditNote, refundAtProvider, takeOnRefund } from '#app/modules/refunds/index.server.ts';
import { recordAudit, type StaffActor } from '#app/modules/backoffice/index.server.ts';

/** POST /v1/backoffice/orders/{number}/refunds and the refund page's action. */
export async function refundOrder(s: Scope, actor: StaffActor, number: string, input: RefundOrderInput) {
  const taken = await takeOnRefund(s, actor.userId, number, input);
  if (!taken.ok) return taken;
  const provider = await refundAtProvider(s, taken.value);
  if (!provider.ok) return provider;
  const issued = await s.db.transaction(async (tx) => {
    const done = await issueCreditNote(tx, taken.value, provider.value);
    if (!done) return null;
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'order.refund',
      objectType: 'order',
      objectId: number,
      before: done.before,
      after: done.after,
    });
    return done;
  });
  // Only a refund taken on by this call is accepted by it: another run cannot have ended it meanwhile.
  if (!issued) return refuse({ reason: 'provider_failed' as const, message: REFUND_MESSAGES.PROVIDER_FAILED });
  return ok({
    refund: issued.refund,
    creditNote: issued.creditNote,
    message: REFUND_MESSAGES.REFUNDED(formatMoney(issued.refund.amountCents, { full: true }), issued.creditNote.number),
  });
}
