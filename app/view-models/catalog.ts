/** What pages and the API show of a product. Prices in cents incl. 9 % VAT. */
export interface ProductSummary {
  id: number;
  name: string;
  slug: string;
  href: string;
  productType: string;
  level: string;
  subject: string;
  brand: string;
  eanCode: string;
  priceCents: number;
  isOrderable: 'Y' | 'N';
  inStock: boolean;
  canOrder: boolean;
  hasPreview: boolean;
  image: string;
}

/** What a product card shows: a list page sends only these fields of each product. */
export type ProductCardData = Pick<
  ProductSummary,
  'id' | 'name' | 'href' | 'image' | 'level' | 'productType' | 'priceCents' | 'isOrderable' | 'inStock'
>;

export function toProductCardData(p: ProductSummary): ProductCardData {
  const { id, name, href, image, level, productType, priceCents, isOrderable, inStock } = p;
  return { id, name, href, image, level, productType, priceCents, isOrderable, inStock };
}
