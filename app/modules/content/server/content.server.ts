import type { Scope } from '#app/platform/server/deps.ts';
import type { ArticleBodySegment,ArticleDetail,ArticleProduct,ArticleSummary,BlogCategory,BlogListPage,ContentProduct,FooterColumn,FooterLogo,Navigation,NavItem,ProductsArchiveCta,SiteConfig } from '#app/modules/content/schemas/views.ts';
import type { ContentEntry } from '#app/platform/integrations/content/port.ts';
import { ARTICLES_PER_PAGE,PRODUCTS_PER_PAGE,skipForPage,totalPages } from '#app/platform/pagination.ts';
import { httpsUrl } from '#app/platform/constants.ts';
import { plainBlock } from './exam-timetable.server.ts';
import { renderRichTextSegments } from './rich-text.server.ts';
import { getProductsBySku } from '#app/modules/catalog/index.server.ts';
import { examCheckOf } from '#app/modules/checks/index.server.ts';
import { isProductBlock } from '#app/modules/content/domain/article-blocks.ts';
import { isQuoteProduct, toProductCardData, type ProductSummary } from '#app/modules/catalog/index.ts';

type Fields = Record<string, unknown>;

/**
 * Public content is read through this copy's short-lived cache, and at most
 * once per request (the root loader and a page loader often want the same).
 */
