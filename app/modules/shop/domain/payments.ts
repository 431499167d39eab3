import { PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from '#app/platform/payments.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import type { OrderStatus } from './orders.ts';

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

/** Why a paid payment is one too many: the order was paid by another payment, or cancelled. */
export type ExtraPaymentReason = 'order_paid' | 'order_cancelled';

/**
 * Whether a payment that now becomes paid (`stored` → `next`) is an extra payment: its order is not
 * pending any more, so this payment did not pay it (the one that did moved it from pending). A
 * payment stored as paid before is not judged again (a repeated delivery). Null: not extra.
 */
export function extraPaymentReason(
  order: OrderStatus,
  stored: PaymentStatus,
  next: PaymentStatus,
): ExtraPaymentReason | null {
  if (next !== 'paid' || stored === 'paid') return null;
  if (order === 'paid') return 'order_paid';
  if (order === 'cancelled') return 'order_cancelled';
  return null;
}

/** What the buyer reads about a payment on the confirmation page. */
export function paymentStatusText(status: PaymentStatus): string {
  switch (status) {
    case 'paid':
      return PAYMENT_MESSAGES.PAID;
    case 'failed':
      return PAYMENT_MESSAGES.FAILED;
    case 'canceled':
      return PAYMENT_MESSAGES.CANCELED;
    case 'expired':
      return PAYMENT_MESSAGES.EXPIRED;
    default:
      return PAYMENT_MESSAGES.WAITING;
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
