/**
 * Contract tests of the `contentful` content adapter against a local fake of
 * the Content Delivery API (tests/fakes/contentful-delivery.ts) that holds
 * the demo content of content/*.json: the exact search parameters of spec §7,
 * results equal to the local adapter's for the same data, and failures.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_ENTRY_FILES } from '#server/seed/demo-data.ts';
import {
  createContentfulContentAdapter,
  toContentfulQuery,
  type ContentfulAdapterOptions,
} from '#app/platform/integrations/content/contentful.adapter.server.ts';
import type { ContentEntry, ContentPort } from '#app/platform/integrations/content/port.ts';
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
import { createScope, type Deps, type Scope } from '#app/platform/server/deps.ts';
import { getCmsPage } from '#app/modules/content/server/pages.server.ts';
import { studyContentErrorText } from '#app/modules/study/index.ts';
import {
  checkStudyContent,
  studyArticles,
  studyContentFromService,
} from '#app/modules/study/server/content-publish.server.ts';
import { compose } from '#server/composition.ts';
import { EnvError, parseEnv } from '#server/env.ts';
import { startFakeContentful, type FakeContentful } from '../fakes/contentful-delivery.ts';
import { received, recordingLogger } from './recording.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

type Fields = Record<string, unknown>;

const SPACE = 'slaagbundel-demo';
const TOKEN = 'cda-token-4f1c9e2b7a';
const ENTRIES_PATH = `/spaces/${SPACE}/environments/master/entries`;

/** Where Contentful serves the files of our demo logos (its asset URLs have no scheme). */
const ctfUrl = (logoId: string, url: string) => `//images.ctfassets.net/${SPACE}/${logoId}/${url.split('/').pop()}`;

/**
 * The demo content as the fake holds it: the entry files of content/, with
 * the footer logos at Contentful's image host, and the content side of the
 * products, which the seed derives from products.json (read here through the
 * local adapter, so both adapters serve the same products).
 */
async function demoEntries(local: ContentPort): Promise<ContentEntry[]> {
  const entries: ContentEntry[] = [];
  for (const file of CONTENT_ENTRY_FILES) {
    entries.push(...(JSON.parse(await readFile(path.resolve('content', file), 'utf8')) as ContentEntry[]));
  }
  for (const entry of entries.filter((e) => e.sys.contentType === 'footerLogos')) {
    const logos = entry.fields.logos as { sys: { id: string }; title: string; file: { url: string } }[];
    entry.fields.logos = logos.map((l) => ({ ...l, file: { url: ctfUrl(l.sys.id, l.file.url) } }));
  }
  const products = await local.getEntries({ contentType: 'product', limit: 1000 });
  expect(products.total).toBeGreaterThan(18);
  return [...entries, ...products.items];
}

let rt: TestRuntime;
let demo: ContentEntry[];
let fake: FakeContentful;
let contentful: ContentPort;

beforeAll(async () => {
  rt = await createTestRuntime();
  demo = await demoEntries(rt.deps.content);
  fake = await startFakeContentful(demo, { space: SPACE, accessToken: TOKEN });
  contentful = adapterFor(fake);
});
afterAll(async () => {
  await fake?.close();
  await rt?.close();
});

/** The adapter against a fake; no retries, so a failure is seen at once. */
function adapterFor(f: FakeContentful, options: Partial<ContentfulAdapterOptions> = {}): ContentPort {
  return createContentfulContentAdapter({
    space: f.space,
    accessToken: f.accessToken,
    host: f.host,
    insecure: true,
    retryLimit: 0,
    ...options,
  });
}

/** What `getX(scope)` reaches of a Scope here; anything else throws, so the test shows what is used. */
function unused(name: string): never {
  return new Proxy({}, { get: (_t, key) => (key === 'then' ? undefined : notUsed(`${name}.${String(key)}`)) }) as never;
}
function notUsed(what: string): never {
  throw new Error(`${what} is not used by the content services`);
}

/**
 * A request scope over the given content port: pass-through cache, silent (or given) logger, and the
 * test database for the catalogue (articles show their products' prices and stock, which never come
 * from the content service); nothing else.
 */
