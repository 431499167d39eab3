import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyDiscount, discountPercentage, nextDiscountHint } from './discounts.ts';

describe('discountPercentage', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 5],
    [3, 10],
    [4, 15],
    [5, 15],
    [100, 15],
  ])('%i products → %i%%', (count, percent) => {
    expect(discountPercentage(count)).toBe(percent);
  });

  it.each([-1, 1.5, Number.NaN])('rejects %s', (count) => {
    expect(() => discountPercentage(count)).toThrow(RangeError);
  });

  it('is monotonic in the product count', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(discountPercentage(low)).toBeLessThanOrEqual(discountPercentage(high));
      }),
    );
  });
});

describe('applyDiscount', () => {
  it('applies the tier to the total', () => {
    expect(applyDiscount(10000, 1)).toEqual({ discountCents: 0, totalCents: 10000 });
    expect(applyDiscount(4990, 2)).toEqual({ discountCents: 250, totalCents: 4740 }); // 249.5 → 250
    expect(applyDiscount(7485, 3)).toEqual({ discountCents: 749, totalCents: 6736 }); // 748.5 → 749
    expect(applyDiscount(9980, 4)).toEqual({ discountCents: 1497, totalCents: 8483 });
    expect(applyDiscount(0, 4)).toEqual({ discountCents: 0, totalCents: 0 });
  });

  it('rejects non-integer totals', () => {
    expect(() => applyDiscount(10.5, 2)).toThrow(RangeError);
  });

  it('keeps discount + new total equal to the old total, discount within the tier', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(20), (total, count) => {
        const { discountCents, totalCents } = applyDiscount(total, count);
        expect(discountCents + totalCents).toBe(total);
        expect(discountCents).toBeGreaterThanOrEqual(0);
        expect(Math.abs(discountCents - (total * discountPercentage(count)) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('never raises the price when adding a product', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(20), (total, count) => {
        expect(applyDiscount(total, count + 1).totalCents).toBeLessThanOrEqual(applyDiscount(total, count).totalCents);
      }),
    );
  });
});

describe('nextDiscountHint', () => {
  it('names the next tier', () => {
    expect(nextDiscountHint(0)).toEqual({ productsToAdd: 2, percent: 5 });
    expect(nextDiscountHint(1)).toEqual({ productsToAdd: 1, percent: 5 });
    expect(nextDiscountHint(2)).toEqual({ productsToAdd: 1, percent: 10 });
    expect(nextDiscountHint(3)).toEqual({ productsToAdd: 1, percent: 15 });
  });

  it('returns null at the highest tier', () => {
    expect(nextDiscountHint(4)).toBeNull();
    expect(nextDiscountHint(12)).toBeNull();
  });

  it('rejects bad counts', () => {
    expect(() => nextDiscountHint(-1)).toThrow(RangeError);
  });

  it('reaching the hint gives exactly that percentage', () => {
    fc.assert(
      fc.property(fc.nat(50), (count) => {
        const hint = nextDiscountHint(count);
        if (hint === null) {
          expect(discountPercentage(count)).toBe(15);
        } else {
          expect(hint.productsToAdd).toBeGreaterThan(0);
          expect(discountPercentage(count + hint.productsToAdd)).toBe(hint.percent);
          expect(discountPercentage(count + hint.productsToAdd - 1)).toBeLessThan(hint.percent);
        }
      }),
    );
  });
});
