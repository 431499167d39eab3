/** The product fields the orderability rules read (spec §3 Product). */
export interface OrderableProduct {
  isOrderable: string;
  inventory?: { totalQuantity: number } | null;
}

/** A product is orderable only when isOrderable is exactly 'Y' (spec §4). */
export function isOrderable(product: OrderableProduct): boolean {
  return product.isOrderable === 'Y';
}

/** A product is in stock only when inventory.totalQuantity is above 0 (spec §4). */
export function isInStock(product: OrderableProduct): boolean {
  return (product.inventory?.totalQuantity ?? 0) > 0;
}

/** A product can be ordered when it is orderable and in stock (spec §4). */
export function canOrder(product: OrderableProduct): boolean {
  return isOrderable(product) && isInStock(product);
}

/** A cart or list is fully orderable only when non-empty and every product can be ordered (spec §4). */
export function isFullyOrderable(products: readonly OrderableProduct[]): boolean {
  return products.length > 0 && products.every(canOrder);
}
