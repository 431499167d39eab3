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

/** Unpaid orders are cancelled (and their stock released) after this long. */
export const UNPAID_ORDER_HOURS = 24;

/** What the buyer reads when an order cannot be placed or paid. */
export const ORDER_MESSAGES = {
  EMPTY_CART: 'Je winkelwagen is leeg.',
  NOT_ORDERABLE: 'Niet alle producten in je winkelwagen zijn te bestellen. Pas je winkelwagen aan.',
  OUT_OF_STOCK: (name: string) =>
    `${name} is net uitverkocht of niet meer in dit aantal op voorraad. Pas je winkelwagen aan.`,
  UNKNOWN_ORDER: 'Deze bestelling kennen we niet.',
  ALREADY_PAID: 'Deze bestelling is al betaald.',
  CANCELLED: 'Deze bestelling is geannuleerd omdat er niet op tijd is betaald.',
  PAYMENT_FAILED: 'Het betalen kon niet worden gestart. Probeer het zo nog eens of kies een andere betaalmethode.',
} as const;
