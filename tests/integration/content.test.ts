import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '#server/seed/demo-data.ts';
import { bundleProducts } from '#app/modules/bundles/db/tables.ts';
import { products } from '#app/modules/catalog/db/tables.ts';
import { contentEntries } from '#app/db/schema/content.ts';
import type { ContentEntry } from '#app/platform/integrations/content/port.ts';
import {
  getArticle,
  getArticles,
  getBlogCategories,
  getBlogListPage,
  getContentProducts,
  getFooterLogos,
  getNavigation,
  getSiteConfig,
} from '#app/modules/content/server/content.server.ts';
import { getLevels, getSchoolSubjects } from '#app/modules/catalog/server/taxonomy.server.ts';
import { getCmsPage } from '#app/modules/content/server/pages.server.ts';
import { createScope } from '#app/platform/server/deps.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(() => rt.close());

type Fields = Record<string, unknown>;

describe('demo seed', () => {
  it('is idempotent: a second run changes no counts', async () => {
    const counts = async () => ({
      entries: (await rt.services.db.select({ n: count() }).from(contentEntries))[0]!.n,
      products: (await rt.services.db.select({ n: count() }).from(products))[0]!.n,
      bundleProducts: (await rt.services.db.select({ n: count() }).from(bundleProducts))[0]!.n,
    });
    const before = await counts();
    const skipped = await seedDemoData(rt.services.db);
    expect(skipped.unchanged).toBe(true);
    const forced = await seedDemoData(rt.services.db, { force: true });
    expect(forced.unchanged).toBe(false);
    expect(await counts()).toEqual(before);
    expect(before.entries).toBe(forced.contentEntries);
    expect(before.products).toBe(forced.products);
    expect(before.products).toBeGreaterThanOrEqual(66);
  });
});

describe('local content adapter', () => {
  it('orders, limits and skips like a delivery API', async () => {
    const first = await rt.services.content.getEntries<Fields>({ contentType: 'category', order: 'fields.title' });
    const titles = first.items.map((e) => String(e.fields.title));
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    const page = await rt.services.content.getEntries<Fields>({
      contentType: 'category',
      order: 'fields.title',
      limit: 2,
      skip: 2,
    });
    expect(page.total).toBe(first.total);
    expect(page.items.map((e) => e.fields.title)).toEqual(titles.slice(2, 4));
  });

  it('resolves links up to the include depth', async () => {
    const deep = await rt.services.content.getEntries<Fields>({ contentType: 'navigation', include: 2 });
    const main = deep.items.find((e) => e.fields.position === 'Main')!;
    const items = main.fields.navigationItems as ContentEntry<Fields>[];
    const withChildren = items.find((i) => Array.isArray(i.fields.childItems) && i.fields.childItems.length > 0)!;
    expect((withChildren.fields.childItems as ContentEntry<Fields>[])[0]!.fields.title).toEqual(expect.any(String));

    const shallow = await rt.services.content.getEntries<Fields>({ contentType: 'navigation', include: 1 });
    const shallowMain = shallow.items.find((e) => e.fields.position === 'Main')!;
    const shallowItem = (shallowMain.fields.navigationItems as ContentEntry<Fields>[]).find(
      (i) => i.sys.id === withChildren.sys.id,
    )!;
    expect((shallowItem.fields.childItems as { sys: { type: string } }[])[0]!.sys.type).toBe('Link');
  });

  it('filters on field paths and refuses unsafe paths', async () => {
    const result = await rt.services.content.getEntries<Fields>({
      contentType: 'page',
      where: { 'fields.slug': 'exameninfo/herexamen' },
    });
    expect(result.items).toHaveLength(1);
    await expect(
      rt.services.content.getEntries({ contentType: 'page', where: { "fields.slug') or 1=1 --": 'x' } }),
    ).rejects.toThrow(/Unsupported field path/);
  });

  it("filters on a linked entry's fields, as the delivery API's search on references does", async () => {
    const where = {
      'fields.category.sys.contentType.sys.id': 'category',
      'fields.category.fields.slug': 'examenstress',
    };
    const result = await rt.services.content.getEntries<Fields>({ contentType: 'article', where, limit: 100 });
    expect(result.total).toBe(6);
    for (const item of result.items) {
      expect((item.fields.category as ContentEntry<Fields>).fields.slug).toBe('examenstress');
    }
    const wrongType = await rt.services.content.getEntries({
      contentType: 'article',
      where: { ...where, 'fields.category.sys.contentType.sys.id': 'level' },
    });
    expect(wrongType.total).toBe(0);
    await expect(
      rt.services.content.getEntries({ contentType: 'article', where: { 'fields.category.fields.slug;drop': 'x' } }),
    ).rejects.toThrow(/Unsupported field path/);
  });
});

