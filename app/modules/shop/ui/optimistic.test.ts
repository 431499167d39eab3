import { describe, expect, it } from 'vitest';
import type { CartLineView, CartView } from '#app/modules/shop/schemas/cart.ts';
import { optimisticCart } from './optimistic.ts';

/** A cart line as the server sends it; the money fields are what the server priced. */
function line(productId: number, unitPriceCents: number, quantity: number, extra: Partial<CartLineView> = {}) {
  return {
    productId,
    name: `Examenbundel ${productId}`,
    href: `/producten/${productId}/examenbundel-${productId}`,
    image: `/covers/${productId}.webp`,
    productType: 'examenbundel',
    level: 'havo',
    quantity,
    unitPriceCents,
    lineTotalCents: unitPriceCents * quantity,
    discountPercentage: 0,
    discountCents: 0,
    priceNetCents: unitPriceCents * quantity,
    canOrder: true,
    stockNote: null,
    maxQuantity: 10,
    ...extra,
  } satisfies CartLineView;
}

/** Two books of € 19,95 and € 14,95 as the server answered: 5 % off, € 3,95 shipping. */
const serverCart: CartView = {
  lines: [
    { ...line(1, 1995, 1), discountPercentage: 5, discountCents: 100, priceNetCents: 1895 },
    { ...line(2, 1495, 1), discountPercentage: 5, discountCents: 75, priceNetCents: 1420 },
  ],
  itemCount: 2,
  subtotalCents: 3490,
  discountPercentage: 5,
  discountNetCents: 175,
  totalCents: 3315,
  shippingCents: 395,
  missingForFreeShippingCents: 185,
  grandTotalCents: 3710,
  vatCents: 306,
  nextTierText: 'Nog 1 product voor 10% korting',
  fullyOrderable: true,
};

describe('optimisticCart', () => {
  it('shows the server’s cart as it is while nothing is on its way', () => {
    expect(optimisticCart(serverCart, [])).toBe(serverCart);
  });

  it('reprices at once when a quantity goes up: the next discount tier and free shipping', () => {
    const cart = optimisticCart(serverCart, [{ productId: 1, quantity: 2 }]);
    expect(
      cart.lines.map((l) => [l.productId, l.quantity, l.lineTotalCents, l.discountCents, l.priceNetCents]),
    ).toEqual([
      [1, 2, 3990, 399, 3591],
      [2, 1, 1495, 150, 1345],
    ]);
    expect(cart.lines.every((l) => l.discountPercentage === 10)).toBe(true);
    expect(cart).toMatchObject({
      itemCount: 3,
      subtotalCents: 5485,
      discountPercentage: 10,
      discountNetCents: 549,
      totalCents: 4936,
      shippingCents: 0,
      missingForFreeShippingCents: 0,
      grandTotalCents: 4936,
      vatCents: 408,
      nextTierText: 'Nog 1 product voor 15% korting',
      fullyOrderable: true,
    });
  });

  it('charges shipping when the discount takes the total below € 35', () => {
    const one: CartView = { ...serverCart, lines: [line(5, 1800, 1)] };
    const cart = optimisticCart(one, [{ productId: 5, quantity: 2 }]);
    expect(cart).toMatchObject({
      subtotalCents: 3600,
      discountNetCents: 180,
      totalCents: 3420,
      shippingCents: 395,
      missingForFreeShippingCents: 80,
      grandTotalCents: 3815,
    });
  });

  it('drops a removed line and loses the discount with it', () => {
    const cart = optimisticCart(serverCart, [{ productId: 2, quantity: 0 }]);
    expect(cart.lines.map((l) => l.productId)).toEqual([1]);
    expect(cart.lines[0]).toMatchObject({ discountPercentage: 0, discountCents: 0, priceNetCents: 1995 });
    expect(cart).toMatchObject({
      itemCount: 1,
      subtotalCents: 1995,
      discountNetCents: 0,
      totalCents: 1995,
      shippingCents: 395,
      missingForFreeShippingCents: 1505,
      grandTotalCents: 2390,
      vatCents: 197,
      nextTierText: 'Nog 1 product voor 5% korting',
    });
  });

  it('applies every change on its way at once', () => {
    const cart = optimisticCart(serverCart, [
      { productId: 2, quantity: 0 },
      { productId: 1, quantity: 4 },
    ]);
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([[1, 4]]);
    expect(cart).toMatchObject({ itemCount: 4, discountPercentage: 15, totalCents: 6783, nextTierText: null });
  });

  it('is an empty cart without shipping once the last line is removed', () => {
    const cart = optimisticCart(serverCart, [
      { productId: 1, quantity: 0 },
      { productId: 2, quantity: 0 },
    ]);
    expect(cart).toMatchObject({
      lines: [],
      itemCount: 0,
      totalCents: 0,
      shippingCents: 0,
      missingForFreeShippingCents: 0,
      grandTotalCents: 0,
      fullyOrderable: false,
    });
  });

  it('keeps what the page shows of a line: name, link, stock note and order', () => {
    const soldOut = line(3, 995, 1, { canOrder: false, maxQuantity: 0, stockNote: 'Tijdelijk uitverkocht' });
    const cart = optimisticCart({ ...serverCart, lines: [...serverCart.lines, soldOut] }, [
      { productId: 1, quantity: 3 },
    ]);
    expect(cart.lines.map((l) => [l.productId, l.name, l.href, l.stockNote])).toEqual([
      [1, 'Examenbundel 1', '/producten/1/examenbundel-1', null],
      [2, 'Examenbundel 2', '/producten/2/examenbundel-2', null],
      [3, 'Examenbundel 3', '/producten/3/examenbundel-3', 'Tijdelijk uitverkocht'],
    ]);
  });

  it('keeps a sold-out line counting for the discount but blocking checkout, until it is removed', () => {
    const soldOut = line(3, 995, 1, { canOrder: false, maxQuantity: 0, stockNote: 'Tijdelijk uitverkocht' });
    const withSoldOut = { ...serverCart, lines: [...serverCart.lines, soldOut], fullyOrderable: false };

    const changed = optimisticCart(withSoldOut, [{ productId: 1, quantity: 2 }]);
    expect(changed.itemCount).toBe(4);
    expect(changed.discountPercentage).toBe(15);
    expect(changed.fullyOrderable).toBe(false);

    const removed = optimisticCart(withSoldOut, [{ productId: 3, quantity: 0 }]);
    expect(removed.itemCount).toBe(2);
    expect(removed.fullyOrderable).toBe(true);
  });

  it('ignores a change to a product that is no longer in the cart', () => {
    const cart = optimisticCart(serverCart, [{ productId: 99, quantity: 2 }]);
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(cart.totalCents).toBe(3315);
    expect(cart.grandTotalCents).toBe(3710);
  });
});
