/** The shop's catalogue: product list, product and bundle pages' data, and their API. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePrice } from '#app/modules/bundles/domain/bundles.ts';
import { exVat } from '#app/platform/sales.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { bundleListSchema, bundleSchema } from '#app/modules/bundles/schemas/bundles.ts';
import { getBundle, listBundles } from '#app/modules/bundles/server/bundles.server.ts';
import { productDetailSchema } from '#app/modules/catalog/schemas/catalog.ts';
import {
  getProduct,
  getProductListPage,
  getProductPage,
  listProducts,
  listQuoteProducts,
} from '#app/modules/catalog/server/catalog.server.ts';
import { getProductOffer } from '#app/modules/shop/server/product-offer.server.ts';
import { PREVIEW_SUBJECTS } from '#app/modules/catalog/server/product-previews.server.ts';
import { getSitemapEntries } from '#app/modules/content/server/seo.server.ts';
import { getSiteConfig } from '#app/modules/content/server/content.server.ts';
import { onlineContentText } from '#app/modules/catalog/domain/online-content.ts';
import { findOnlineContent } from '#app/modules/study/server/online-content.server.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

interface ContentProduct {
  sku: string;
  slug: string;
  level: string;
  subject: string;
  productType: string;
  priceCents: number;
  hasPreview: boolean;
}
const ALL_CONTENT: ContentProduct[] = JSON.parse(readFileSync('content/products.json', 'utf8'));
/** The products the shop lists: the class licences (issue 31) are sold to schools on a quote, on /voor-docenten. */
const CONTENT = ALL_CONTENT.filter((p) => p.productType !== 'klaslicentie');
const LICENCES = ALL_CONTENT.filter((p) => p.productType === 'klaslicentie');

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(() => rt.close());

const get = (path: string) => rt.app.request(path);
const idOf = async (slug: string) => {
  const all = [];
  for (let page = 1; ; page++) {
    const list = await listProducts(rt.services, { page });
    all.push(...list.products);
    if (page >= list.totalPages) break;
  }
  const found = all.find((p) => p.slug === slug);
  if (!found) throw new Error(`no product ${slug}`);
  return found.id;
};