function scopeWith(content: ContentPort, logger = pino({ level: 'silent' })): Scope {
  const deps: Deps = {
    db: rt.deps.db,
    content,
    errors: unused('errors'),
    mail: unused('mail'),
    payments: unused('payments'),
    jobs: unused('jobs'),
    logger,
    cache: { get: (_key, load) => load(), delete: () => {}, clear: () => {} },
    settings: { publicUrl: 'http://localhost', gtmId: undefined, production: false, cookieSecret: 'x'.repeat(32) },
  };
  return createScope(deps);
}

/** A query string as a plain object (a repeated parameter would be a bug: it fails here). */
function plain(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of params) {
    expect(result, `parameter ${key} sent twice`).not.toHaveProperty(key);
    result[key] = value;
  }
  return result;
}

/** The entries requests that `run` made of the fake, in order. */
async function queriesOf(run: (s: Scope) => Promise<unknown>): Promise<Record<string, string>[]> {
  return (await received(fake, () => run(scopeWith(contentful)))).map(plain);
}

const local = () => rt.services;
const remote = () => scopeWith(contentful);

describe('toContentfulQuery', () => {
  it('translates every part of an EntryQuery, passing where-keys as they are', () => {
    expect(
      toContentfulQuery({
        contentType: 'article',
        include: 1,
        order: '-fields.publishDate',
        limit: 11,
        skip: 22,
        where: { 'fields.category.sys.contentType.sys.id': 'category', 'fields.category.fields.slug': 'talen' },
      }),
    ).toEqual({
      content_type: 'article',
      include: 1,
      order: '-fields.publishDate',
      limit: 11,
      skip: 22,
      'fields.category.sys.contentType.sys.id': 'category',
      'fields.category.fields.slug': 'talen',
    });
  });

  it("sends nothing that was not asked for (the API's defaults apply) and keeps within its bounds", () => {
    expect(toContentfulQuery({ contentType: 'config' })).toEqual({ content_type: 'config' });
    expect(toContentfulQuery({ contentType: 'article', limit: 0, include: 0, skip: 0 })).toEqual({
      content_type: 'article',
      limit: 0,
      include: 0,
      skip: 0,
    });
    expect(toContentfulQuery({ contentType: 'article', limit: 5000, include: 12, skip: -3 })).toEqual({
      content_type: 'article',
      limit: 1000,
      include: 10,
      skip: 0,
    });
  });
});

