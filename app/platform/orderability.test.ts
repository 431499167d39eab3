import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canOrder, isFullyOrderable, isInStock, isOrderable, type OrderableProduct } from './orderability.ts';

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

  it('equals non-empty && every(canOrder)', () => {
    const arbitrary = fc.record({
      isOrderable: fc.constantFrom('Y', 'N', ''),
      inventory: fc.option(fc.record({ totalQuantity: fc.integer({ min: -2, max: 3 }) }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(arbitrary, { maxLength: 6 }), (list) => {
        expect(isFullyOrderable(list)).toBe(list.length > 0 && list.every(canOrder));
      }),
    );
  });
});
