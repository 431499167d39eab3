/**
 * The payment providers' vocabulary (Mollie's names): the payment port's contract
 * (app/platform/integrations/payments/port.ts) and the shop's rules read the same lists.
 */
/** The payment provider's payment states (Mollie's names). */
export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Payment methods offered, in the order shown (Mollie's method ids), in the order shown. */
export const PAYMENT_METHODS = ['ideal', 'bancontact', 'creditcard', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A refund's states at the payment provider (Mollie's names): accepted (queued, pending, processing), done or not. */
export const REFUND_STATUSES = ['queued', 'pending', 'processing', 'refunded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
