import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyDiscount,
  assertCents,
  canOrder,
  canOrderShown,
  discountPercentage,
  exVat,
  formatMoney,
  isFullyOrderable,
  isInStock,
  isOrderable,
  nextDiscountHint,
  type OrderableProduct,
  percentageOf,
  roundDiv,
  sumCents,
  vatAmount,
} from './sales.ts';

const NBSP = '\u00A0';
const cents = fc.integer({ min: -10_000_000_00, max: 10_000_000_00 });

describe('assertCents', () => {
  it.each([1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects %s', (value) => {
    expect(() => assertCents(value)).toThrow(RangeError);
  });

  it('accepts integers', () => {
    expect(() => assertCents(0)).not.toThrow();
    expect(() => assertCents(-2495)).not.toThrow();
  });
});

describe('roundDiv', () => {
  it('rounds half away from zero', () => {
    expect(roundDiv(5, 2)).toBe(3);
    expect(roundDiv(-5, 2)).toBe(-3);
    expect(roundDiv(4, 3)).toBe(1);
    expect(roundDiv(5, 3)).toBe(2);
    expect(roundDiv(-4, 3)).toBe(-1);
    expect(Object.is(roundDiv(-1, 3), 0)).toBe(true);
  });

  it('is never more than half a unit off', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 1000 }), (n, d) => {
        expect(Math.abs(roundDiv(n, d) - n / d)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('exVat', () => {
  it('computes price * 100 / 109 rounded to whole cents (spec §9)', () => {
    expect(exVat(10900)).toBe(10000);
    expect(exVat(2495)).toBe(2289); // 2288.99…
    expect(exVat(2500)).toBe(2294); // 2293.57…
    expect(exVat(1999)).toBe(1834); // 1833.94…
    expect(exVat(100)).toBe(92); // 91.74…
    expect(exVat(1)).toBe(1); // 0.917…
    expect(exVat(0)).toBe(0);
    expect(exVat(-2495)).toBe(-2289);
  });

  it('rejects non-integer cents', () => {
    expect(() => exVat(24.95)).toThrow(RangeError);
  });

  it('is the nearest whole cent to the exact ex-VAT amount', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(Math.abs(exVat(c) - (c * 100) / 109)).toBeLessThan(0.5);
      }),
    );
  });

  it('is odd-symmetric and monotonic', () => {
    fc.assert(
      fc.property(cents, fc.nat(100_000), (c, delta) => {
        expect(exVat(-c)).toBe(-exVat(c) || 0);
        expect(exVat(c + delta)).toBeGreaterThanOrEqual(exVat(c));
      }),
    );
  });
});

describe('vatAmount', () => {
  it('is the rest of the price', () => {
    expect(vatAmount(10900)).toBe(900);
    expect(vatAmount(2495)).toBe(206);
    expect(vatAmount(0)).toBe(0);
  });

  it('ex-VAT plus VAT is the price, and VAT is about 9/109 of it', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(exVat(c) + vatAmount(c)).toBe(c);
        expect(Math.abs(vatAmount(c) - (c * 9) / 109)).toBeLessThan(0.5);
      }),
    );
  });
});

describe('sumCents', () => {
  it('adds cents', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([2495, 1999, -500])).toBe(3994);
  });

  it('rejects non-integer entries', () => {
    expect(() => sumCents([100, 0.5])).toThrow(RangeError);
  });

  it('equals the sum of its parts', () => {
    fc.assert(
      fc.property(fc.array(cents), fc.array(cents), (a, b) => {
        expect(sumCents([...a, ...b])).toBe(sumCents(a) + sumCents(b));
      }),
    );
  });
});

