import type { Scope } from '#app/services/deps.ts';
import type { ProductSummary } from '#app/view-models/catalog.ts';
import { dummyImage } from '#app/domain/constants.ts';
import { canOrder, isInStock } from '#app/domain/orderability.ts';
import { PRODUCTS_PER_PAGE, skipForPage, totalPages } from '#app/domain/pagination.ts';
import {
  findProducts,
  findProductsBySkus,
  type ProductFilter,
  type ProductRow,
} from '#app/db/queries/products.server.ts';

/**
 * Which of the 15 dummy covers (spec §9) fit a product: the covers carry a
 * label ('Examenbundel havo', 'Samenvatting', …), so a havo bundle never shows
 * a vmbo cover. Index = dummyImage(index) → dummy-(index+1).svg.
 */
const COVERS: Record<string, number[]> = {
  'examenbundel:havo': [0, 4, 10],
  'examenbundel:vmbo': [1, 5, 11],
  'examenbundel:vwo': [2, 6, 12],
  samenvatting: [3, 8, 14],
  examenidioom: [7, 13],
};
const FALLBACK_COVER = 9; // 'Oefenexamens'

export function coverImage(productType: string, level: string, id: number): string {
  const group = level.startsWith('vmbo') ? 'vmbo' : level;
  const covers = COVERS[`${productType}:${group}`] ?? COVERS[productType];
  return dummyImage(covers ? covers[id % covers.length]! : FALLBACK_COVER);
}

export function toProductSummary(row: ProductRow): ProductSummary {
  const shape = { isOrderable: row.isOrderable, inventory: { totalQuantity: row.totalQuantity } };
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    href: `/producten/${row.id}/${row.slug}`,
    productType: row.productType,
    level: row.levelSlug,
    subject: row.subjectSlug,
    brand: row.brand,
    eanCode: row.eanCode,
    priceCents: row.priceCents,
    isOrderable: row.isOrderable === 'Y' ? 'Y' : 'N',
    inStock: isInStock(shape),
    canOrder: canOrder(shape),
    hasPreview: row.hasPreview,
    image: coverImage(row.productType, row.levelSlug, row.id),
  };
}

/** Product list of spec §7: 18 a page, optional level, subject and productType. */
export async function listProducts(s: Scope, filter: ProductFilter & { page?: number }) {
  const page = filter.page ?? 1;
  const { rows, total } = await findProducts(s.db, {
    filter,
    limit: PRODUCTS_PER_PAGE,
    skip: skipForPage(page, PRODUCTS_PER_PAGE),
  });
  return {
    products: rows.map(toProductSummary),
    total,
    page,
    totalPages: totalPages(total, PRODUCTS_PER_PAGE),
  };
}

/**
 * Teaser products for the home page: featured ones, or the chosen level's.
 * Read through the public-content cache: stock shown here may lag by
 * CONTENT_CACHE_SECONDS; product pages and the cart read live data.
 */
export function listFeaturedProducts(s: Scope, level: string | undefined, limit = 6) {
  return s.cache.get(`featured:${level ?? '*'}:${limit}`, async () => {
    const found = await findProducts(s.db, { filter: { level, featured: level ? undefined : true }, limit, skip: 0 });
    return found.rows.map(toProductSummary);
  });
}

/**
 * Products that content refers to by SKU (blocks in articles, an article's
 * related products), keyed by SKU. Read through the public-content cache like
 * the home page's teasers: stock shown may lag by CONTENT_CACHE_SECONDS.
 */
export async function getProductsBySku(s: Scope, skus: readonly string[]): Promise<Map<string, ProductSummary>> {
  const unique = [...new Set(skus)].sort();
  if (unique.length === 0) return new Map();
  const rows = await s.cache.get(`productsBySku:${unique.join(',')}`, () => findProductsBySkus(s.db, unique));
  return new Map(rows.map((row) => [row.sku, toProductSummary(row)]));
}
