import { describe, expect, it } from 'vitest';
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
