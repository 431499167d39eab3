import type { Scope } from '#app/platform/server/deps.ts';
import {
  toProductCardData,
  type FilterOption,
  type ProductCardData,
  type ProductDetail,
  type ProductSummary,
} from '#app/modules/catalog/schemas/views.ts';
import { LEVEL_LABELS, LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import { exVat, canOrder, isInStock } from '#app/platform/sales.ts';
import { PRODUCTS_PER_PAGE, skipForPage, totalPages } from '#app/platform/pagination.ts';
import {
  levelsOfFilter,
  productPath,
  VMBO_LEVEL_GROUP,
  type ProductLevelFilter,
} from '#app/modules/catalog/domain/product-list.ts';
import {
  coverImagePath,
  isQuoteProduct,
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  QUOTE_PRODUCT_TYPES,
  stockState,
  type ProductSort,
} from '#app/modules/catalog/domain/products.ts';
import type { SitemapEntry } from '#app/platform/seo.ts';
import {
  findProductById,
  findProductFacets,
  findProductPaths,
  findProducts,
  findProductsBySkus,
  findRelatedProducts,
  type ProductFilter,
  type ProductRow,
} from '#app/modules/catalog/db/products.server.ts';
import { getSchoolSubjects } from './taxonomy.server.ts';
import { previewPages } from '#app/modules/catalog/server/product-previews.server.ts';

/** The level filter for every vmbo level together. */
const VMBO_GROUP_LABEL = 'vmbo (alle leerwegen)';

/** Related products a product page shows in each of its two rows. */
const RELATED_LIMIT = 4;

/**
 * A product's cover: its own, generated from content/products.json by
 * `npm run content:covers` (content/covers.ts) as /images/covers/<sku>.svg.
 */
export function coverImage(sku: string): string {
  return coverImagePath(sku);
}

export function toProductSummary(row: ProductRow): ProductSummary {
  const shape = { isOrderable: row.isOrderable, inventory: { totalQuantity: row.totalQuantity } };
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    href: productPath(row.id, row.slug),
    productType: row.productType,
    level: row.levelSlug,
    subject: row.subjectSlug,
    brand: row.brand,
    eanCode: row.eanCode,
    priceCents: row.priceCents,
    isOrderable: row.isOrderable === 'Y' ? 'Y' : 'N',
    inStock: isInStock(shape),
    // A quote product (a class licence) is never ordered in the shop, whatever its row says.
    canOrder: !isQuoteProduct(row.productType) && canOrder(shape),
    hasPreview: row.hasPreview,
    image: coverImage(row.sku),
  };
}

/** Names of the school subjects by slug (the content service's schoolSubject entries). */
async function subjectTitles(s: Scope): Promise<Map<string, string>> {
  return new Map((await getSchoolSubjects(s)).map((subject) => [subject.slug, subject.title]));
}

function toProductDetail(row: ProductRow, titles: Map<string, string>): ProductDetail {
  const summary = toProductSummary(row);
  return {
    ...summary,
    sku: row.sku,
    subjectTitle: titles.get(row.subjectSlug) ?? row.subjectSlug,
    priceExVatCents: exVat(row.priceCents),
    stock: stockState(summary),
    description: row.description,
    highlights: row.highlights,
    pages: row.pages,
  };
}

export interface ProductListQuery extends ProductFilter {
  page?: number | undefined;
  sort?: ProductSort | undefined;
}

/**
 * Product list of spec §7: 18 a page, optional level, subject and productType, in the chosen order. The same for
 * everyone: read through the public-content cache like the home page's teasers (the page and the API answer
 * `public` already), so the stock a card shows may lag by CONTENT_CACHE_SECONDS; a product's page and the cart
 * read it live.
 */
export function listProducts(s: Scope, query: ProductListQuery) {
  const page = query.page ?? 1;
  const { level, subject, productType, featured, sort } = query;
  const key = `productList:${level ?? ''}|${subject ?? ''}|${productType ?? ''}|${featured ?? ''}|${sort ?? ''}|${page}`;
  return s.cache.get(key, async () => {
    const { rows, total } = await findProducts(s.db, {
      filter: { level, subject, productType, featured },
      limit: PRODUCTS_PER_PAGE,
      skip: skipForPage(page, PRODUCTS_PER_PAGE),
      sort,
    });
    return {
      products: rows.map(toProductSummary),
      total,
      page,
      totalPages: totalPages(total, PRODUCTS_PER_PAGE),
    };
  });
}

/**
 * The filters worth offering on the product list: levels and product types
 * the catalogue has, and the subjects it has (at the chosen level, when one
 * is chosen), by name. A chosen subject stays an option even where it has no
 * products, so the form shows what the URL asks for.
 */
