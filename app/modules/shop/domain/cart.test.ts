import { describe, expect, it } from 'vitest';
import { cartTotal, clampQuantity, nextTierText, priceCart, type CartLineInput } from './cart.ts';

const line = (productId: number, unitPriceCents: number, quantity = 1, extra: Partial<CartLineInput> = {}) => ({
  productId,
  unitPriceCents,
  quantity,
  isOrderable: 'Y',
  inventory: { totalQuantity: 5 },
  ...extra,
});

describe('priceCart', () => {
  it('gives no discount for one product and shows the next tier', () => {
    const cart = priceCart([line(1, 2495)]);
    expect(cart).toMatchObject({ itemCount: 1, subtotalCents: 2495, discountPercentage: 0, discountNetCents: 0 });
    expect(cart.totalCents).toBe(2495);
    expect(cart.vatCents).toBe(206); // 2495 - round(2495 * 100 / 109) = 2495 - 2289
    expect(cart.totalExVatCents).toBe(2289);
    expect(nextTierText(cart.nextTier)).toBe('Nog 1 product voor 5% korting');
  });

  it.each([
    [2, 5],
    [3, 10],
    [4, 15],
    [6, 15],
  ])('stacks %i products to %i %% off every line', (count, percent) => {
    const cart = priceCart(Array.from({ length: count }, (_, i) => line(i + 1, 2495)));
    expect(cart.discountPercentage).toBe(percent);
    for (const l of cart.lines) expect(l.discountPercentage).toBe(percent);
    const perLine = Math.floor((2495 * percent) / 100 + 0.5);
    expect(cart.discountNetCents).toBe(perLine * count);
    expect(cart.totalCents).toBe(2495 * count - perLine * count);
  });

  it('counts quantities: two copies of one book are two products', () => {
    const cart = priceCart([line(1, 1000, 2)]);
    expect(cart.itemCount).toBe(2);
    expect(cart.lines[0]).toMatchObject({ lineTotalCents: 2000, discountCents: 100, priceNetCents: 1900 });
  });

  it('rounds each line half-up and sums the lines', () => {
    // 5 % of 1250 = 62.5 → 63 per line.
    const cart = priceCart([line(1, 1250), line(2, 1250)]);
    expect(cart.discountNetCents).toBe(126);
    expect(cart.totalCents).toBe(2374);
  });

  it('is fully orderable only when non-empty and every product can be ordered', () => {
    expect(priceCart([]).fullyOrderable).toBe(false);
    expect(priceCart([line(1, 100)]).fullyOrderable).toBe(true);
    const soldOut = priceCart([line(1, 100), line(2, 100, 1, { inventory: { totalQuantity: 0 } })]);
    expect(soldOut.fullyOrderable).toBe(false);
    expect(soldOut.lines.map((l) => l.canOrder)).toEqual([true, false]);
    expect(priceCart([line(1, 100, 1, { isOrderable: 'N' })]).fullyOrderable).toBe(false);
  });

  it('has no next tier from 4 products', () => {
    expect(priceCart([line(1, 100, 4)]).nextTier).toBeNull();
    expect(nextTierText(null)).toBeNull();
    expect(nextTierText({ productsToAdd: 2, percent: 10 })).toBe('Nog 2 producten voor 10% korting');
  });
});

describe('cartTotal', () => {
  it('charges shipping below € 35 after the discount, and the VAT is that of what the buyer pays', () => {
    // 2 × € 18,00 = € 36,00, 5 % off: € 34,20 (below € 35), so € 3,95 shipping.
    expect(cartTotal([line(1, 1800, 2)])).toMatchObject({
      subtotalCents: 3600,
      discountNetCents: 180,
      totalCents: 3420,
      shippingCents: 395,
      missingForFreeShippingCents: 80,
      grandTotalCents: 3815,
      vatCents: 315, // 3815 - round(3815 * 100 / 109) = 3815 - 3500
      nextTierText: 'Nog 1 product voor 10% korting',
    });
  });

  it('ships free from € 35 after the discount', () => {
    expect(cartTotal([line(1, 1250, 3)])).toMatchObject({ totalCents: 3375, shippingCents: 395 });
    expect(cartTotal([line(1, 1300, 3)])).toMatchObject({
      totalCents: 3510,
      shippingCents: 0,
      missingForFreeShippingCents: 0,
      grandTotalCents: 3510,
    });
  });

  it('costs nothing and misses nothing for free shipping when empty', () => {
    expect(cartTotal([])).toMatchObject({
      itemCount: 0,
      shippingCents: 0,
      missingForFreeShippingCents: 0,
      grandTotalCents: 0,
      vatCents: 0,
      fullyOrderable: false,
    });
  });
});

describe('clampQuantity', () => {
  it('keeps quantities between 1 and 10', () => {
    expect([clampQuantity(0), clampQuantity(3.7), clampQuantity(11), clampQuantity(Number.NaN)]).toEqual([1, 3, 10, 1]);
  });
});
