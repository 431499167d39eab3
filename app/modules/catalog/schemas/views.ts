import type { StockState } from '#app/modules/catalog/domain/products.ts';

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

/** Everything a product page (and GET /api/v1/products/{id}) shows of a product. */
export interface ProductDetail extends ProductSummary {
  /** The shop's article number ('SB-HAVO-WA-2027'). */
  sku: string;
  /** The subject's name ('Wiskunde A'). */
  subjectTitle: string;
  /** The price without the 9 % VAT (spec §9: price * 100 / 109). */
  priceExVatCents: number;
  /** 'in-stock', 'sold-out' or 'discontinued' (spec §4). */
  stock: StockState;
  description: string;
  highlights: string[];
  pages: number | null;
}

/** One option of a product-list filter: the URL value and its Dutch label. */
export interface FilterOption {
  value: string;
  label: string;
}

/** A block of text on a page of a preview copy (inkijkexemplaar). */
export type PreviewBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'contents'; entries: { title: string; page: number }[] }
  | { kind: 'terms'; entries: { term: string; text: string }[] }
  | { kind: 'question'; label: string; points: number; text: string }
  | { kind: 'tip'; text: string };

/** One sample page of a preview copy: the cover, or a page of the book with its page number. */
export type PreviewPage =
  | { kind: 'cover'; title: string; image: string }
  | { kind: 'page'; title: string; pageNumber: number; blocks: PreviewBlock[] };

/** A level or school subject of the content service; a subject lists the levels it is taught at. */
export interface TaxonomyEntry {
  id: string;
  title: string;
  slug: string;
  levels: string[];
}