describe('the queries of spec §7, as sent to the Delivery API', () => {
  it('footerLogos, navigation with include 2, and config', async () => {
    expect(await queriesOf(getFooterLogos)).toEqual([{ content_type: 'footerLogos', limit: '1' }]);
    expect(await queriesOf(getNavigation)).toEqual([{ content_type: 'navigation', include: '2' }]);
    expect(await queriesOf(getSiteConfig)).toEqual([{ content_type: 'config', limit: '1' }]);
  });

  it('article: newest publishDate first, 11 a page, skip by page, optional category slug', async () => {
    const article = { content_type: 'article', order: '-fields.publishDate', limit: '11', include: '1' };
    expect(await queriesOf((s) => getArticles(s, { page: 1 }))).toEqual([{ ...article, skip: '0' }]);
    expect(await queriesOf((s) => getArticles(s, { page: 2 }))).toEqual([{ ...article, skip: '11' }]);
    expect(await queriesOf((s) => getArticles(s, { page: 3, categorySlug: 'talen' }))).toEqual([
      {
        ...article,
        skip: '22',
        'fields.category.sys.contentType.sys.id': 'category',
        'fields.category.fields.slug': 'talen',
      },
    ]);
  });

  it('a blog page: the categories by title, their article counts, then the page of one category', async () => {
    const queries = await queriesOf((s) => getBlogListPage(s, { page: 1, categorySlug: 'examenstress' }));
    const categoryIds = demo.filter((e) => e.sys.contentType === 'category').map((e) => e.sys.id);
    expect(queries[0]).toEqual({ content_type: 'category', order: 'fields.title', limit: '100' });
    expect(queries.slice(1, -1)).toHaveLength(categoryIds.length);
    expect(queries.slice(1, -1)).toEqual(
      expect.arrayContaining(
        categoryIds.map((id) => ({ content_type: 'article', limit: '0', include: '0', 'fields.category.sys.id': id })),
      ),
    );
    expect(queries.at(-1)).toEqual({
      content_type: 'article',
      order: '-fields.publishDate',
      limit: '11',
      skip: '0',
      include: '1',
      'fields.category.sys.contentType.sys.id': 'category',
      'fields.category.fields.slug': 'examenstress',
    });
  });

  it('an article by its slug, then the newest of its category', async () => {
    expect(await queriesOf((s) => getArticle(s, 'examenplanning-maken'))).toEqual([
      { content_type: 'article', 'fields.slug': 'examenplanning-maken', limit: '1', include: '1' },
      {
        content_type: 'article',
        order: '-fields.publishDate',
        limit: '4',
        skip: '0',
        include: '1',
        'fields.category.sys.contentType.sys.id': 'category',
        'fields.category.fields.slug': 'plannen-en-leren',
      },
    ]);
  });

  it('level and schoolSubject, each ordered by title', async () => {
    expect(await queriesOf(getLevels)).toEqual([{ content_type: 'level', order: 'fields.title', limit: '100' }]);
    expect(await queriesOf(getSchoolSubjects)).toEqual([
      { content_type: 'schoolSubject', order: 'fields.title', limit: '100' },
    ]);
  });

  it('product: limit 18, with the level, subject and productType filters only when given', async () => {
    expect(await queriesOf((s) => getContentProducts(s))).toEqual([{ content_type: 'product', limit: '18' }]);
    expect(
      await queriesOf((s) => getContentProducts(s, { level: 'havo', subject: 'engels', productType: 'examenbundel' })),
    ).toEqual([
      {
        content_type: 'product',
        limit: '18',
        'fields.level': 'havo',
        'fields.subject': 'engels',
        'fields.productType': 'examenbundel',
      },
    ]);
    expect(await queriesOf((s) => getContentProducts(s, { subject: 'duits' }))).toEqual([
      { content_type: 'product', limit: '18', 'fields.subject': 'duits' },
    ]);
  });

  it('the SDK calls nothing but the entries endpoint of the configured space and environment', async () => {
    const before = fake.paths.length;
    await Promise.all([getNavigation(remote()), getArticle(remote(), 'examenplanning-maken'), getLevels(remote())]);
    const paths = fake.paths.slice(before);
    expect(paths.length).toBeGreaterThanOrEqual(4);
    expect(new Set(paths)).toEqual(new Set([ENTRIES_PATH]));
  });
});

