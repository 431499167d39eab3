import { applyDiscount, discountPercentage, type DiscountPercent, formatMoney, sumCents } from '#app/platform/sales.ts';

/** What a bundle (voordeelpakket) costs: its products' prices and the stacking discount on them. */
export interface BundlePrice {
  /** The products' prices added up, VAT included. */
  normalCents: number;
  /** The stacking discount for this number of products (spec §1, §9). */
  discountPercent: DiscountPercent;
  discountCents: number;
  /** What the bundle costs: normal total minus the discount. */
  priceCents: number;
}

/**
 * The price of a bundle: the sum of its products' prices (one of each) minus
 * the stacking discount for that number of products, rounded as the cart
 * rounds it (applyDiscount). 3 products of € 24,95: € 74,85 − € 7,49 (10 %)
 * = € 67,36.
 */
export function bundlePrice(productPricesCents: readonly number[]): BundlePrice {
  const normalCents = sumCents(productPricesCents);
  const { discountCents, totalCents } = applyDiscount(normalCents, productPricesCents.length);
  return {
    normalCents,
    discountPercent: discountPercentage(productPricesCents.length),
    discountCents,
    priceCents: totalCents,
  };
}

/** 'Je bespaart € 7,49 (10 % stapelkorting)'; '' when there is no discount. A no-break space keeps '10 %' together. */
export function bundleSavingText(price: { discountCents: number; discountPercent: number }): string {
  if (price.discountCents <= 0 || price.discountPercent === 0) return '';
  return `Je bespaart ${formatMoney(price.discountCents)} (${price.discountPercent}\u00a0% stapelkorting)`;
}