describe('the product list', () => {
  it('has the whole catalogue, 18 a page, and the last page holds the rest', async () => {
    const first = await listProducts(rt.services, {});
    expect(CONTENT.length).toBeGreaterThanOrEqual(66);
    expect(first.total).toBe(CONTENT.length);
    expect(first.totalPages).toBe(Math.ceil(CONTENT.length / 18));
    const last = await listProducts(rt.services, { page: first.totalPages });
    expect(last.products).toHaveLength(CONTENT.length - 18 * (first.totalPages - 1));
    const beyond = await listProducts(rt.services, { page: first.totalPages + 1 });
    expect(beyond.products).toEqual([]);
  });

  it('covers every level with exam bundles, summaries and exam idioms', () => {
    for (const level of ['vmbo-b', 'vmbo-k', 'vmbo-gl-tl', 'havo', 'vwo']) {
      for (const type of ['examenbundel', 'samenvatting', 'examenidioom']) {
        expect(
          CONTENT.some((p) => p.level === level && p.productType === type),
          `${type} ${level}`,
        ).toBe(true);
      }
    }
  });

  it('filters by level (vmbo: every vmbo level), subject and product type', async () => {
    const havo = await listProducts(rt.services, { level: 'havo' });
    expect(havo.total).toBe(CONTENT.filter((p) => p.level === 'havo').length);
    expect(havo.products.every((p) => p.level === 'havo')).toBe(true);

    const vmbo = await listProducts(rt.services, { level: 'vmbo' });
    expect(vmbo.total).toBe(CONTENT.filter((p) => p.level.startsWith('vmbo')).length);
    expect(new Set(vmbo.products.map((p) => p.level))).toEqual(new Set(['vmbo-b', 'vmbo-k', 'vmbo-gl-tl']));

    const idioms = await listProducts(rt.services, { level: 'vwo', subject: 'engels', productType: 'examenidioom' });
    expect(idioms.products.map((p) => p.slug)).toEqual(['slaagbundel-examenidioom-engels-vwo-2027']);
  });

  it('sorts by price up or down and by name', async () => {
    const prices = (list: { priceCents: number }[]) => list.map((p) => p.priceCents);
    const up = await listProducts(rt.services, { level: 'havo', sort: 'price-asc' });
    expect(prices(up.products)).toEqual([...prices(up.products)].sort((a, b) => a - b));
    expect(up.products[0]!.productType).toBe('examenidioom');
    const down = await listProducts(rt.services, { level: 'havo', sort: 'price-desc' });
    expect(prices(down.products)).toEqual([...prices(down.products)].sort((a, b) => b - a));
    const byName = await listProducts(rt.services, { level: 'vwo', sort: 'name' });
    const names = byName.products.map((p) => p.name);
    expect(names).toEqual([...names].sort());
  });

  it('puts featured products first, then the ones that can be ordered now', async () => {
    const all = [];
    for (let page = 1; page <= 5; page++) all.push(...(await listProducts(rt.services, { page })).products);
    const firstUnorderable = all.findIndex((p) => !p.canOrder);
    expect(firstUnorderable).toBeGreaterThan(0);
    expect(all.slice(firstUnorderable).every((p) => !p.canOrder)).toBe(true);
  });

  it('gives the page its filter options, the CTAs (content config) and cards with only what a card shows', async () => {
    const page = await getProductListPage(rt.services, { level: 'havo', subject: 'nask1' });
    const { productsArchiveCTAs: ctas } = await getSiteConfig(rt.services);
    expect(ctas).toHaveLength(2);
    expect(ctas[0]).toMatchObject({ link: '/producten/voordeelpakketten', theme: 'havo' });
    expect(page.filters.levels.map((l) => l.value)).toEqual(['vmbo', 'vmbo-b', 'vmbo-k', 'vmbo-gl-tl', 'havo', 'vwo']);
    expect(page.filters.levels[0]!.label).toBe('vmbo (alle leerwegen)');
    expect(page.filters.productTypes.map((t) => t.label)).toEqual(['Examenbundel', 'Samenvatting', 'Examenidioom']);
    const subjects = page.filters.subjects.map((s) => s.value);
    // havo's subjects, and the chosen one although havo has no NaSk1.
    expect(subjects).toContain('wiskunde-a');
    expect(subjects).toContain('nask1');
    expect(subjects).not.toContain('maatschappijkunde');
    expect(page.filters.subjects.find((s) => s.value === 'wiskunde-a')!.label).toBe('Wiskunde A');
    expect(page.total).toBe(0);

    const full = await getProductListPage(rt.services, {});
    expect(Object.keys(full.products[0]!).sort()).toEqual(
      ['href', 'id', 'image', 'inStock', 'isOrderable', 'level', 'name', 'priceCents', 'productType'].sort(),
    );
  });
});