describe('what a visitor sees is the same as with the local adapter', () => {
  it('navigation: main menu, account footer and footer columns with their titles, links and children', async () => {
    const nav = await getNavigation(remote());
    expect(nav).toEqual(await getNavigation(local()));
    expect(nav.main.length).toBeGreaterThanOrEqual(4);
    expect(nav.main.some((item) => item.children.length > 0)).toBe(true);
    expect(nav.footerColumns.map((c) => c.title)).toEqual(['Shop', 'Examens', 'Slaagbundel']);
  });

  it('navigation entries themselves, linked entries resolved two levels deep', async () => {
    const query = { contentType: 'navigation', include: 2 };
    expect(await contentful.getEntries(query)).toEqual(await rt.deps.content.getEntries(query));
  });

  it('site config: social links, call-to-action banners, sale banner and campaign', async () => {
    const config = await getSiteConfig(remote());
    expect(config).toEqual(await getSiteConfig(local()));
    expect(config.socialLinks.length).toBeGreaterThan(0);
  });

  it('footer logos: the same logos, with https URLs of Contentful assets', async () => {
    const logos = await getFooterLogos(remote());
    const expected = (await getFooterLogos(local())).map((l) => ({ ...l, url: `https:${ctfUrl(l.id, l.url)}` }));
    expect(logos).toEqual(expected);
    expect(logos).toHaveLength(5);
    for (const logo of logos) expect(logo.url).toMatch(/^https:\/\/images\.ctfassets\.net\//);
  });

  it('blog: categories with counts, page 2, a category page, and pages that do not exist', async () => {
    expect(await getBlogCategories(remote())).toEqual(await getBlogCategories(local()));
    const second = await getBlogListPage(remote(), { page: 2 });
    expect(second).toEqual(await getBlogListPage(local(), { page: 2 }));
    expect(second?.articles).toHaveLength(11);
    expect(second?.articles.every((a) => a.category !== null && a.image !== null)).toBe(true);
    const talen = await getBlogListPage(remote(), { page: 1, categorySlug: 'talen' });
    expect(talen).toEqual(await getBlogListPage(local(), { page: 1, categorySlug: 'talen' }));
    expect(talen?.articles.map((a) => a.category?.slug)).toEqual(Array(7).fill('talen'));
    expect(await getBlogListPage(remote(), { page: 4 })).toBeNull();
    expect(await getBlogListPage(remote(), { page: 1, categorySlug: 'profielkeuze' })).toBeNull();
  });

  it('an article with its category resolved, its featured image and related articles', async () => {
    const article = await getArticle(remote(), 'examenplanning-maken');
    expect(article).toEqual(await getArticle(local(), 'examenplanning-maken'));
    expect(article).toMatchObject({
      category: { title: 'Plannen en leren', slug: 'plannen-en-leren' },
      image: '/images/articles/examenplanning-maken.svg',
    });
    expect(article?.related).toHaveLength(3);
    expect(await getArticle(remote(), 'bestaat-niet')).toBeNull();
  });

  it('levels, school subjects and products, ordered and filtered alike', async () => {
    expect(await getLevels(remote())).toEqual(await getLevels(local()));
    expect(await getSchoolSubjects(remote())).toEqual(await getSchoolSubjects(local()));
    for (const filter of [{}, { level: 'havo', subject: 'engels' }, { level: 'vwo', productType: 'examenbundel' }]) {
      const products = await getContentProducts(remote(), filter);
      expect(products.length).toBeGreaterThan(0);
      expect(products).toEqual(await getContentProducts(local(), filter));
    }
  });

  it('content pages', async () => {
    const page = await getCmsPage(remote(), ['exameninfo', 'herexamen']);
    expect(page?.body.map((segment) => (segment.type === 'html' ? segment.html : '')).join('')).toContain('<h2');
    expect(page).toEqual(await getCmsPage(local(), ['exameninfo', 'herexamen']));
  });
});

describe('mapping of linked entries', () => {
  const at = '2025-08-25T09:00:00.000Z';
  const entry = (id: string, fields: Fields): ContentEntry => ({
    sys: { id, contentType: 'navigationItem', createdAt: at, updatedAt: at },
    fields,
  });
  const linkTo = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });

  it('drops links it could not resolve: beyond the include depth, or to entries that do not exist', async () => {
    const mainItems = async (include: number) => {
      const { items } = await contentful.getEntries<Fields>({ contentType: 'navigation', include });
      return items.find((e) => e.fields.position === 'Main')!.fields.navigationItems as ContentEntry<Fields>[];
    };
    const parent = (await mainItems(2)).find((i) => Array.isArray(i.fields.childItems) && i.fields.childItems.length);
    expect(parent?.fields.childItems).toEqual(
      expect.arrayContaining([expect.objectContaining({ sys: expect.anything() })]),
    );
    // With include 1 its children are links the SDK did not resolve: left out, not passed on as links.
    const shallow = (await mainItems(1)).find((i) => i.sys.id === parent!.sys.id);
    expect(shallow?.fields.childItems).toEqual([]);

    const f = await startFakeContentful([
      entry('a', { title: 'A', childItems: [linkTo('b'), linkTo('gone')], parent: linkTo('gone') }),
      entry('b', { title: 'B' }),
    ]);
    try {
      const { items: found } = await adapterFor(f).getEntries<Fields>({
        contentType: 'navigationItem',
        where: { 'sys.id': 'a' },
      });
      expect(found[0]!.fields).toEqual({
        title: 'A',
        childItems: [expect.objectContaining({ fields: { title: 'B' } })],
      });
    } finally {
      await f.close();
    }
  });

  it('ends a cycle of links (a → b → a) instead of following it forever', async () => {
    const f = await startFakeContentful([
      entry('a', { title: 'A', childItems: [linkTo('b')] }),
      entry('b', { title: 'B', childItems: [linkTo('a')] }),
    ]);
    try {
      const { items } = await adapterFor(f).getEntries<Fields>({ contentType: 'navigationItem', include: 2 });
      expect(JSON.parse(JSON.stringify(items))).toEqual([
        { sys: expect.objectContaining({ id: 'a' }), fields: { title: 'A', childItems: [entryWith('b', [])] } },
        { sys: expect.objectContaining({ id: 'b' }), fields: { title: 'B', childItems: [entryWith('a', [])] } },
      ]);
    } finally {
      await f.close();
    }
  });

  function entryWith(id: string, childItems: unknown[]) {
    return {
      sys: { id, contentType: 'navigationItem', createdAt: at, updatedAt: at },
      fields: { title: id.toUpperCase(), childItems },
    };
  }
});

