import type { Scope } from '#app/platform/server/deps.ts';
import { ABOUT_PATH } from '#app/platform/brand.ts';
import { NEWSLETTER_PATH } from '#app/modules/newsletter/index.ts';
import { QUICKSCAN_PATH } from '#app/modules/quickscan/index.ts';
import { ARTICLES_PER_PAGE, BLOG_PATH, blogPagePath, totalPages } from '#app/platform/pagination.ts';
import type { SitemapEntry } from '#app/platform/seo.ts';
import { PRODUCTS_PATH } from '#app/modules/catalog/index.ts';
import { BUNDLES_PATH } from '#app/modules/bundles/index.ts';
import { getCatalogSitemapEntries } from '#app/modules/catalog/index.server.ts';
import { getBundleSitemapEntries } from '#app/modules/bundles/index.server.ts';
import { getBlogCategories } from '#app/modules/content/server/content.server.ts';
import { TEACHERS_PATH } from '#app/modules/content/domain/teachers.ts';

/** More than the content service answers in one call is not listed (the delivery API's own page size). */
const MAX_ENTRIES = 1000;

const pagesOf = (base: string, total: number): SitemapEntry[] =>
  Array.from({ length: Math.max(0, totalPages(total, ARTICLES_PER_PAGE) - 1) }, (_, i) => ({
    path: blogPagePath(base, i + 2),
  }));

/**
 * Every public page a search engine should know: home,
 * contact, the newsletter sign-up, the page for teachers, the blog with its pages and categories,
 * the content pages and every article, with the date of its last change
 * where the content service has one, and the shop: the product list, the
 * bundles and every product and bundle page.
 */
export function getSitemapEntries(s: Scope): Promise<SitemapEntry[]> {
  return s.cache.get('sitemap', async () => {
    const [pages, articles, categories, catalog, bundles] = await Promise.all([
      s.content.getEntries<{ slug?: string }>({ contentType: 'page', order: 'fields.slug', limit: MAX_ENTRIES }),
      s.content.getEntries<{ slug?: string }>({
        contentType: 'article',
        order: '-fields.publishDate',
        limit: MAX_ENTRIES,
        include: 0,
      }),
      getBlogCategories(s),
      getCatalogSitemapEntries(s),
      getBundleSitemapEntries(s),
    ]);
    return [
      { path: '/' },
      { path: BLOG_PATH },
      ...pagesOf(BLOG_PATH, articles.total),
      { path: `${BLOG_PATH}/categorie` },
      ...categories.flatMap((category) => {
        const base = `${BLOG_PATH}/categorie/${category.slug}`;
        return [{ path: base }, ...pagesOf(base, category.articleCount)];
      }),
      { path: PRODUCTS_PATH },
      { path: BUNDLES_PATH },
      { path: QUICKSCAN_PATH },
      ...catalog,
      ...bundles,
      { path: '/contact' },
      { path: NEWSLETTER_PATH },
      { path: ABOUT_PATH },
      { path: TEACHERS_PATH },
      ...pages.items
        .filter((page) => typeof page.fields.slug === 'string')
        .map((page) => ({ path: `/${page.fields.slug}`, lastModified: page.sys.updatedAt })),
      ...articles.items
        .filter((article) => typeof article.fields.slug === 'string')
        .map((article) => ({ path: `/artikel/${article.fields.slug}`, lastModified: article.sys.updatedAt })),
    ];
  });
}
