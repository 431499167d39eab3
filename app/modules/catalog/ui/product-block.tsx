import type { ReactNode } from 'react';
import type { ProductCardData } from '#app/modules/catalog/schemas/views.ts';
import { ProductCard } from './product-card.tsx';

/**
 * A product embedded in an article (an editor's `[[product: SKU]]`,
 * `[[inkijkexemplaar: SKU]]` or `[[in-winkelwagen: SKU]]` block): the product
 * card's band across the text column, its own chunk (LazyProductBlock). The
 * preview variant leads to the product's preview copy (inkijkexemplaar) when
 * it has one; `children` is an action under the price (the add-to-cart button).
 */
export default function ProductBlock({
  product,
  preview = false,
  children,
}: {
  product: ProductCardData & { hasPreview: boolean };
  preview?: boolean;
  children?: ReactNode;
}) {
  return <ProductCard product={product} variant="band" preview={preview && product.hasPreview} action={children} />;
}
