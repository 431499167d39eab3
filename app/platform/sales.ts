/**
 * The rules of selling that the catalog, bundles, the quick scan, stock notices and the shop share:
 * money (spec §1, §9), the discount tiers (§9) and which products can be ordered (§4).
 *
 * Money: every amount is an integer number of cents, VAT-inclusive unless a name says otherwise.
 *
 * Rounding: all divisions round half-up on the magnitude, i.e. half away
 * from zero (2.5 → 3, -2.5 → -3), to whole cents (2 decimals of euros).
 */

/** VAT rate included in every price (spec §1, §9). */
export const VAT_RATE_PERCENT = 9;

/** Currency of every amount (spec §1, §9). */
export const CURRENCY = 'EUR';

/** Throws a RangeError unless `cents` is a safe integer (money is integer cents, spec §9). */
export function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Money amounts must be integer cents, got ${String(cents)}`);
  }
}

/**
 * Divides and rounds half away from zero (spec §9 "Rounding to 2 decimals").
 * `denominator` must be positive. Exact for integer numerators below 2^52.
 */
export function roundDiv(numerator: number, denominator: number): number {
  const magnitude = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 ? -magnitude || 0 : magnitude;
}

/**
 * Price excluding VAT (spec §9): `cents * 100 / 109`, rounded half-up to
 * whole cents. (A tie cannot occur with a 9% rate, so the rounding rule only
 * matters for documentation.)
 */
export function exVat(cents: number): number {
  assertCents(cents);
  return roundDiv(cents * 100, 100 + VAT_RATE_PERCENT);
}

/** The VAT part of a VAT-inclusive amount (spec §9): `cents - exVat(cents)`. */
export function vatAmount(cents: number): number {
  return cents - exVat(cents);
}

/**
 * The VAT part of a VAT-inclusive amount at a given rate (an invoice or credit note line's own rate):
 * `cents - cents * 100 / (100 + rate)`, rounded half away from zero; negative amounts give negative VAT.
 */
export function vatAmountAt(cents: number, ratePercent: number): number {
  assertCents(cents);
  return cents - roundDiv(cents * 100, 100 + ratePercent);
}

/** Sum of a list of cent amounts (spec §3 cart totals); 0 for an empty list. */
export function sumCents(list: readonly number[]): number {
  let total = 0;
  for (const cents of list) {
    assertCents(cents);
    total += cents;
  }
  return total;
}

/**
 * `percent` percent of an amount, rounded half-up (away from zero) to whole
 * cents, e.g. 5% of 50 cents = 2.5 → 3 cents (spec §9 "Rounding to 2 decimals").
 */
export function percentageOf(cents: number, percent: number): number {
  assertCents(cents);
  if (!Number.isFinite(percent)) {
    throw new RangeError(`Percentage must be a finite number, got ${String(percent)}`);
  }
  return roundDiv(cents * percent, 100);
}

const euroFormat = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: CURRENCY });

/**
 * Formats cents for people in nl-NL (spec §9): '€ 24,95'. A whole euro
 * amount ends in ',-' ('€ 25,-') unless `full` is set ('€ 25,00').
 * Intl puts a non-breaking space (U+00A0) after the euro sign; it is kept.
 * Negative amounts read '€ -5,-' / '€ -5,50'.
 */
export function formatMoney(cents: number, opts?: { full?: boolean }): string {
  assertCents(cents);
  const shorten = opts?.full !== true && cents % 100 === 0;
  const key = shorten ? -cents - 0.5 : cents; // distinct keys for the short and full forms
  let text = formatted.get(key);
  if (text === undefined) {
    const parts = euroFormat.formatToParts(cents / 100);
    text = parts.map((part) => (shorten && part.type === 'fraction' ? '-' : part.value)).join('');
    // A catalogue has few distinct prices; Intl is slow, so remember them (bounded).
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

const formatted = new Map<number, string>();
const FORMATTED_MAX = 2000;

/** Stacking discount tiers of the sales banner (spec §1, §9). */
export const DISCOUNT_TIERS = [
  { minQuantity: 2, percent: 5 },
  { minQuantity: 3, percent: 10 },
  { minQuantity: 4, percent: 15 },
] as const;

export type DiscountPercent = 0 | (typeof DISCOUNT_TIERS)[number]['percent'];

function assertProductCount(productCount: number): void {
  if (!Number.isSafeInteger(productCount) || productCount < 0) {
    throw new RangeError(`Product count must be a non-negative integer, got ${String(productCount)}`);
  }
}

/**
 * Discount percentage for a number of products (spec §9): 2 → 5, 3 → 10,
 * 4 or more → 15, fewer than 2 → 0. Throws a RangeError for a negative or
 * non-integer count.
 */
export function discountPercentage(productCount: number): DiscountPercent {
  assertProductCount(productCount);
  let percent: DiscountPercent = 0;
  for (const tier of DISCOUNT_TIERS) {
    if (productCount >= tier.minQuantity) percent = tier.percent;
  }
  return percent;
}

/**
 * Applies the tier discount to a VAT-inclusive total in cents (spec §9).
 * The discount is rounded half-up to whole cents; the new total is the
 * old total minus the discount.
 */
export function applyDiscount(totalCents: number, productCount: number): { discountCents: number; totalCents: number } {
  assertCents(totalCents);
  const discountCents = percentageOf(totalCents, discountPercentage(productCount));
  return { discountCents, totalCents: totalCents - discountCents };
}

/**
 * The next tier a cart can reach (spec §1 sales banner), for texts like
 * 'nog 1 product voor 10% korting'; null once the highest tier is reached.
 */
export function nextDiscountHint(
  productCount: number,
): { productsToAdd: number; percent: Exclude<DiscountPercent, 0> } | null {
  assertProductCount(productCount);
  const next = DISCOUNT_TIERS.find((tier) => tier.minQuantity > productCount);
  return next ? { productsToAdd: next.minQuantity - productCount, percent: next.percent } : null;
}

/** The product fields the orderability rules read (spec §3 Product). */
export interface OrderableProduct {
  isOrderable: string;
  inventory?: { totalQuantity: number } | null;
}

/** A product is orderable only when isOrderable is exactly 'Y' (spec §4). */
export function isOrderable(product: OrderableProduct): boolean {
  return product.isOrderable === 'Y';
}

/** A product is in stock only when inventory.totalQuantity is above 0 (spec §4). */
export function isInStock(product: OrderableProduct): boolean {
  return (product.inventory?.totalQuantity ?? 0) > 0;
}

/** A product can be ordered when it is orderable and in stock (spec §4). */
export function canOrder(product: OrderableProduct): boolean {
  return isOrderable(product) && isInStock(product);
}

/** A product as a page shows it (its stock already read) can be ordered: orderable and in stock (spec §4). */
export function canOrderShown(product: { isOrderable: string; inStock: boolean }): boolean {
  return isOrderable(product) && product.inStock;
}

/** A cart or list is fully orderable only when non-empty and every product can be ordered (spec §4). */
export function isFullyOrderable(products: readonly OrderableProduct[]): boolean {
  return products.length > 0 && products.every(canOrder);
}
