import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart.ts';
import {
  GUEST_ORDER_MAX_ITEMS,
  GUEST_ORDER_MAX_LINE_QUANTITY,
  UNPAID_ORDER_MINUTES,
  type GuestLimitExcess,
} from './orders.ts';

/**
 * The shop's Dutch messages, in one place: the refusals of the cart and the
 * orders, the checkout's and the cart's field messages,
 * and the notices of the cart and the payment. Additions (the spec names none
 * of these); the generic ones are app/platform/schemas/messages.ts. Free of
 * Zod, so the browser can read them without loading a schema.
 */

/** Why a cart change was refused (the reasons of app/modules/shop/server/refusals.server.ts), and the cart page's notices. */
export const CART_MESSAGES = {
  UNKNOWN_PRODUCT: 'Dit product bestaat niet (meer).',
  UNKNOWN_BUNDLE: 'Dit voordeelpakket bestaat niet (meer).',
  NOT_ORDERABLE: 'Dit product is niet meer te bestellen.',
  /** A class licence (issue 31): sold to schools on a quote, paid by invoice, never in a cart. */
  QUOTE_ONLY:
    'Een klaslicentie bestel je niet in de winkelwagen: scholen betalen op factuur. Vraag op de pagina van de klaslicentie een offerte aan.',
  SOLD_OUT: 'Dit product is tijdelijk uitverkocht.',
  NOT_IN_CART: 'Dit product zit niet in je winkelwagen.',
  TOO_MANY_LINES: `Je winkelwagen is vol: er passen ${MAX_CART_LINES} verschillende producten in.`,
  TOO_MANY: (stock: number) => `Er ${stock === 1 ? 'is' : 'zijn'} nog maar ${stock} op voorraad.`,
  /** Another change of the same cart at the same moment got in the way; nothing was changed. */
  CONFLICT:
    'Je winkelwagen werd op hetzelfde moment ook ergens anders aangepast. Er is niets veranderd, probeer het nog eens.',
  /** After a plain add (no JavaScript), on the cart page. */
  PRODUCT_ADDED: (name: string) => `${name} zit in je winkelwagen.`,
  BUNDLE_ADDED: 'Het voordeelpakket zit in je winkelwagen.',
  SET_ADDED: 'De producten van je advies zitten in je winkelwagen.',
  /** A cart form that does not parse and names no field. */
  FAILED: 'Dat ging niet goed. Probeer het opnieuw.',
} as const;

/** A cart line's stock note. */
export const CART_STOCK_NOTES = {
  NOT_ORDERABLE: 'Niet meer te bestellen',
  SOLD_OUT: 'Tijdelijk uitverkocht',
  LOW: (stock: number) => `Nog maar ${stock} op voorraad`,
} as const;

/** The fields of the cart's writes (app/modules/shop/schemas/cart.ts). */
export const CART_FIELD_MESSAGES = {
  PRODUCT: 'Kies een product.',
  BUNDLE: 'Kies een voordeelpakket.',
  QUANTITY: `Kies een aantal van 1 tot en met ${MAX_LINE_QUANTITY}.`,
  INTENT: 'Onbekende actie.',
} as const;

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
  /** After a failed payment, on the confirmation page, behind the order number. */
  HELD: `staat nog ${UNPAID_ORDER_MINUTES} minuten voor je klaar. We hebben je een mail gestuurd met een link om te betalen, dus je hoeft niets opnieuw in je winkelwagen te zetten. Betaal je niet op tijd, dan annuleren we de bestelling en gaan de producten terug in de winkel.`,
  /** A signed-out order with more than the limits (the checkout's message above the form). */
  GUEST_LIMIT: (excess: GuestLimitExcess): string =>
    [
      `Zonder account bestel je maximaal ${GUEST_ORDER_MAX_LINE_QUANTITY} exemplaren per product en ${GUEST_ORDER_MAX_ITEMS} producten per bestelling.`,
      ...excess.lines.map((line) => GUEST_LIMIT_MESSAGES.LINE(line.name, line.quantity)),
      ...(excess.total === null ? [] : [GUEST_LIMIT_MESSAGES.TOTAL(excess.total)]),
      'Pas je winkelwagen aan, of log in om meer te bestellen.',
    ].join(' '),
} as const;

/** What the buyer reads on the bank statement of a refund of an extra payment, by why it was extra. */
export const REFUND_DESCRIPTIONS = {
  order_paid: (orderNumber: string): string => `Terugbetaling dubbele betaling bestelling ${orderNumber}`,
  order_cancelled: (orderNumber: string): string => `Terugbetaling geannuleerde bestelling ${orderNumber}`,
} as const;

/** The API's field messages of a signed-out order over the limits (`items.{productId}.quantity`, `items`). */
export const GUEST_LIMIT_MESSAGES = {
  LINE: (name: string, quantity: number): string =>
    `${name}: je hebt er ${quantity}, zonder account kan het maximaal ${GUEST_ORDER_MAX_LINE_QUANTITY}.`,
  TOTAL: (total: number): string =>
    `Je winkelwagen heeft ${total} producten, zonder account kan het maximaal ${GUEST_ORDER_MAX_ITEMS}.`,
} as const;

/** The fields of the checkout, the payment step and the order addresses (app/modules/shop/schemas/checkout.ts, order.ts). */
export const CHECKOUT_MESSAGES = {
  PHONE: 'Voer een geldig telefoonnummer in.',
  /** A house number is 1 or more: '0' or '012' is a typing error. */
  HOUSE_NUMBER_ZERO: 'Een huisnummer begint niet met een 0.',
  PAYMENT_METHOD: 'Kies een betaalmethode.',
  ORDER: 'Onbekende bestelling.',
  PAYMENT: 'Onbekende betaling.',
} as const;

/** What the buyer reads about a payment on the confirmation and payment pages (paymentStatusText). */
export const PAYMENT_MESSAGES = {
  PAID: 'Betaald',
  FAILED: 'De betaling is mislukt.',
  CANCELED: 'Je hebt de betaling geannuleerd.',
  EXPIRED: 'De betaling is verlopen.',
  WAITING: 'We wachten nog op de bevestiging van je betaling.',
} as const;
