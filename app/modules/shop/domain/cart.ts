import {
  discountPercentage,
  nextDiscountHint,
  type DiscountPercent,
  percentageOf,
  sumCents,
  vatAmount,
  canOrder,
  type OrderableProduct,
} from '#app/platform/sales.ts';

/** At most this many of one product in a cart (a class set is ordered through the school, not the shop). */
export const MAX_LINE_QUANTITY = 10;
/** At most this many different products in one cart. */
export const MAX_CART_LINES = 40;

/** What pricing needs of one cart line; the price always comes from the products table, never from a client. */
export interface CartLineInput extends OrderableProduct {
  productId: number;
  quantity: number;
  /** The product's current price in cents, 9 % VAT included. */
  unitPriceCents: number;
}

export interface PricedCartLine {
  productId: number;
  quantity: number;
  unitPriceCents: number;
  /** unitPrice × quantity, before the discount. */
  lineTotalCents: number;
  /** The cart's stacking-discount percentage, the same on every line (spec §3 cart item discountPercentage). */
  discountPercentage: DiscountPercent;
  discountCents: number;
  /** The line's price after the discount, VAT included (spec §3 cart item priceNet). */
  priceNetCents: number;
  canOrder: boolean;
}

/** What a cart costs and what its page says about it (spec §1, §3, §9). Cents, 9 % VAT included. */
export interface CartTotal {
  /** The lines priced, in the order given. */
  lines: PricedCartLine[];
  /** Products in the cart: the sum of the quantities; the discount tier counts these. */
  itemCount: number;
  /** Before the discount. */
  subtotalCents: number;
  discountPercentage: DiscountPercent;
  /** The sum of the lines' discounts (spec §3 cart total discountNet). */
  discountNetCents: number;
  /** subtotal − discount: after the discount, before shipping. */
  totalCents: number;
  shippingCents: number;
  /** What is missing for free shipping; 0 for an empty cart. */
  missingForFreeShippingCents: number;
  /** What the buyer pays: the total and shipping. */
  grandTotalCents: number;
  /** The VAT inside the grand total. */
  vatCents: number;
  /** 'Nog 1 product voor 10% korting'; null at the highest tier. */
  nextTierText: string | null;
  /** Non-empty and every product can be ordered (spec §4). Lines that cannot be ordered still count and show. */
  fullyOrderable: boolean;
}

/**
 * The cart's total (spec §1, §9): the stacking discount is chosen by the number
 * of products (quantities summed: 2 → 5 %, 3 → 10 %, 4 or more → 15 %) and
 * taken off every line, rounded half-up per line; the cart's discount is the
 * sum of the lines'. Shipping is charged on the discounted total; the VAT is
 * that of what the buyer pays. Lines that cannot be ordered still count and
 * show, but make the cart not fully orderable (checkout refuses it).
 * The one computation of a cart's money: the server's cart, the cart page's
 * optimistic cart, the order placed from a cart and the quick scan's package
 * all use it.
 */
export function cartTotal(lines: readonly CartLineInput[]): CartTotal {
  const itemCount = lines.reduce((n, line) => n + line.quantity, 0);
  const percent = discountPercentage(itemCount);
  const priced = lines.map((line): PricedCartLine => {
    const lineTotalCents = line.unitPriceCents * line.quantity;
    const discountCents = percentageOf(lineTotalCents, percent);
    return {
      productId: line.productId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents,
      discountPercentage: percent,
      discountCents,
      priceNetCents: lineTotalCents - discountCents,
      canOrder: canOrder(line),
    };
  });
  const subtotalCents = sumCents(priced.map((l) => l.lineTotalCents));
  const discountNetCents = sumCents(priced.map((l) => l.discountCents));
  const totalCents = subtotalCents - discountNetCents;
  const shipping = shippingCents(totalCents, itemCount);
  const grandTotalCents = totalCents + shipping;
  return {
    lines: priced,
    itemCount,
    subtotalCents,
    discountPercentage: percent,
    discountNetCents,
    totalCents,
    shippingCents: shipping,
    missingForFreeShippingCents: itemCount === 0 ? 0 : missingForFreeShipping(totalCents),
    grandTotalCents,
    vatCents: vatAmount(grandTotalCents),
    nextTierText: nextTierText(nextDiscountHint(itemCount)),
    fullyOrderable: priced.length > 0 && priced.every((l) => l.canOrder),
  };
}

/** 'Nog 1 product voor 10% korting' / 'Nog 2 producten voor 5% korting'; null at the highest tier. */
function nextTierText(hint: { productsToAdd: number; percent: number } | null): string | null {
  if (!hint) return null;
  const noun = hint.productsToAdd === 1 ? 'product' : 'producten';
  return `Nog ${hint.productsToAdd} ${noun} voor ${hint.percent}% korting`;
}

/** A quantity a person may ask for: a whole number from 1 to MAX_LINE_QUANTITY. */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(quantity)));
}

/**
 * Shipping: books go by PostNL as a letterbox parcel. Free from
 * FREE_SHIPPING_FROM_CENTS (after the discount), otherwise SHIPPING_CENTS,
 * 9 % VAT included like the books. No clock here: callers pass `now`.
 */
export const SHIPPING_METHOD = 'postnl';
export const SHIPPING_LABEL = 'PostNL brievenbuspakje';
export const SHIPPING_CENTS = 395;
export const FREE_SHIPPING_FROM_CENTS = 3500;
/** Orders placed (and paid) before this hour, Amsterdam time, on a working day leave the warehouse that day. */
export const SAME_DAY_CUTOFF_HOUR = 22;

/** Shipping cost of an order worth `totalCents` (after the discount); nothing for an empty cart. */
export function shippingCents(totalCents: number, itemCount: number): number {
  if (itemCount === 0) return 0;
  return totalCents >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS;
}

/** What is still missing for free shipping, in cents; 0 when it is already free. */
export function missingForFreeShipping(totalCents: number): number {
  return Math.max(0, FREE_SHIPPING_FROM_CENTS - totalCents);
}

const amsterdamParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  hourCycle: 'h23',
});

/**
 * The expected delivery day: PostNL delivers letterbox parcels Tuesday to
 * Saturday, the day after they are posted. We post Monday to Friday; after
 * the cut-off, the next working day. Returns a date at noon UTC of that day.
 */
export function expectedDeliveryDate(now: Date): Date {
  const parts = Object.fromEntries(amsterdamParts.formatToParts(now).map((p) => [p.type, p.value]));
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  let day = weekdays.indexOf(parts.weekday ?? 'Mon');
  const hour = Number(parts.hour ?? 0);
  const date = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), 12));
  const addDay = () => {
    date.setUTCDate(date.getUTCDate() + 1);
    day = (day + 1) % 7;
  };
  // The posting day: today if a weekday before the cut-off, else the next weekday.
  if (day === 0 || day === 6 || hour >= SAME_DAY_CUTOFF_HOUR) {
    do addDay();
    while (day === 0 || day === 6);
  }
  // Delivered the next day PostNL delivers letterbox parcels (Tuesday–Saturday).
  do addDay();
  while (day === 0 || day === 1);
  return date;
}