describe('levels, school subjects and the content side of products', () => {
  it('lists levels and subjects ordered by title', async () => {
    const s = createScope(rt.services);
    const levels = await getLevels(s);
    expect(levels.map((l) => l.slug).sort()).toEqual(['havo', 'vmbo-b', 'vmbo-gl-tl', 'vmbo-k', 'vwo']);
    const titles = levels.map((l) => l.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const subjects = await getSchoolSubjects(s);
    expect(subjects.find((x) => x.slug === 'nederlands')?.levels).toContain('vwo');
    const subjectTitles = subjects.map((x) => x.title);
    expect(subjectTitles).toEqual([...subjectTitles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('finds at most 18 products, filtered by level, subject and product type', async () => {
    const s = createScope(rt.services);
    expect(await getContentProducts(s)).toHaveLength(18);
    const havoEnglish = await getContentProducts(s, { level: 'havo', subject: 'engels' });
    expect(havoEnglish.length).toBeGreaterThan(0);
    for (const p of havoEnglish) expect([p.level, p.subject]).toEqual(['havo', 'engels']);
    const bundles = await getContentProducts(s, { level: 'vwo', productType: 'examenbundel' });
    expect(bundles.length).toBeGreaterThan(0);
    for (const p of bundles) {
      expect(p.productType).toBe('examenbundel');
      expect(p.sku).toMatch(/^SB-/);
      expect(p.intro).toMatch(/[.!?]$/);
    }
    expect(await getContentProducts(s, { level: 'vwo', subject: 'bestaat-niet' })).toEqual([]);
  });
});

describe('content service', () => {
  it('splits navigation into main, account footer and numbered footer columns', async () => {
    const nav = await getNavigation(rt.services);
    expect(nav.main.length).toBeGreaterThanOrEqual(4);
    expect(nav.accountFooter.length).toBeGreaterThan(0);
    expect(nav.footerColumns.map((c) => c.title)).toEqual(['Shop', 'Examens', 'Slaagbundel']);
  });

  it('serves social links and footer logos with https or site-relative URLs', async () => {
    const config = await getSiteConfig(rt.services);
    expect(config.socialLinks.length).toBeGreaterThan(0);
    for (const link of config.socialLinks) expect(link.url).toMatch(/^https:\/\//);
    const logos = await getFooterLogos(rt.services);
    expect(logos).toHaveLength(5);
    for (const logo of logos) expect(logo.url).toMatch(/^(https:\/\/|\/)/);
  });

  it('only logs when footer logos cannot be fetched', async () => {
    const failing = createScope({
      ...rt.deps,
      content: { getEntries: () => Promise.reject(new Error('content service down')) },
    });
    await expect(getFooterLogos(failing)).resolves.toEqual([]);
  });

  it('pages articles 11 at a time, newest first, optionally by category', async () => {
    const first = await getArticles(rt.services, { page: 1 });
    expect(first.articles).toHaveLength(11);
    expect(first.total).toBe(32);
    expect(first.totalPages).toBe(3);
    const dates = first.articles.map((a) => a.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const third = await getArticles(rt.services, { page: 3 });
    expect(third.articles).toHaveLength(10);
    const categorySlug = first.articles[0]!.category!.slug;
    const byCategory = await getArticles(rt.services, { categorySlug });
    expect(byCategory.total).toBeGreaterThan(0);
    for (const a of byCategory.articles) expect(a.category?.slug).toBe(categorySlug);
  });

  it('renders content pages and answers null for unknown or malformed paths', async () => {
    const page = await getCmsPage(rt.services, ['privacy']);
    expect(page?.title).toBeTruthy();
    expect(page?.body.map((segment) => (segment.type === 'html' ? segment.html : '')).join('')).toContain('<h2');
    expect(await getCmsPage(rt.services, ['bestaat-niet'])).toBeNull();
    expect(await getCmsPage(rt.services, ['..', 'etc'])).toBeNull();
    expect(await getCmsPage(rt.services, ['a', 'b', 'c', 'd'])).toBeNull();
  });
});

describe('blog', () => {
  it('lists the categories that have articles, by title, with their counts', async () => {
    const categories = await getBlogCategories(rt.services);
    expect(categories.map((c) => [c.slug, c.articleCount])).toEqual([
      ['exameninfo-voor-ouders', 5],
      ['examenstress', 6],
      ['plannen-en-leren', 8],
      ['rekenen-en-wiskunde', 6],
      ['talen', 7],
    ]);
    // 'Profielkeuze' exists in the content service but has no articles yet (spec §9: dropped).
    const { items } = await rt.services.content.getEntries({
      contentType: 'category',
      where: { 'fields.slug': 'profielkeuze' },
    });
    expect(items).toHaveLength(1);
  });

  it('has a page while there are articles for it, and none beyond the last or for an unknown category', async () => {
    const third = await getBlogListPage(rt.services, { page: 3 });
    expect(third).toMatchObject({ page: 3, totalPages: 3, category: null });
    expect(third?.articles).toHaveLength(10);
    expect(await getBlogListPage(rt.services, { page: 4 })).toBeNull();
    const talen = await getBlogListPage(rt.services, { page: 1, categorySlug: 'talen' });
    expect(talen).toMatchObject({ totalPages: 1, category: { slug: 'talen', articleCount: 7 } });
    expect(talen?.articles.every((a) => a.category?.slug === 'talen')).toBe(true);
    expect(await getBlogListPage(rt.services, { page: 2, categorySlug: 'talen' })).toBeNull();
    expect(await getBlogListPage(rt.services, { page: 1, categorySlug: 'profielkeuze' })).toBeNull();
    expect(await getBlogListPage(rt.services, { page: 1, categorySlug: 'bestaat-niet' })).toBeNull();
  });

  it('shows an article with its rendered body and three others of its category', async () => {
    const article = await getArticle(rt.services, 'examenplanning-maken');
    expect(article).toMatchObject({
      title: 'Zo maak je een examenplanning die je echt volhoudt',
      documentTitle: 'Examenplanning maken: zo houd je het vol',
      category: { slug: 'plannen-en-leren' },
    });
    expect(article?.body.find((segment) => segment.type === 'html')).toMatchObject({
      html: expect.stringContaining('<h2'),
    });
    expect(article?.related).toHaveLength(3);
    expect(article?.related.map((a) => a.slug)).not.toContain('examenplanning-maken');
    expect(article?.related.every((a) => a.category?.slug === 'plannen-en-leren')).toBe(true);
    expect(await getArticle(rt.services, 'bestaat-niet')).toBeNull();
  });

  it("resolves an article's embedded product blocks and its related products from the catalogue", async () => {
    const article = await getArticle(rt.services, 'formuleblad-wiskunde');
    const blocks = article!.body.filter((segment) => segment.type === 'block').map((segment) => segment.block);
    expect(blocks).toEqual([
      {
        kind: 'product',
        product: expect.objectContaining({ name: 'Slaagbundel Wiskunde B vwo 2027', priceCents: expect.any(Number) }),
      },
    ]);
    // Text before and after the block stays, in order.
    expect(article!.body[0]).toMatchObject({ type: 'html' });
    expect(article!.body.at(-1)).toMatchObject({ type: 'html' });
    expect(article!.relatedProducts.map((p) => p.name)).toEqual([
      'Slaagbundel Wiskunde B vwo 2027',
      'Slaagbundel Wiskunde B havo 2027',
      'Slaagbundel Wiskunde A vwo 2027',
    ]);
    expect(article!.relatedProducts[0]!.href).toMatch(/^\/producten\/\d+\/slaagbundel-wiskunde-b-vwo-2027$/);

    const preview = await getArticle(rt.services, 'leren-met-oefenexamens');
    expect(preview!.body.some((s) => s.type === 'block' && s.block.kind === 'product-preview')).toBe(true);
    const newsletter = await getArticle(rt.services, 'examenplanning-maken');
    expect(newsletter!.body.some((s) => s.type === 'block' && s.block.kind === 'newsletter')).toBe(true);
  });
});
