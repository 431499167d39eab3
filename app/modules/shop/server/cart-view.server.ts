import type { CartLineView, CartView } from '#app/modules/shop/schemas/cart.ts';
import { MAX_LINE_QUANTITY, cartTotal } from '#app/modules/shop/domain/cart.ts';
import { CART_STOCK_NOTES } from '#app/modules/shop/domain/messages.ts';
import type { Db } from '#app/db/client.server.ts';
import { listCartItems } from '#app/modules/shop/db/carts.server.ts';
import { coverImagePath } from '#app/modules/catalog/index.ts';
import { findProductsByIds } from '#app/modules/catalog/index.server.ts';

/** A cart line with what pricing and the page need of its product (the catalogue's, read live). */
export interface CartLineRow {
  productId: number;
  sku: string;
  slug: string;
  name: string;
  productType: string;
  levelSlug: string;
  subjectSlug: string;
  priceCents: number;
  isOrderable: string;
  totalQuantity: number;
  quantity: number;
}

/**
 * The cart's lines with their products, oldest first: the cart's lines (the shop's), then their products
 * (the catalogue's public read), two reads whatever the number of lines. Prices and stock are never stored
 * in a cart: they are read on every view.
 */
export async function readCartLines(db: Db, cartId: string): Promise<CartLineRow[]> {
  const items = await listCartItems(db, cartId);
  if (items.length === 0) return [];
  const products = new Map(
    (
      await findProductsByIds(
        db,
        items.map((item) => item.productId),
      )
    ).map((p) => [p.id, p]),
  );
  return items.flatMap(({ productId, quantity }) => {
    const product = products.get(productId);
    if (!product) return [];
    const { sku, slug, name, productType, levelSlug, subjectSlug, priceCents, isOrderable, totalQuantity } = product;
    return [
      {
        productId,
        sku,
        slug,
        name,
        productType,
        levelSlug,
        subjectSlug,
        priceCents,
        isOrderable,
        totalQuantity,
        quantity,
      },
    ];
  });
}

function stockNote(row: CartLineRow): string | null {
  if (row.isOrderable !== 'Y') return CART_STOCK_NOTES.NOT_ORDERABLE;
  if (row.totalQuantity <= 0) return CART_STOCK_NOTES.SOLD_OUT;
  if (row.quantity > row.totalQuantity) return CART_STOCK_NOTES.LOW(row.totalQuantity);
  return null;
}

/**
 * The cart as the page and the API show it, from its lines as stored: priced
 * by cartTotal (app/modules/shop/domain/cart.ts), as the cart page's
 * optimistic cart is.
 */
export function toCartView(rows: readonly CartLineRow[]): CartView {
  const { lines: priced, ...totals } = cartTotal(
    rows.map((row) => ({
      productId: row.productId,
      quantity: row.quantity,
      unitPriceCents: row.priceCents,
      isOrderable: row.isOrderable,
      // A line asking for more than is in stock cannot be ordered as it is.
      inventory: { totalQuantity: row.quantity > row.totalQuantity ? 0 : row.totalQuantity },
    })),
  );
  const lines: CartLineView[] = rows.map((row, i) => {
    const line = priced[i]!;
    return {
      productId: row.productId,
      name: row.name,
      href: `/producten/${row.productId}/${row.slug}`,
      image: coverImagePath(row.sku),
      productType: row.productType,
      level: row.levelSlug,
      quantity: row.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.lineTotalCents,
      discountPercentage: line.discountPercentage,
      discountCents: line.discountCents,
      priceNetCents: line.priceNetCents,
      canOrder: line.canOrder,
      stockNote: stockNote(row),
      maxQuantity: Math.max(row.quantity, Math.min(MAX_LINE_QUANTITY, row.totalQuantity)),
    };
  });
  return { lines, ...totals };
}