async function productFilterOptions(
  s: Scope,
  { level, subject }: { level?: ProductLevelFilter | undefined; subject?: string | undefined },
) {
  const [facets, titles] = await Promise.all([
    s.cache.get('productFacets', () => findProductFacets(s.db)),
    subjectTitles(s),
  ]);
  const levels = new Set(facets.map((f) => f.level));
  const types = new Set(facets.map((f) => f.productType));
  const chosenLevels: readonly string[] = level ? levelsOfFilter(level) : [];
  const subjects = new Set(facets.filter((f) => !level || chosenLevels.includes(f.level)).map((f) => f.subject));
  if (subject) subjects.add(subject);
  const byTitle = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, 'nl');
  const levelOptions = LEVEL_ORDER.filter((l) => levels.has(l)).map((l) => ({ value: l, label: LEVEL_LABELS[l] }));
  const vmbo = levelsOfFilter(VMBO_LEVEL_GROUP).some((l) => levels.has(l));
  return {
    levels: vmbo ? [{ value: VMBO_LEVEL_GROUP, label: VMBO_GROUP_LABEL }, ...levelOptions] : levelOptions,
    subjects: [...subjects].map((slug) => ({ value: slug, label: titles.get(slug) ?? slug })).sort(byTitle),
    productTypes: PRODUCT_TYPES.filter((t) => types.has(t)).map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] })),
  };
}

/**
 * The product list page's products (/producten): a page of products as cards,
 * the totals and the filter options (the route adds the content config's
 * products-archive CTAs, spec §3 config, §9 positions 6 and 16).
 */
export async function getProductListPage(s: Scope, query: ProductListQuery) {
  const [list, filters] = await Promise.all([listProducts(s, query), productFilterOptions(s, query)]);
  return {
    products: list.products.map(toProductCardData),
    total: list.total,
    page: list.page,
    totalPages: list.totalPages,
    filters,
  };
}

/** One product with everything its page shows (GET /api/v1/products/{id}); null when there is none. */
export async function getProduct(s: Scope, id: number): Promise<ProductDetail | null> {
  const [row, titles] = await Promise.all([findProductById(s.db, id), subjectTitles(s)]);
  return row ? toProductDetail(row, titles) : null;
}

/**
 * The related products of a product page as cards: the same level in other subjects, the same subject as another
 * product type. They depend on the level, subject and type alone (never on the product itself), so the products
 * that share those share them. Read through the public-content cache like the home page's teasers: their stock
 * may lag by CONTENT_CACHE_SECONDS.
 */
function relatedProductCards(s: Scope, row: ProductRow) {
  return s.cache.get(`relatedProducts:${row.levelSlug}:${row.subjectSlug}:${row.productType}`, async () => {
    const related = await findRelatedProducts(s.db, row, RELATED_LIMIT);
    return {
      sameLevel: related.sameLevel.map((r) => toProductCardData(toProductSummary(r))),
      sameSubject: related.sameSubject.map((r) => toProductCardData(toProductSummary(r))),
    };
  });
}

/**
 * The product page: the product, its preview copy and related products (`relatedProductCards`).
 * The product's own stock is read live, not from the content cache. Null when there is no such product.
 */
export async function getProductPage(s: Scope, id: number) {
  const [row, titles] = await Promise.all([findProductById(s.db, id), subjectTitles(s)]);
  if (!row) return null;
  const product = toProductDetail(row, titles);
  const { sameLevel, sameSubject } = await relatedProductCards(s, row);
  return { product, preview: previewPages(product), sameLevel, sameSubject };
}

/** Quote products of one kind the catalogue holds at most; far more than the demo's. */
const MAX_QUOTE_PRODUCTS = 60;

/**
 * The products sold to schools on a quote (the class licences, issue 31) as cards, by name: /voor-docenten
 * lists them, since the shop's product list leaves them out. Read through the public-content cache.
 */
export function listQuoteProducts(s: Scope): Promise<ProductCardData[]> {
  return s.cache.get('quoteProducts', async () => {
    const found = await Promise.all(
      QUOTE_PRODUCT_TYPES.map((productType) =>
        findProducts(s.db, { filter: { productType }, limit: MAX_QUOTE_PRODUCTS, skip: 0, sort: 'name' }),
      ),
    );
    return found.flatMap((f) => f.rows).map((row) => toProductCardData(toProductSummary(row)));
  });
}

/** Every product page, for the sitemap (the bundles' pages are the bundles module's). */
export async function getCatalogSitemapEntries(s: Scope): Promise<SitemapEntry[]> {
  const paths = await findProductPaths(s.db);
  return paths.map((p) => ({ path: productPath(p.id, p.slug), lastModified: p.updatedAt.toISOString() }));
}

/**
 * Teaser products for the home page: featured ones, or the chosen level's.
 * Read through the public-content cache: stock shown here may lag by
 * CONTENT_CACHE_SECONDS; product pages and the cart read live data.
 */
export function listFeaturedProducts(s: Scope, level: Level | undefined, limit = 6) {
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
