import { describe, expect, it } from 'vitest';
import {
  cartTotal,
  clampQuantity,
  type CartLineInput,
  expectedDeliveryDate,
  missingForFreeShipping,
  SHIPPING_CENTS,
  shippingCents,
} from './cart.ts';

const line = (productId: number, unitPriceCents: number, quantity = 1, extra: Partial<CartLineInput> = {}) => ({
  productId,
  unitPriceCents,
  quantity,
  isOrderable: 'Y',
  inventory: { totalQuantity: 5 },
  ...extra,
});

describe('cartTotal: the stacking discount', () => {
  it('gives no discount for one product and shows the next tier', () => {
    const cart = cartTotal([line(1, 2495)]);
    expect(cart).toMatchObject({ itemCount: 1, subtotalCents: 2495, discountPercentage: 0, discountNetCents: 0 });
    expect(cart.totalCents).toBe(2495);
    expect(cart.grandTotalCents).toBe(2890); // € 24,95 and € 3,95 shipping
    expect(cart.vatCents).toBe(239); // 2890 - round(2890 * 100 / 109) = 2890 - 2651
    expect(cart.nextTierText).toBe('Nog 1 product voor 5% korting');
  });

  it.each([
    [2, 5],
    [3, 10],
    [4, 15],
    [6, 15],
  ])('stacks %i products to %i %% off every line', (count, percent) => {
    const cart = cartTotal(Array.from({ length: count }, (_, i) => line(i + 1, 2495)));
    expect(cart.discountPercentage).toBe(percent);
    for (const l of cart.lines) expect(l.discountPercentage).toBe(percent);
    const perLine = Math.floor((2495 * percent) / 100 + 0.5);
    expect(cart.discountNetCents).toBe(perLine * count);
    expect(cart.totalCents).toBe(2495 * count - perLine * count);
  });

  it('counts quantities: two copies of one book are two products', () => {
    const cart = cartTotal([line(1, 1000, 2)]);
    expect(cart.itemCount).toBe(2);
    expect(cart.lines[0]).toMatchObject({ lineTotalCents: 2000, discountCents: 100, priceNetCents: 1900 });
  });

  it('rounds each line half-up and sums the lines', () => {
    // 5 % of 1250 = 62.5 → 63 per line.
    const cart = cartTotal([line(1, 1250), line(2, 1250)]);
    expect(cart.discountNetCents).toBe(126);
    expect(cart.totalCents).toBe(2374);
  });

  it('is fully orderable only when non-empty and every product can be ordered', () => {
    expect(cartTotal([]).fullyOrderable).toBe(false);
    expect(cartTotal([line(1, 100)]).fullyOrderable).toBe(true);
    const soldOut = cartTotal([line(1, 100), line(2, 100, 1, { inventory: { totalQuantity: 0 } })]);
    expect(soldOut.fullyOrderable).toBe(false);
    expect(soldOut.lines.map((l) => l.canOrder)).toEqual([true, false]);
    expect(cartTotal([line(1, 100, 1, { isOrderable: 'N' })]).fullyOrderable).toBe(false);
  });

  it('has no next tier from 4 products, and names the products to add before', () => {
    expect(cartTotal([line(1, 100, 4)]).nextTierText).toBeNull();
    expect(cartTotal([line(1, 100, 1)]).nextTierText).toBe('Nog 1 product voor 5% korting');
    expect(cartTotal([]).nextTierText).toBe('Nog 2 producten voor 5% korting');
  });
});

describe('cartTotal: shipping and VAT', () => {
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

const day = (d: Date) => d.toISOString().slice(0, 10);

describe('shipping', () => {
  it('is free from € 35 after the discount, and nothing for an empty cart', () => {
    expect(shippingCents(3499, 2)).toBe(SHIPPING_CENTS);
    expect(shippingCents(3500, 2)).toBe(0);
    expect(shippingCents(0, 0)).toBe(0);
    expect(missingForFreeShipping(3000)).toBe(500);
    expect(missingForFreeShipping(4000)).toBe(0);
  });

  it('delivers the next day when ordered on a weekday before 22:00 Amsterdam time', () => {
    // Monday 23 November 2026, 10:00 in Amsterdam (09:00 UTC) → Tuesday.
    expect(day(expectedDeliveryDate(new Date('2026-11-23T09:00:00Z')))).toBe('2026-11-24');
  });

  it('posts the next working day after the cut-off', () => {
    // Monday 22:30 Amsterdam → posted Tuesday → Wednesday.
    expect(day(expectedDeliveryDate(new Date('2026-11-23T21:30:00Z')))).toBe('2026-11-25');
    // 23:30 UTC on Monday is already Tuesday 00:30 in Amsterdam → posted Tuesday → Wednesday.
    expect(day(expectedDeliveryDate(new Date('2026-11-23T23:30:00Z')))).toBe('2026-11-25');
  });

  it('never delivers on Sunday or Monday', () => {
    // Friday 12:00 → posted Friday → Saturday.
    expect(day(expectedDeliveryDate(new Date('2026-11-27T11:00:00Z')))).toBe('2026-11-28');
    // Friday 23:00 → posted Monday → Tuesday.
    expect(day(expectedDeliveryDate(new Date('2026-11-27T22:00:00Z')))).toBe('2026-12-01');
    // Sunday → posted Monday → Tuesday.
    expect(day(expectedDeliveryDate(new Date('2026-11-29T10:00:00Z')))).toBe('2026-12-01');
  });
});
