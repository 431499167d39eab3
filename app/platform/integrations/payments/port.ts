/**
 * Payment port. A payment is created at the provider for an order
 * and the buyer is sent to its `checkoutUrl`; the provider calls our webhook
 * with the payment's id and we re-fetch its status with `getPayment` (a
 * webhook's body is never trusted). A paid payment the order did not need
 * (a second one) is given back with `refund`. Adapters: `demo` (default; its own test
 * payment page at /afrekenen/betalen/test/{id}) and `mollie` (the official
 * @mollie/api-client), chosen by env in server/composition.ts.
 */

import type { PaymentMethod, PaymentStatus, RefundStatus } from '#app/platform/payments.ts';

/** The provider's payment states and the methods we offer live in app/modules/shop/domain/payments.ts (Mollie's names). */
export {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
  type RefundStatus,
} from '#app/platform/payments.ts';

export interface CreatePaymentInput {
  /** VAT-inclusive amount in euro cents. */
  amountCents: number;
  /** What the buyer sees at the provider and on the bank statement: 'Slaagbundel bestelling SB26-000123'. */
  description: string;
  /** Where the provider sends the buyer afterwards (absolute URL). */
  redirectUrl: string;
  /** Where the provider posts `id=<payment id>` when the status changes (absolute URL). */
  webhookUrl: string;
  method?: PaymentMethod | undefined;
  metadata: { orderNumber: string };
}

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  method: string | null;
  /** Where to send the buyer to pay; null once the payment is final. */
  checkoutUrl: string | null;
  metadata: { orderNumber?: string | undefined };
}

export interface RefundInput {
  /** The paid payment to give (part of) the money back of. */
  paymentId: string;
  /** Euro cents, at most what is left of the payment after earlier refunds. */
  amountCents: number;
  /** What the buyer sees on the bank statement: 'Terugbetaling dubbele betaling SB26-000123'. */
  description: string;
  /**
   * The same key answers the refund made before instead of a second one (a retried call, or a
   * retried job): the provider's idempotency key.
   */
  idempotencyKey: string;
  metadata: { orderNumber: string };
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  /** Accepted refunds are queued, pending or processing until the money moved (refunded). */
  status: RefundStatus;
  amountCents: number;
}

export interface PaymentProvider {
  readonly kind: 'demo' | 'mollie';
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The payment as the provider knows it now; throws when the provider cannot be reached or does not know the id. */
  getPayment(id: string): Promise<ProviderPayment>;
  /**
   * Refunds (part of) a paid payment. Throws when the provider refuses (the payment is not paid, or
   * the amount is more than is left of it) or cannot be reached; a call with an idempotency key used
   * before answers the refund made then.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
}
