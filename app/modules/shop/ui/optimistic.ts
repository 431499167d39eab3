import { nextTierText, priceCart } from '#app/modules/shop/domain/cart.ts';
import { vatAmount } from '#app/platform/money.ts';
import { missingForFreeShipping, shippingCents } from '#app/modules/shop/domain/shipping.ts';
import type { CartView } from '#app/modules/shop/schemas/cart.ts';

/** A change on its way to the server: a new quantity, or 0 for a removal. */
export interface PendingChange {
  productId: number;
  quantity: number;
}

/**
 * The cart as it will be once the pending changes land (optimistic UI):
 * priced with the same rules as the server (app/modules/shop/domain/cart.ts), from the
 * unit prices the server sent. The server's answer replaces it.
 */
export function optimisticCart(cart: CartView, pending: readonly PendingChange[]): CartView {
  if (pending.length === 0) return cart;
  const wanted = new Map(pending.map((p) => [p.productId, p.quantity]));
  const lines = cart.lines
    .map((line) => ({ ...line, quantity: wanted.get(line.productId) ?? line.quantity }))
    .filter((line) => line.quantity > 0);
  const priced = priceCart(
    lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      isOrderable: line.canOrder ? 'Y' : 'N',
      inventory: { totalQuantity: line.canOrder ? line.maxQuantity : 0 },
    })),
  );
  const shipping = shippingCents(priced.totalCents, priced.itemCount);
  const grandTotalCents = priced.totalCents + shipping;
  return {
    lines: lines.map((line, i) => {
      const p = priced.lines[i]!;
      return {
        ...line,
        lineTotalCents: p.lineTotalCents,
        discountPercentage: p.discountPercentage,
        discountCents: p.discountCents,
        priceNetCents: p.priceNetCents,
      };
    }),
    itemCount: priced.itemCount,
    subtotalCents: priced.subtotalCents,
    discountPercentage: priced.discountPercentage,
    discountNetCents: priced.discountNetCents,
    totalCents: priced.totalCents,
    shippingCents: shipping,
    missingForFreeShippingCents: priced.itemCount === 0 ? 0 : missingForFreeShipping(priced.totalCents),
    grandTotalCents,
    vatCents: vatAmount(grandTotalCents),
    nextTierText: nextTierText(priced.nextTier),
    fullyOrderable: priced.fullyOrderable && cart.lines.every((l) => l.canOrder || wanted.get(l.productId) === 0),
  };
}