function read<T>(s: Scope, key: string, load: () => Promise<T>): Promise<T> {
  return s.once(key, () => s.cache.get(key, load));
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const isEntry = (v: unknown): v is ContentEntry<Fields> =>
  typeof v === 'object' && v !== null && 'fields' in v && 'sys' in v;

function toNavItem(entry: ContentEntry<Fields>): NavItem {
  return {
    id: entry.sys.id,
    title: str(entry.fields.title),
    link: str(entry.fields.link, '/'),
    children: arr(entry.fields.childItems).filter(isEntry).map(toNavItem),
  };
}

/** Footer positions end in a number ('Footer 1'); that number orders the columns. */
export function footerColumnNumber(position: string): number | null {
  const match = /(\d+)\s*$/.exec(position);
  return match ? Number(match[1]) : null;
}

/** Navigation of spec §7: content type navigation, include depth 2. */
export function getNavigation(s: Scope): Promise<Navigation> {
  return read(s, 'navigation', async () => {
    const { items } = await s.content.getEntries<Fields>({ contentType: 'navigation', include: 2 });
    const nav: Navigation = { main: [], accountFooter: [], footerColumns: [] };
    const columns: (FooterColumn & { order: number })[] = [];
    for (const entry of items) {
      const position = str(entry.fields.position);
      const navItems = arr(entry.fields.navigationItems).filter(isEntry).map(toNavItem);
      if (position === 'Main') nav.main = navItems;
      else if (position === 'Account Footer') nav.accountFooter = navItems;
      else {
        const order = footerColumnNumber(position);
        if (order !== null) columns.push({ id: entry.sys.id, title: str(entry.fields.title), items: navItems, order });
      }
    }
    nav.footerColumns = columns.sort((a, b) => a.order - b.order).map(({ order: _order, ...c }) => c);
    return nav;
  });
}

export function getSiteConfig(s: Scope): Promise<SiteConfig> {
  return read(s, 'config', async () => {
    const { items } = await s.content.getEntries<Fields>({ contentType: 'config', limit: 1 });
    const f = items[0]?.fields ?? {};
    const banner = f.saleBanner as { text?: unknown; link?: unknown } | undefined;
    const campaign = f.campaign as Record<string, unknown> | undefined;
    return {
      socialLinks: arr(f.socialLinks).map((l) => {
        const link = l as Fields;
        return { icon: str(link.icon), url: httpsUrl(str(link.url)) };
      }),
      productsArchiveCTAs: arr(f.productsArchiveCTAs) as ProductsArchiveCta[],
      saleBanner: banner ? { text: str(banner.text), link: str(banner.link, '/producten') } : null,
      campaign: campaign
        ? {
            id: str(campaign.id),
            title: str(campaign.title),
            body: arr(campaign.body).map((p) => str(p)),
            buttonLabel: str(campaign.buttonLabel),
            link: str(campaign.link, '/'),
            image: str(campaign.image),
          }
        : null,
    };
  });
}

/** Footer logos; a failure is only logged (spec §8) and yields no logos. */
export async function getFooterLogos(s: Scope): Promise<FooterLogo[]> {
  try {
    return await read(s, 'footerLogos', async () => {
      const { items } = await s.content.getEntries<Fields>({ contentType: 'footerLogos', limit: 1 });
      return arr(items[0]?.fields.logos).map((logo) => {
        const l = logo as { sys?: { id?: string }; title?: string; file?: { url?: string } };
        return { id: l.sys?.id ?? '', title: l.title ?? '', url: httpsUrl(l.file?.url ?? '') };
      });
    });
  } catch (error) {
    s.logger.warn({ err: error }, 'footer logos could not be fetched');
    return [];
  }
}

function toArticleSummary(entry: ContentEntry<Fields>): ArticleSummary {
  const f = entry.fields;
  const category = isEntry(f.category)
    ? { title: str(f.category.fields.title), slug: str(f.category.fields.slug) }
    : null;
  const image = (f.featuredImage as { file?: { url?: string } } | undefined)?.file?.url;
  return {
    id: entry.sys.id,
    title: str(f.title),
    slug: str(f.slug),
    intro: str(f.intro),
    publishDate: str(f.publishDate),
    image: image ? httpsUrl(image) : null,
    category,
  };
}

/** The delivery API's filter on a linked category's slug (a field of the linked entry needs its content type). */
function byCategorySlug(slug: string) {
  return { 'fields.category.sys.contentType.sys.id': 'category', 'fields.category.fields.slug': slug };
}

/** Articles of spec §7: newest publishDate first, 11 a page, skip by page, optional category slug. */
export async function getArticles(
  s: Scope,
  { page = 1, categorySlug, limit = ARTICLES_PER_PAGE }: { page?: number; categorySlug?: string; limit?: number },
) {
  const result = await s.content.getEntries<Fields>({
    contentType: 'article',
    order: '-fields.publishDate',
    limit,
    skip: skipForPage(page, limit),
    include: 1,
    ...(categorySlug ? { where: byCategorySlug(categorySlug) } : {}),
  });
  return {
    articles: result.items.map(toArticleSummary),
    total: result.total,
    totalPages: totalPages(result.total, limit),
  };
}

export function getLatestArticles(s: Scope, count: number) {
  return read(s, `latestArticles:${count}`, async () => (await getArticles(s, { limit: count })).articles);
}

/** Blog categories ordered by title, each with its number of articles; those without any are left out (spec §9). */
export function getBlogCategories(s: Scope): Promise<BlogCategory[]> {
  return read(s, 'blogCategories', async () => {
    const { items } = await s.content.getEntries<Fields>({
      contentType: 'category',
      order: 'fields.title',
      limit: 100,
    });
    const counted = await Promise.all(
      items.map(async (entry) => {
        const { total } = await s.content.getEntries({
          contentType: 'article',
          limit: 0,
          include: 0,
          where: { 'fields.category.sys.id': entry.sys.id },
        });
        return { id: entry.sys.id, title: str(entry.fields.title), slug: str(entry.fields.slug), articleCount: total };
      }),
    );
    return counted.filter((category) => category.articleCount > 0);
  });
}

/**
 * One page of the blog (spec §2, §7, §9): 11 articles, newest first, of all
 * categories or of one. Null when there is nothing to show there: an unknown
 * or empty category, no articles at all, or a page beyond the last.
 */
export async function getBlogListPage(
  s: Scope,
  { page, categorySlug }: { page: number; categorySlug?: string | undefined },
): Promise<BlogListPage | null> {
  const categories = await getBlogCategories(s);
  const category = categorySlug ? (categories.find((c) => c.slug === categorySlug) ?? null) : null;
  if (categorySlug && !category) return null;
  const list = await read(s, `blog:${category?.id ?? '*'}:${page}`, () =>
    getArticles(s, { page, ...(category ? { categorySlug: category.slug } : {}) }),
  );
  if (list.total === 0 || page > list.totalPages) return null;
  return { articles: list.articles, page, totalPages: list.totalPages, category, categories };
}

const RELATED_ARTICLES = 3;

const toArticleProduct = (product: ProductSummary): ArticleProduct => ({
  ...toProductCardData(product),
  hasPreview: product.hasPreview,
});

/** An article by its slug with up to three related articles (the newest of its category; of all articles when it has none); null when unknown. */
export function getArticle(s: Scope, slug: string): Promise<ArticleDetail | null> {
  return read(s, `article:${slug}`, async () => {
    const { items } = await s.content.getEntries<Fields>({
      contentType: 'article',
      where: { 'fields.slug': slug },
      limit: 1,
      include: 1,
    });
    const entry = items[0];
    if (!entry) return null;
    const summary = toArticleSummary(entry);
    const f = entry.fields;
    const categorySlug = isEntry(f.category) ? str(f.category.fields.slug) : '';
    const candidates = await getArticles(s, { limit: RELATED_ARTICLES + 1, ...(categorySlug ? { categorySlug } : {}) });
    const related = candidates.articles.filter((a) => a.id !== summary.id).slice(0, RELATED_ARTICLES);
    const baseTitle = str(f.metaTitle) || summary.title;
    const template = str(f.titleTemplate);
    const segments = renderRichTextSegments(str(f.body));
    const relatedSkus = arr(f.relatedProducts)
      .filter(isEntry)
      .map((product) => str(product.fields.sku))
      .filter(Boolean);
    const blocks = segments.flatMap((seg) => (seg.type === 'block' && isProductBlock(seg.block) ? [seg.block] : []));
    const products = await getProductsBySku(s, [...relatedSkus, ...blocks.map((block) => block.sku)]);
    // An exam-check block shows the checks of its product's subject in Mijn Slaagbundel.
    const examChecks = new Map(
      await Promise.all(
        blocks
          .filter((block) => block.kind === 'exam-check')
          .flatMap((block) => {
            const product = products.get(block.sku);
            return product ? [{ sku: block.sku, product }] : [];
          })
          .map(async ({ sku, product }) => [sku, await examCheckOf(s, product.subject, product.level)] as const),
      ),
    );
    const plainBlocks = new Map(
      await Promise.all(
        segments.flatMap((seg) =>
          seg.type === 'block' && !isProductBlock(seg.block)
            ? [plainBlock(s, seg.block).then((resolved) => [seg.block, resolved] as const)]
            : [],
        ),
      ),
    );
    const productImage = (f.productImage as { file?: { url?: string } } | undefined)?.file?.url;
    return {
      ...summary,
      documentTitle: template.includes('%s') ? template.replace('%s', baseTitle) : baseTitle,
      metaDescription: str(f.metaDescription) || summary.intro,
      body: segments.flatMap((segment): ArticleBodySegment[] => {
        if (segment.type === 'html') return [segment];
        const { block } = segment;
        if (!isProductBlock(block)) {
          const plain = plainBlocks.get(block);
          return plain ? [{ type: 'block', block: plain }] : [];
        }
        const product = products.get(block.sku);
        // A block whose product (or whose subject's exam check) is gone is left out, not shown broken.
        if (!product) return [];
        if (block.kind !== 'exam-check') {
          // A class licence goes in no cart: its add-to-cart block shows it as a product, leading to its quote.
          const kind = block.kind === 'add-to-cart' && isQuoteProduct(product.productType) ? 'product' : block.kind;
          return [{ type: 'block', block: { kind, product: toArticleProduct(product) } }];
        }
        const examCheck = examChecks.get(block.sku);
        return examCheck
          ? [{ type: 'block', block: { kind: 'exam-check', product: toArticleProduct(product), examCheck } }]
          : [];
      }),
      related,
      relatedProducts: relatedSkus.flatMap((sku) => {
        const product = products.get(sku);
        return product ? [toArticleProduct(product)] : [];
      }),
      productImage: productImage ? httpsUrl(productImage) : null,
    };
  });
}

export interface ContentProductFilter {
  level?: string | undefined;
  subject?: string | undefined;
  productType?: string | undefined;
}

/**
 * The content side of products (spec §7: product, limit 18, optional level,
 * subject and productType): marketing copy keyed by SKU. Prices and stock
 * live in the catalogue, not here.
 */
export function getContentProducts(s: Scope, filter: ContentProductFilter = {}): Promise<ContentProduct[]> {
  const where: Record<string, string> = {};
  if (filter.level) where['fields.level'] = filter.level;
  if (filter.subject) where['fields.subject'] = filter.subject;
  if (filter.productType) where['fields.productType'] = filter.productType;
  const key = `contentProducts:${filter.level ?? '*'}:${filter.subject ?? '*'}:${filter.productType ?? '*'}`;
  return read(s, key, async () => {
    const { items } = await s.content.getEntries<Fields>({
      contentType: 'product',
      limit: PRODUCTS_PER_PAGE,
      ...(Object.keys(where).length ? { where } : {}),
    });
    return items.map(toContentProduct);
  });
}

function toContentProduct(entry: ContentEntry<Fields>): ContentProduct {
  const f = entry.fields;
  return {
    id: entry.sys.id,
    sku: str(f.sku),
    title: str(f.title),
    slug: str(f.slug),
    level: str(f.level),
    subject: str(f.subject),
    productType: str(f.productType),
    intro: str(f.intro),
  };
}

/** Articles by their slugs, in that order (unknown slugs left out): the study area's "ook handig" list. */
export async function getArticleSummaries(s: Scope, slugs: readonly string[]): Promise<ArticleSummary[]> {
  const found = await Promise.all(
    slugs.map((slug) =>
      read(s, `articleSummary:${slug}`, async () => {
        const { items } = await s.content.getEntries<Fields>({
          contentType: 'article',
          where: { 'fields.slug': slug },
          limit: 1,
          include: 1,
        });
        return items[0] ? toArticleSummary(items[0]) : null;
      }),
    ),
  );
  return found.filter((article): article is ArticleSummary => article !== null);
}