describe('percentageOf', () => {
  it('rounds half-up to whole cents', () => {
    expect(percentageOf(10000, 15)).toBe(1500);
    expect(percentageOf(50, 5)).toBe(3); // 2.5
    expect(percentageOf(49, 5)).toBe(2); // 2.45
    expect(percentageOf(-50, 5)).toBe(-3);
    expect(percentageOf(2495, 10)).toBe(250); // 249.5
    expect(percentageOf(2495, 0)).toBe(0);
    expect(percentageOf(1000, 12.5)).toBe(125);
  });

  it('rejects bad input', () => {
    expect(() => percentageOf(1.5, 10)).toThrow(RangeError);
    expect(() => percentageOf(100, Number.NaN)).toThrow(RangeError);
  });

  it('returns whole cents within half a cent of the exact value', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 100 }), (c, p) => {
        const result = percentageOf(c, p);
        expect(Number.isInteger(result)).toBe(true);
        expect(Math.abs(result - (c * p) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('formats nl-NL euros with a non-breaking space (spec §9)', () => {
    expect(formatMoney(2495)).toBe(`€${NBSP}24,95`);
    expect(formatMoney(2495)).not.toBe('€ 24,95'); // a plain space would be wrong
    expect(formatMoney(2495).charCodeAt(1)).toBe(0xa0);
    expect(formatMoney(5)).toBe('€\u00A00,05');
    expect(formatMoney(123456789)).toBe('€\u00A01.234.567,89');
  });

  it("shows whole euros as ',-' (spec §9)", () => {
    expect(formatMoney(2500)).toBe('€\u00A025,-');
    expect(formatMoney(0)).toBe('€\u00A00,-');
    expect(formatMoney(100000)).toBe('€\u00A01.000,-');
  });

  it('shows ,00 when the full form is requested', () => {
    expect(formatMoney(2500, { full: true })).toBe('€\u00A025,00');
    expect(formatMoney(2495, { full: true })).toBe('€\u00A024,95');
    expect(formatMoney(2500, { full: false })).toBe('€\u00A025,-');
  });

  it('formats negative amounts', () => {
    expect(formatMoney(-500)).toBe('€\u00A0-5,-');
    expect(formatMoney(-550)).toBe('€\u00A0-5,50');
    expect(formatMoney(-500, { full: true })).toBe('€\u00A0-5,00');
    expect(formatMoney(-1)).toBe('€\u00A0-0,01');
  });

  it('rejects non-integer cents', () => {
    expect(() => formatMoney(24.95)).toThrow(RangeError);
  });

  it('round-trips through its own notation', () => {
    fc.assert(
      fc.property(cents, fc.boolean(), (c, full) => {
        const text = formatMoney(c, { full });
        expect(text.startsWith(`€${NBSP}`)).toBe(true);
        const number = text.slice(2).replaceAll('.', '').replace(',-', ',00').replace(',', '.');
        expect(Math.round(Number(number) * 100)).toBe(c);
        expect(text.endsWith(',-')).toBe(!full && c % 100 === 0);
      }),
    );
  });
});

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

const product = (isOrderableFlag: string, totalQuantity?: number | null): OrderableProduct => ({
  isOrderable: isOrderableFlag,
  inventory: totalQuantity === undefined ? undefined : totalQuantity === null ? null : { totalQuantity },
});

describe('isOrderable', () => {
  it("is true only for 'Y'", () => {
    expect(isOrderable(product('Y', 1))).toBe(true);
    for (const flag of ['N', 'y', '', 'YES', ' Y', 'true']) expect(isOrderable(product(flag, 1))).toBe(false);
  });
});

describe('isInStock', () => {
  it('is true only when totalQuantity is above 0', () => {
    expect(isInStock(product('Y', 1))).toBe(true);
    expect(isInStock(product('Y', 25))).toBe(true);
    expect(isInStock(product('Y', 0))).toBe(false);
    expect(isInStock(product('Y', -3))).toBe(false);
    expect(isInStock(product('Y', null))).toBe(false);
    expect(isInStock(product('Y'))).toBe(false);
  });
});

describe('canOrder', () => {
  it('needs both orderable and in stock', () => {
    expect(canOrder(product('Y', 2))).toBe(true);
    expect(canOrder(product('N', 2))).toBe(false);
    expect(canOrder(product('Y', 0))).toBe(false);
    expect(canOrder(product('N', 0))).toBe(false);
  });
});

describe('isFullyOrderable', () => {
  it('is false for an empty list', () => {
    expect(isFullyOrderable([])).toBe(false);
  });

  it('needs every product to qualify', () => {
    expect(isFullyOrderable([product('Y', 1), product('Y', 3)])).toBe(true);
    expect(isFullyOrderable([product('Y', 1), product('Y', 0)])).toBe(false);
    expect(isFullyOrderable([product('N', 1), product('Y', 3)])).toBe(false);
  });

  it.each([
    { case: 'one product that can be ordered', list: [product('Y', 1)], fully: true },
    {
      case: 'many products, each orderable and in stock',
      list: [product('Y', 3), product('Y', 1), product('Y', 25)],
      fully: true,
    },
    {
      case: 'the last of three not orderable',
      list: [product('Y', 1), product('Y', 1), product('N', 5)],
      fully: false,
    },
    { case: 'one without an inventory', list: [product('Y', 2), product('Y')], fully: false },
    { case: 'one with a null inventory', list: [product('Y', 2), product('Y', null)], fully: false },
    { case: 'one with a negative stock', list: [product('Y', -2), product('Y', 3)], fully: false },
    { case: 'one with an empty orderable flag', list: [product('Y', 4), product('', 4)], fully: false },
    { case: 'one with a lower-case flag', list: [product('y', 4)], fully: false },
    { case: 'none that can be ordered', list: [product('N', 0), product('N', 0)], fully: false },
  ])('$case: $fully', ({ list, fully }) => {
    expect(isFullyOrderable(list)).toBe(fully);
  });
});

describe('canOrderShown', () => {
  it('is true only for an orderable product in stock, as a page shows it', () => {
    expect(canOrderShown({ isOrderable: 'Y', inStock: true })).toBe(true);
    expect(canOrderShown({ isOrderable: 'Y', inStock: false })).toBe(false);
    expect(canOrderShown({ isOrderable: 'N', inStock: true })).toBe(false);
    expect(canOrderShown({ isOrderable: 'y', inStock: true })).toBe(false);
  });
});
