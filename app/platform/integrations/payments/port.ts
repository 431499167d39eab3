/**
 * Payment port. A payment is created at the provider for an order
 * and the buyer is sent to its `checkoutUrl`; the provider calls our webhook
 * with the payment's id and we re-fetch its status with `getPayment` (a
 * webhook's body is never trusted). Adapters: `demo` (default; its own test
 * payment page at /afrekenen/betalen/test/{id}) and `mollie` (the official
 * @mollie/api-client), chosen by env in server/composition.ts.
 */

import type { PaymentMethod, PaymentStatus } from '#app/platform/payments.ts';

/** The provider's payment states and the methods we offer live in app/modules/shop/domain/payments.ts (Mollie's names). */
export { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from '#app/platform/payments.ts';

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

export interface PaymentProvider {
  readonly kind: 'demo' | 'mollie';
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The payment as the provider knows it now; throws when the provider cannot be reached or does not know the id. */
  getPayment(id: string): Promise<ProviderPayment>;
}
