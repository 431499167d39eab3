/**
 * Why the shop refuses a cart change, an order or a payment (ADR 014): each
 * reason with the HTTP status the API and the pages answer it with. A
 * refusal carries its Dutch message (app/modules/shop/domain/messages.ts)
 * and, for a cart change, the field it belongs to.
 */

export const CART_REFUSAL_STATUS = {
  unknown_product: 404,
  unknown_bundle: 404,
  not_in_cart: 404,
  not_orderable: 409,
  /** A class licence: sold to schools on a quote (paid by invoice), never put in a cart. */
  quote_only: 409,
  sold_out: 409,
  cart_full: 409,
  too_many: 409,
  /** The database broke off the write for another at the same moment (a deadlock, a serialization failure): nothing was written, try again. */
  conflict: 409,
} as const satisfies Record<string, 404 | 409>;

export type CartRefusalReason = keyof typeof CART_REFUSAL_STATUS;

export interface CartRefusal {
  reason: CartRefusalReason;
  message: string;
  field?: 'productId' | 'quantity' | 'bundleId';
}

export const ORDER_REFUSAL_STATUS = {
  empty_cart: 409,
  out_of_stock: 409,
  already_paid: 409,
  cancelled: 409,
  /** A signed-out buyer's cart has more than the guest limits (the refusal carries field errors). */
  guest_limit: 409,
  /** The payment provider did not answer (the fault is reported); the buyer may try again. */
  payment_failed: 502,
} as const satisfies Record<string, 409 | 502>;

export type OrderRefusalReason = keyof typeof ORDER_REFUSAL_STATUS;

export interface OrderRefusal<R extends OrderRefusalReason = OrderRefusalReason> {
  reason: R;
  message: string;
  /** Dutch messages per field, for the API's `fieldErrors` (guest_limit: `items.{productId}.quantity`, `items`). */
  fieldErrors?: Record<string, string[]>;
}