describe('failures', () => {
  it('footer logos that cannot be fetched (a 500) are only logged; the rest of the content still comes', async () => {
    const f = await startFakeContentful(demo, { space: SPACE, accessToken: TOKEN, failFor: { footerLogos: 500 } });
    try {
      const { logger, lines } = recordingLogger('info');
      expect(await getFooterLogos(scopeWith(adapterFor(f), logger))).toEqual([]);
      expect(f.requests.map((q) => q.get('content_type'))).toEqual(['footerLogos']);
      expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'footer logos could not be fetched' })]);
      expect((await getNavigation(scopeWith(adapterFor(f)))).main.length).toBeGreaterThanOrEqual(4);
    } finally {
      await f.close();
    }
  });

  it('other content that cannot be fetched rejects: the error reaches the page', async () => {
    const f = await startFakeContentful(demo, { space: SPACE, accessToken: TOKEN, failFor: { navigation: 503 } });
    try {
      await expect(getNavigation(scopeWith(adapterFor(f)))).rejects.toThrow(/503/);
    } finally {
      await f.close();
    }
  });

  it('an unreachable Delivery API: no footer logos, and navigation rejects', async () => {
    const f = await startFakeContentful(demo, { space: SPACE, accessToken: TOKEN });
    await f.close();
    const { logger, lines } = recordingLogger('info');
    expect(await getFooterLogos(scopeWith(adapterFor(f), logger))).toEqual([]);
    expect(lines.map((l) => l.msg)).toEqual(['footer logos could not be fetched']);
    await expect(getNavigation(scopeWith(adapterFor(f)))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('a wrong access token rejects with Contentful’s error, without the token in the message', async () => {
    const wrongToken = 'wrong-token-1234567890';
    const adapter = adapterFor(fake, { accessToken: wrongToken });
    const error = await adapter.getEntries({ contentType: 'navigation' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'AccessTokenInvalid', message: expect.stringContaining('"status": 401') });
    expect((error as Error).message).not.toContain(wrongToken);
    await expect(getNavigation(scopeWith(adapter))).rejects.toThrow();
  });

  it('a query the API refuses rejects (nothing is retried or hidden)', async () => {
    // A linked entry's field can only be searched together with that entry's content type.
    const refused = contentful.getEntries({
      contentType: 'article',
      where: { 'fields.category.fields.slug': 'talen' },
    });
    await expect(refused).rejects.toMatchObject({ name: 'InvalidQuery' });
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost' };

  it('reads the CONTENTFUL_* variables with their defaults; a space needs a token', () => {
    const unset = parseEnv({ ...base, CONTENTFUL_SPACE_ID: '', CONTENTFUL_ACCESS_TOKEN: '' });
    expect([unset.CONTENTFUL_SPACE_ID, unset.CONTENTFUL_ACCESS_TOKEN]).toEqual([undefined, undefined]);
    expect(parseEnv({ ...base, CONTENTFUL_SPACE_ID: SPACE, CONTENTFUL_ACCESS_TOKEN: TOKEN })).toMatchObject({
      CONTENTFUL_SPACE_ID: SPACE,
      CONTENTFUL_ACCESS_TOKEN: TOKEN,
      CONTENTFUL_ENVIRONMENT: 'master',
      CONTENTFUL_HOST: 'cdn.contentful.com',
    });
    expect(() => parseEnv({ ...base, CONTENTFUL_SPACE_ID: SPACE })).toThrow(EnvError);
    expect(() => parseEnv({ ...base, CONTENTFUL_SPACE_ID: SPACE, CONTENTFUL_ACCESS_TOKEN: '' })).toThrow(
      /CONTENTFUL_ACCESS_TOKEN: is required when CONTENTFUL_SPACE_ID is set/,
    );
    expect(() =>
      parseEnv({
        ...base,
        CONTENTFUL_SPACE_ID: SPACE,
        CONTENTFUL_ACCESS_TOKEN: TOKEN,
        CONTENTFUL_HOST: 'https://x.io',
      }),
    ).toThrow(/CONTENTFUL_HOST/);
  });

  it('with CONTENTFUL_SPACE_ID the composition root reads content from Contentful, not the database', async () => {
    // A port nothing listens on: the seeded database would answer, Contentful cannot.
    const f = await startFakeContentful([]);
    await f.close();
    const env = parseEnv({
      ...base,
      CONTENT_CACHE_SECONDS: '0',
      CONTENTFUL_SPACE_ID: SPACE,
      CONTENTFUL_ACCESS_TOKEN: TOKEN,
      CONTENTFUL_HOST: f.host,
    });
    const { logger, lines } = recordingLogger('info');
    const composition = await compose({ env, logger, database: rt.database });
    try {
      await expect(getLevels(createScope(composition.deps))).rejects.toThrow(new RegExp(f.host));
      // The SDK's retries (2 by default) go to our logger, not to the console.
      expect(lines.filter((l) => l.level === 40 && l.msg === 'contentful')).toHaveLength(2);
    } finally {
      await composition.close();
    }
    expect(await getLevels(local())).toHaveLength(5);
  }, 15_000);
});

describe('study content in the content service (issue 35, item 3; ADR 034)', () => {
  /** A real study file (havo geschiedenis) as a `studySubject` entry: the file as a JSON object field. */
  const file = JSON.parse(readFileSync('tests/support/study/havo-geschiedenis.json', 'utf8')) as Record<
    string,
    unknown
  >;
  const entry: ContentEntry = {
    sys: {
      id: 'study-havo-geschiedenis',
      contentType: 'studySubject',
      createdAt: '2026-11-30T09:00:00.000Z',
      updatedAt: '2026-11-30T10:00:00.000Z',
    },
    fields: { slug: 'geschiedenis', level: 'havo', content: file },
  };

  it('reads a subject’s studySubject entry in the same model, and its file passes the same checks', async () => {
    const f = await startFakeContentful([...demo, entry], { space: SPACE, accessToken: TOKEN });
    try {
      const scope = scopeWith(adapterFor(f));
      const found = await studyContentFromService(scope, 'geschiedenis', 'havo');
      expect(f.requests.map(plain)).toEqual([
        {
          content_type: 'studySubject',
          include: '0',
          limit: '1',
          'fields.slug': 'geschiedenis',
          'fields.level': 'havo',
        },
      ]);
      expect(found?.updatedAt).toBe('2026-11-30T10:00:00.000Z');
      expect(JSON.parse(found!.source)).toEqual(file);
      // The checks read the articles it names through Contentful too: the same as the local adapter's.
      expect(await checkStudyContent(scope, found!.source)).toMatchObject({
        ok: true,
        file: { subject: file.subject },
      });
      expect(await studyArticles(scope)).toEqual(await studyArticles(local()));
      expect(await studyContentFromService(scope, 'geschiedenis', 'vwo')).toBeNull();
    } finally {
      await f.close();
    }
  });

  it('refuses a file that breaks a rule with the same Dutch problem, on the line of the text it shows', async () => {
    const broken = { ...file, articles: ['formuleblad-wiskunde'] };
    const f = await startFakeContentful([...demo, { ...entry, fields: { ...entry.fields, content: broken } }], {
      space: SPACE,
      accessToken: TOKEN,
    });
    try {
      const scope = scopeWith(adapterFor(f));
      const found = await studyContentFromService(scope, 'geschiedenis', 'havo');
      const checked = await checkStudyContent(scope, found!.source);
      const line = found!.source.split('\n').findIndex((text) => text.includes('"formuleblad-wiskunde"')) + 1;
      expect(checked.ok ? [] : checked.errors.map(studyContentErrorText)).toEqual([
        `Regel ${line}, articles[0]: Het artikel "formuleblad-wiskunde" gaat over een ander vak: het noemt geen product van geschiedenis.`,
      ]);
    } finally {
      await f.close();
    }
  });
});
