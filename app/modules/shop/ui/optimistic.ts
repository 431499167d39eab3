import { cartTotal } from '#app/modules/shop/domain/cart.ts';
import type { CartView } from '#app/modules/shop/schemas/cart.ts';

/** A change on its way to the server: a new quantity, or 0 for a removal. */
export interface PendingChange {
  productId: number;
  quantity: number;
}

/**
 * The cart as it will be once the pending changes land (optimistic UI):
 * priced by the server's own cartTotal (app/modules/shop/domain/cart.ts), from
 * the unit prices the server sent. The server's answer replaces it.
 */
export function optimisticCart(cart: CartView, pending: readonly PendingChange[]): CartView {
  if (pending.length === 0) return cart;
  const wanted = new Map(pending.map((p) => [p.productId, p.quantity]));
  const lines = cart.lines
    .map((line) => ({ ...line, quantity: wanted.get(line.productId) ?? line.quantity }))
    .filter((line) => line.quantity > 0);
  const { lines: priced, ...totals } = cartTotal(
    lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      isOrderable: line.canOrder ? 'Y' : 'N',
      inventory: { totalQuantity: line.canOrder ? line.maxQuantity : 0 },
    })),
  );
  return {
    lines: lines.map((line, i) => {
      const p = priced[i]!;
      return {
        ...line,
        lineTotalCents: p.lineTotalCents,
        discountPercentage: p.discountPercentage,
        discountCents: p.discountCents,
        priceNetCents: p.priceNetCents,
      };
    }),
    ...totals,
  };
}
