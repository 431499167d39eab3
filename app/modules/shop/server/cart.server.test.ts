import { describe, expect, it } from 'vitest';
import { optimisticCart, type PendingChange } from '#app/modules/shop/ui/optimistic.ts';
import { type CartLineRow, toCartView } from './cart.server.ts';

/** A cart line as the database answers it. */
function row(productId: number, sku: string, priceCents: number, quantity: number, extra: Partial<CartLineRow> = {}) {
  return {
    productId,
    sku,
    slug: sku.toLowerCase(),
    name: `Slaagbundel ${sku}`,
    productType: 'examenbundel',
    levelSlug: 'havo',
    subjectSlug: 'nederlands',
    priceCents,
    isOrderable: 'Y',
    totalQuantity: 25,
    quantity,
    ...extra,
  } satisfies CartLineRow;
}

/** The havo bundle (Nederlands, Engels, Wiskunde A) as the cart holds it after 'add-bundle'. */
const bundle = [
  row(11, 'SB-HAVO-NE-2027', 2795, 1),
  row(12, 'SB-HAVO-EN-2027', 2795, 1),
  row(13, 'SB-HAVO-WA-2027', 2895, 1),
];
const summary = row(21, 'SB-HAVO-BI-SV-2027', 1495, 2, { productType: 'samenvatting' });
const idioms = row(22, 'SB-HAVO-DU-ID-2027', 1095, 3, { productType: 'examenidioom' });
const soldOut = row(23, 'SB-HAVO-GS-2027', 2795, 1, { totalQuantity: 0 });

/** The cart's rows once the server has written the changes: new quantities, removals gone. */
function written(rows: readonly CartLineRow[], pending: readonly PendingChange[]): CartLineRow[] {
  const wanted = new Map(pending.map((p) => [p.productId, p.quantity]));
  return rows.map((r) => ({ ...r, quantity: wanted.get(r.productId) ?? r.quantity })).filter((r) => r.quantity > 0);
}

describe('the optimistic cart and the server’s cart', () => {
  it.each<[string, CartLineRow[], PendingChange[]]>([
    ['a bundle, one of its books doubled: 10 % becomes 15 %', bundle, [{ productId: 12, quantity: 2 }]],
    ['a bundle, one book removed: 10 % becomes 5 %', bundle, [{ productId: 13, quantity: 0 }]],
    ['a bundle and several quantities, raised', [...bundle, summary, idioms], [{ productId: 21, quantity: 4 }]],
    [
      'several quantities down to one book: no discount, shipping again',
      [summary, idioms],
      [
        { productId: 21, quantity: 1 },
        { productId: 22, quantity: 0 },
      ],
    ],
    [
      'one cheap book to two: 5 % off, still below free shipping',
      [row(31, 'SB-HAVO-DU-ID-2027', 1095, 1)],
      [{ productId: 31, quantity: 2 }],
    ],
    [
      'a sold-out line kept: it counts for the discount, checkout stays closed',
      [...bundle, soldOut],
      [{ productId: 11, quantity: 3 }],
    ],
    ['a sold-out line removed: checkout opens', [summary, soldOut], [{ productId: 23, quantity: 0 }]],
    [
      'every line removed',
      [summary, idioms],
      [
        { productId: 21, quantity: 0 },
        { productId: 22, quantity: 0 },
      ],
    ],
  ])('agree on %s', (_, rows, pending) => {
    const shown = optimisticCart(toCartView(rows), pending);
    expect(shown).toEqual(toCartView(written(rows, pending)));
  });

  it('agree on the totals a bundle with several quantities costs', () => {
    const rows = [...bundle, summary];
    const shown = optimisticCart(toCartView(rows), [{ productId: 11, quantity: 2 }]);
    // 2 × 27,95 + 27,95 + 28,95 + 2 × 14,95 = 142,70; 6 products: 15 % off, per line rounded; free shipping.
    expect(shown).toMatchObject({
      itemCount: 6,
      subtotalCents: 14270,
      discountPercentage: 15,
      discountNetCents: 839 + 419 + 434 + 449,
      totalCents: 14270 - 2141,
      shippingCents: 0,
      grandTotalCents: 12129,
      vatCents: 1001, // 121,29 − 121,29 / 1,09 (111,28)
      nextTierText: null,
      fullyOrderable: true,
    });
    expect(toCartView(written(rows, [{ productId: 11, quantity: 2 }]))).toEqual(shown);
  });
});