describe('a product', () => {
  it('has its detail: price without VAT, stock state, subject name, description', async () => {
    const id = await idOf('slaagbundel-wiskunde-a-havo-2027');
    const product = (await getProduct(rt.services, id))!;
    expect(product).toMatchObject({
      sku: 'SB-HAVO-WA-2027',
      subjectTitle: 'Wiskunde A',
      priceCents: 2895,
      priceExVatCents: exVat(2895),
      stock: 'in-stock',
      image: '/images/covers/sb-havo-wa-2027.svg',
      pages: 288,
    });
    expect(product.highlights.length).toBeGreaterThanOrEqual(3);
    expect((await getProduct(rt.services, await idOf('slaagbundel-aardrijkskunde-havo-2027')))!.stock).toBe('sold-out');
    expect((await getProduct(rt.services, await idOf('slaagbundel-wiskunde-a-havo-2026')))!.stock).toBe('discontinued');
  });

  it('is null for an unknown id', async () => {
    expect(await getProduct(rt.services, 987_654)).toBeNull();
    expect(await getProductPage(rt.services, 987_654)).toBeNull();
  });

  it('has related products: its level in other subjects, its subject as other product types', async () => {
    const page = (await getProductPage(rt.services, await idOf('slaagbundel-engels-havo-2027')))!;
    expect(page.sameLevel.length).toBeGreaterThan(0);
    for (const p of page.sameLevel) {
      expect(p.level).toBe('havo');
      expect(p.name).not.toContain('Engels');
    }
    expect(page.sameSubject.length).toBeGreaterThan(0);
    for (const p of page.sameSubject) {
      expect(p.productType).not.toBe('examenbundel');
      expect(p.name).toContain('Engels');
    }
    expect(page.sameSubject[0]!.level).toBe('havo'); // its own level first
  });

  it('has a preview copy of four pages, the cover first, only when it has one', async () => {
    const page = (await getProductPage(rt.services, await idOf('slaagbundel-wiskunde-a-havo-2027')))!;
    expect(page.preview).toHaveLength(4);
    expect(page.preview![0]).toEqual({
      kind: 'cover',
      title: 'Omslag: Examenbundel havo',
      image: '/images/covers/sb-havo-wa-2027.svg',
    });
    expect(page.preview![2]).toMatchObject({ kind: 'page', title: expect.stringContaining('Examentraining') });
    const none = (await getProductPage(rt.services, await idOf('slaagbundel-economie-havo-2027')))!;
    expect(none.preview).toBeNull();
  });

  it('has sample text for every subject a preview copy is of', () => {
    for (const p of CONTENT.filter((c) => c.hasPreview)) expect(PREVIEW_SUBJECTS, p.sku).toContain(p.subject);
  });
});

describe('what a product says about Mijn Slaagbundel', () => {
  const textOf = async (slug: string) => {
    const product = (await getProduct(rt.services, await idOf(slug)))!;
    const online = await findOnlineContent(rt.services, product.subject, product.level);
    return { online, text: onlineContentText(product.productType, product.subjectTitle, online) };
  };

  it('promises Mijn Slaagbundel in no description or highlight: the page tells per subject instead', () => {
    const promised = JSON.parse(readFileSync('content/products.json', 'utf8')) as {
      sku: string;
      description: string;
      highlights: string[];
    }[];
    expect(
      promised.filter((p) => /Mijn Slaagbundel/.test([p.description, ...p.highlights].join(' '))).map((p) => p.sku),
    ).toEqual([]);
  });

  it('counts the cards, checks, idioms and buddy of a subject with study content', async () => {
    const file = JSON.parse(readFileSync('content/study/havo-biologie.json', 'utf8')) as {
      cards: { key: string; download: boolean }[];
      correctionsCard: string;
      tests: unknown[];
      idioms: unknown[];
    };
    // The cards a pupil learns: not the downloads, not the corrections card.
    const learnable = file.cards.filter((c) => !c.download && c.key !== file.correctionsCard).length;
    const { online, text } = await textOf('slaagbundel-biologie-havo-2027');
    expect(online).toMatchObject({
      cards: learnable,
      tests: file.tests.length,
      idioms: file.idioms.length,
      buddy: true,
    });
    expect(text?.available).toBe(true);
    expect(text?.text).toContain(`${learnable} leerkaarten, 2 examenchecks`);
  });

  it('says honestly that a subject without study content has nothing online, and nothing for a summary', async () => {
    const { online, text } = await textOf('slaagbundel-economie-vmbo-basis-2027');
    expect(online).toBeNull();
    expect(text).toMatchObject({ available: false });
    expect(text?.text).toContain('staan er nog geen leerkaarten of examenchecks in Mijn Slaagbundel');
    expect((await textOf('slaagbundel-samenvatting-biologie-havo-2027')).text).toBeNull();
  });
});

