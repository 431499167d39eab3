import type { PaymentStatus } from '#app/platform/payments.ts';

/**
 * An order's states: `pending` (placed, stock reserved, waiting
 * for a payment), `paid` (the follow-up runs: mail, study access, licence
 * codes) and `cancelled` (never paid; the stock went back).
 */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Wacht op betaling',
  paid: 'Betaald',
  cancelled: 'Geannuleerd',
};

/** The only transitions an order makes; anything else is refused (returns null). */
const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'cancelled'],
  paid: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * What a payment's (re-fetched) status does to its order: `paid` moves a
 * pending order to paid; every other status leaves the order as it is (a
 * failed, cancelled or expired payment can be retried with a new payment
 * while the order is pending). Returns the new status, or null for no change.
 */
export function orderStatusAfterPayment(order: OrderStatus, payment: PaymentStatus): OrderStatus | null {
  return payment === 'paid' && canTransition(order, 'paid') ? 'paid' : null;
}

/** An order number people can read out on the phone: 'SB26-000042' (2-digit year, 6+ digit sequence). */
export function orderNumber(id: number, year: number): string {
  return `SB${String(year % 100).padStart(2, '0')}-${String(id).padStart(6, '0')}`;
}

/**
 * An unpaid order is cancelled (and its stock released) this long after it was placed or, if later,
 * after its newest payment was started, when that payment is still open or none was started (ADR 011).
 * Mollie lets an open iDEAL payment expire after 15 minutes, so a payment open for 30 minutes was
 * abandoned; the `cancel-unpaid-orders` job asks the provider first and runs every 5 minutes.
 */
export const UNPAID_ORDER_MINUTES = 30;

/**
 * An order whose payment the provider is still processing (`pending`, `authorized`), or whose
 * payment the provider could not tell us about, is held at most this long.
 */
export const PROCESSING_ORDER_HOURS = 24;

/**
 * What a signed-out buyer may order at once: at most this many copies of one product (the cart
 * allows MAX_LINE_QUANTITY) and this many items in all. A pupil or parent orders one or a few of a
 * title; more is a class order, which a teacher places signed in (ADR 011).
 */
export const GUEST_ORDER_MAX_LINE_QUANTITY = 5;
export const GUEST_ORDER_MAX_ITEMS = 20;

export interface GuestLimitExcess {
  /** The lines with more than GUEST_ORDER_MAX_LINE_QUANTITY. */
  lines: { productId: number; name: string; quantity: number }[];
  /** The items in all, when more than GUEST_ORDER_MAX_ITEMS; else null. */
  total: number | null;
}

/** What a signed-out order has more of than allowed; null when it is within the limits. */
export function guestLimitExcess(
  lines: readonly { productId: number; name: string; quantity: number }[],
): GuestLimitExcess | null {
  const over = lines.filter((line) => line.quantity > GUEST_ORDER_MAX_LINE_QUANTITY);
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  const total = items > GUEST_ORDER_MAX_ITEMS ? items : null;
  if (over.length === 0 && total === null) return null;
  return { lines: over.map(({ productId, name, quantity }) => ({ productId, name, quantity })), total };
}
