import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundlePrice, bundleSavingText } from './bundles.ts';
import { applyDiscount } from '#app/platform/sales.ts';

describe('bundlePrice', () => {
  it('takes the stacking discount of the number of products off their total', () => {
    expect(bundlePrice([2495, 2495, 2495])).toEqual({
      normalCents: 7485,
      discountPercent: 10,
      discountCents: 749, // 748.5 rounds half up
      priceCents: 6736,
    });
    expect(bundlePrice([2795, 1195])).toEqual({
      normalCents: 3990,
      discountPercent: 5,
      discountCents: 200, // 199.5 rounds half up
      priceCents: 3790,
    });
    expect(bundlePrice([2995, 2995, 2995, 2900])).toMatchObject({ discountPercent: 15, priceCents: 10102 }); // 11885 − 1783
  });

  it('gives no discount to a single product or an empty bundle', () => {
    expect(bundlePrice([2495])).toEqual({ normalCents: 2495, discountPercent: 0, discountCents: 0, priceCents: 2495 });
    expect(bundlePrice([])).toEqual({ normalCents: 0, discountPercent: 0, discountCents: 0, priceCents: 0 });
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => bundlePrice([24.95, 2495])).toThrow(RangeError);
  });

  it('always costs what the cart would charge for the same products, never more than their total', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 8 }), (prices) => {
        const price = bundlePrice(prices);
        const total = prices.reduce((a, b) => a + b, 0);
        expect(price.normalCents).toBe(total);
        expect(price.priceCents).toBe(applyDiscount(total, prices.length).totalCents);
        expect(price.priceCents + price.discountCents).toBe(total);
        expect(price.priceCents).toBeLessThanOrEqual(total);
      }),
    );
  });
});

describe('bundleSavingText', () => {
  it('says what the stacking discount saves, in Dutch', () => {
    expect(bundleSavingText(bundlePrice([2495, 2495, 2495]))).toBe('Je bespaart €\u00a07,49 (10\u00a0% stapelkorting)');
    expect(bundleSavingText(bundlePrice([2000, 2000]))).toBe('Je bespaart €\u00a02,- (5\u00a0% stapelkorting)');
  });

  it('is empty without a discount', () => {
    expect(bundleSavingText(bundlePrice([2495]))).toBe('');
  });
});