describe('class licences (issue 31): sold to schools on a quote', () => {
  const licenceId = async (slug: string) => {
    const found = (await listQuoteProducts(rt.services)).find((p) => p.href.endsWith(`/${slug}`));
    if (!found) throw new Error(`no class licence ${slug}`);
    return found.id;
  };

  it('are listed for the page for teachers, by name, with no price and never orderable', async () => {
    expect(LICENCES.length).toBeGreaterThanOrEqual(1);
    const listed = await listQuoteProducts(rt.services);
    expect(listed.map((p) => p.href.split('/').at(-1)).sort()).toEqual(LICENCES.map((p) => p.slug).sort());
    const names = listed.map((p) => p.name);
    expect(names).toEqual([...names].sort());
    for (const p of listed) expect(p).toMatchObject({ productType: 'klaslicentie', priceCents: 0, isOrderable: 'N' });
  });

  it('are left out of the shop’s list, its filters, a product’s related products and the level’s pages', async () => {
    const all = [];
    for (let page = 1; ; page++) {
      const list = await listProducts(rt.services, { page });
      all.push(...list.products);
      if (page >= list.totalPages) break;
    }
    expect(all.some((p) => p.productType === 'klaslicentie')).toBe(false);
    const wiskundeB = await listProducts(rt.services, { level: 'havo', subject: 'wiskunde-b' });
    expect(wiskundeB.products.map((p) => p.productType)).not.toContain('klaslicentie');
    const page = await getProductListPage(rt.services, {});
    expect(page.filters.productTypes.map((t) => t.value)).not.toContain('klaslicentie');
    const related = (await getProductPage(rt.services, await idOf('slaagbundel-wiskunde-b-havo-2027')))!;
    expect([...related.sameLevel, ...related.sameSubject].map((p) => p.productType)).not.toContain('klaslicentie');
  });

  it('have a page: on a quote, what the licence opens for the class, and its subject’s books', async () => {
    const id = await licenceId('klaslicentie-wiskunde-b-havo-2027');
    expect(await getProduct(rt.services, id)).toMatchObject({
      sku: 'SB-KLAS-HAVO-WB-2027',
      productType: 'klaslicentie',
      stock: 'on-quote',
      canOrder: false,
      priceCents: 0,
    });
    const offer = (await getProductOffer(rt.services, id))!;
    expect(offer.order).toMatchObject({ stock: 'on-quote', canOrder: false, stockNotice: false });
    expect(offer.online?.text).toMatch(/^Met een klaslicentie krijgt elke leerling van je klas/);
    expect(offer.online?.text).toContain('tot en met 31 juli');
    // No "In je boek staat een licentiecode": that section is the exam bundle's.
    expect(offer.studySubject).toBeNull();
    expect(offer.sameSubject.length).toBeGreaterThan(0);
    for (const p of offer.sameSubject) expect(p.name).toContain('Wiskunde B');

    const res = await get(`/api/v1/products/${id}`);
    expect(res.status).toBe(200);
    expect(productDetailSchema.parse(await res.json())).toMatchObject({ stock: 'on-quote', canOrder: false });
  });
});

describe('bundles', () => {
  it('cost their products’ total minus the stacking discount for that many products', async () => {
    const bundles = await listBundles(rt.services);
    expect(bundles.length).toBeGreaterThanOrEqual(7);
    for (const bundle of bundles) {
      const price = bundlePrice(bundle.products.map((p) => p.priceCents));
      expect(bundle).toMatchObject(price);
    }
    const havo = bundles.find((b) => b.slug === 'voordeelpakket-havo-nederlands-engels-wiskunde-a')!;
    expect(havo).toMatchObject({
      normalCents: 2795 + 2795 + 2895,
      discountPercent: 10,
      discountCents: 849, // 848.5 rounds up
      priceCents: 7636,
      fullyOrderable: true,
      href: `/producten/voordeelpakketten/${havo.id}/voordeelpakket-havo-nederlands-engels-wiskunde-a`,
    });
    expect(havo.products.map((p) => p.slug)).toEqual([
      'slaagbundel-nederlands-havo-2027',
      'slaagbundel-engels-havo-2027',
      'slaagbundel-wiskunde-a-havo-2027',
    ]);
  });

  it('are fully orderable only when every product can be ordered now', async () => {
    const bundles = await listBundles(rt.services);
    const social = bundles.find((b) => b.slug === 'voordeelpakket-havo-maatschappijvakken')!;
    expect(social.products.some((p) => !p.inStock)).toBe(true);
    expect(social.fullyOrderable).toBe(false);
    expect(bundles.filter((b) => b.fullyOrderable).length).toBeGreaterThan(0);
  });

  it('are listed by level; one is found by id, an unknown one is null', async () => {
    const bundles = await listBundles(rt.services);
    const order = ['vmbo-b', 'vmbo-k', 'vmbo-gl-tl', 'havo', 'vwo'];
    const ranks = bundles.map((b) => order.indexOf(b.level));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(await getBundle(rt.services, bundles[0]!.id)).toEqual(bundles[0]);
    expect(await getBundle(rt.services, 987_654)).toBeNull();
  });
});

