import { PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from '#app/platform/payments.ts';

export { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from '#app/platform/payments.ts';

/** The Dutch names of the payment methods. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  creditcard: 'Creditcard',
  paypal: 'PayPal',
};

/** A payment in one of these states never changes again. */
export const FINAL_PAYMENT_STATUSES: ReadonlySet<PaymentStatus> = new Set(['paid', 'failed', 'canceled', 'expired']);

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly unknown[]).includes(value);
}

/**
 * The status to store for a payment when the provider reports `reported`
 * (a webhook re-fetched it): a final status is kept whatever arrives later,
 * so a repeated or out-of-order webhook changes nothing.
 */
export function nextPaymentStatus(stored: PaymentStatus, reported: PaymentStatus): PaymentStatus {
  return FINAL_PAYMENT_STATUSES.has(stored) ? stored : reported;
}

/** What the buyer reads about a payment on the confirmation page. */
export function paymentStatusText(status: PaymentStatus): string {
  switch (status) {
    case 'paid':
      return 'Betaald';
    case 'failed':
      return 'De betaling is mislukt.';
    case 'canceled':
      return 'Je hebt de betaling geannuleerd.';
    case 'expired':
      return 'De betaling is verlopen.';
    default:
      return 'We wachten nog op de bevestiging van je betaling.';
  }
}

/** What the demo provider's test page lets a developer choose, with its buttons' labels in this order. */
export const DEMO_OUTCOME_LABELS = {
  paid: 'Betaling gelukt',
  failed: 'Betaling mislukt',
  canceled: 'Betaling annuleren',
  expired: 'Betaling verlopen',
  open: 'Nog niet betalen (open laten)',
} as const satisfies Partial<Record<PaymentStatus, string>>;
