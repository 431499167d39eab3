import { assertCents, percentageOf } from '#app/platform/money.ts';

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
