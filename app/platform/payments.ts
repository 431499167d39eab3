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
