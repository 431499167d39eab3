/** The kinds of product the shop sells (spec §1), with their Dutch labels; the one list of them. */
export const PRODUCT_TYPES = ['examenbundel', 'samenvatting', 'examenidioom'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_TYPE_LABELS: Readonly<Record<ProductType, string>> = {
  examenbundel: 'Examenbundel',
  samenvatting: 'Samenvatting',
  examenidioom: 'Examenidioom',
};

export function isProductType(value: unknown): value is ProductType {
  return (PRODUCT_TYPES as readonly unknown[]).includes(value);
}

/** Dutch label of a product type; unknown types are returned unchanged. */
export function productTypeLabel(type: string): string {
  return isProductType(type) ? PRODUCT_TYPE_LABELS[type] : type;
}

/** Id of a product's entry in the content service (its copy; spec §7 'product'): derived from its SKU. */
export function contentProductId(sku: string): string {
  return `product-${sku.toLowerCase()}`;
}