describe('the sitemap', () => {
  it('lists the product list, the bundles, the quick scan and every product and bundle page', async () => {
    const paths = (await getSitemapEntries(rt.services)).map((e) => e.path);
    expect(paths).toContain('/producten');
    expect(paths).toContain('/producten/voordeelpakketten');
    expect(paths).toContain('/quickscan');
    // Every product page, the class licences' too.
    expect(paths.filter((p) => /^\/producten\/\d+\/[a-z0-9-]+$/.test(p))).toHaveLength(ALL_CONTENT.length);
    expect(paths).toContain('/voor-docenten');
    expect(paths.filter((p) => /^\/producten\/voordeelpakketten\/\d+\/[a-z0-9-]+$/.test(p))).toHaveLength(
      (await listBundles(rt.services)).length,
    );
  });
});

describe('GET /api/v1/products/{id}', () => {
  it('answers a product with its detail, cacheable for a minute', async () => {
    const id = await idOf('slaagbundel-wiskunde-b-vwo-2027');
    const res = await get(`/api/v1/products/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = productDetailSchema.parse(await res.json());
    expect(body).toMatchObject({ id, sku: 'SB-VWO-WB-2027', subjectTitle: 'Wiskunde B', stock: 'in-stock' });
    expect(body.priceExVatCents).toBe(exVat(body.priceCents));
  });

  it('answers 404 in Dutch for an unknown id and 400 for one that is not a number', async () => {
    const missing = await get('/api/v1/products/987654');
    expect(missing.status).toBe(404);
    expect(apiErrorSchema.parse(await missing.json())).toEqual({
      status: 404,
      error: 'not_found',
      message: 'Dit product bestaat niet.',
    });
    const bad = await get('/api/v1/products/wiskunde');
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(await bad.json()).fieldErrors).toEqual({ id: ['Dit product bestaat niet.'] });
  });
});

describe('GET /api/v1/products with sort', () => {
  it('sorts by price and refuses an unknown order in Dutch', async () => {
    const body = await (await get('/api/v1/products?productType=samenvatting&sort=price-asc')).json();
    const prices = body.products.map((p: { priceCents: number }) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    const bad = await get('/api/v1/products?sort=duur');
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(await bad.json()).fieldErrors).toEqual({ sort: ['Onbekende sortering.'] });
  });
});

describe('GET /api/v1/bundles and /api/v1/bundles/{id}', () => {
  it('lists every bundle with its price, cacheable for a minute', async () => {
    const res = await get('/api/v1/bundles');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const { bundles } = bundleListSchema.parse(await res.json());
    expect(bundles).toHaveLength((await listBundles(rt.services)).length);
    for (const bundle of bundles) {
      expect(bundle.priceCents).toBe(bundlePrice(bundle.products.map((p) => p.priceCents)).priceCents);
    }
  });

  it('answers one bundle by id, 404 in Dutch for an unknown one', async () => {
    const [first] = await listBundles(rt.services);
    const res = await get(`/api/v1/bundles/${first!.id}`);
    expect(res.status).toBe(200);
    expect(bundleSchema.parse(await res.json())).toEqual(first);
    const missing = await get('/api/v1/bundles/987654');
    expect(missing.status).toBe(404);
    expect(apiErrorSchema.parse(await missing.json()).message).toBe('Dit voordeelpakket bestaat niet.');
  });
});
