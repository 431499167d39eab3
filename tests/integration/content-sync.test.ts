/**
 * The search copy of Contentful's articles (job `sync-search-content`,
 * app/modules/content/server/content-sync.server.ts) on the test database (PGlite, or
 * PostgreSQL with DATABASE_URL), against the local fake of the Content
 * Delivery API holding the demo articles and categories plus more: site
 * search finds Contentful's articles after a sync, follows changes and
 * removals, and never loses articles to a failed or shifting listing; with the
 * local adapter the job does nothing. The tests of the first describe build on
 * each other, in order, as syncs over time do.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentEntries } from '#app/db/schema/content.ts';
import { createContentfulContentAdapter } from '#app/platform/integrations/content/contentful.adapter.server.ts';
import type { ContentEntry, ContentPort } from '#app/platform/integrations/content/port.ts';
import { syncSearchContentJob } from '#app/jobs/sync-search-content.ts';
import { syncSearchContent, type ContentSyncReport } from '#app/modules/content/server/content-sync.server.ts';
import { getArticle, getArticles, getBlogCategories } from '#app/modules/content/server/content.server.ts';
import { createScope, type Scope } from '#app/platform/server/deps.ts';
import { searchSite } from '#app/modules/content/server/search.server.ts';
import { compose } from '#server/composition.ts';
import { parseEnv } from '#server/env.ts';
import { createJobQueue, JOB_TIMEZONE } from '#server/jobs/queue.ts';
import { registeredJobs } from '#server/jobs/registry.ts';
import { startFakeContentful, type FakeContentful } from '../fakes/contentful-delivery.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

const SPACE = 'slaagbundel-sync';
const TOKEN = 'cda-sync-token-8d2e';
const FILLERS = 80;

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });

function article(id: string, slug: string, title: string, fields: Record<string, unknown> = {}): ContentEntry {
  return {
    sys: { id, contentType: 'article', createdAt: '2026-01-05T09:00:00.000Z', updatedAt: '2026-01-05T09:00:00.000Z' },
    fields: {
      title,
      slug,
      publishDate: '2026-01-05T09:00:00.000Z',
      intro: `${title}. Een artikel uit Contentful.`,
      body: 'Lees verder in het artikel.',
      featuredImage: { file: { url: `//images.ctfassets.net/${SPACE}/${slug}.svg` } },
      ...fields,
    },
  };
}

/** Articles beyond the demo's: two with words found nowhere else, and enough others to need a second page. */
const extras: ContentEntry[] = [
  article('article-zz-mondeling-frans', 'mondeling-frans-zenuwen', 'Zenuwen de baas bij je mondeling Frans', {
    category: link('category-talen'),
  }),
  article(
    'article-zz-profiel-kiezen',
    'profiel-kiezen-zonder-spijt',
    'Welk profiel past bij jou? Kiezen zonder spijt',
    {
      category: link('category-profielkeuze'),
      relatedProducts: [link('product-sync-1')],
    },
  ),
  ...Array.from({ length: FILLERS }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return article(`article-filler-${n}`, `vingeroefening-${n}`, `Vingeroefening ${n}`);
  }),
];
const product: ContentEntry = {
  sys: {
    id: 'product-sync-1',
    contentType: 'product',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  },
  fields: { sku: 'SYNC-1', title: 'Examenbundel' },
};

async function contentFile(file: string): Promise<ContentEntry[]> {
  return JSON.parse(await readFile(path.resolve('content', file), 'utf8')) as ContentEntry[];
}

let rt: TestRuntime;
let categories: ContentEntry[];
let demoArticles: ContentEntry[];
/** What Contentful holds at the start: demo categories and articles, the extras, a product. */
let initial: ContentEntry[];
const fakes: FakeContentful[] = [];

beforeAll(async () => {
  rt = await createTestRuntime({ seed: false });
  categories = await contentFile('categories.json');
  demoArticles = await contentFile('articles.json');
  initial = [...categories, ...demoArticles, ...extras, product];
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  await rt?.close();
});

/** Contentful holding `entries` (a fresh fake: the fake cannot change what it holds); no retries. */
async function contentful(entries: ContentEntry[], failFor?: Record<string, number>): Promise<ContentPort> {
  const fake = await startFakeContentful(entries, {
    space: SPACE,
    accessToken: TOKEN,
    ...(failFor ? { failFor } : {}),
  });
  fakes.push(fake);
  return createContentfulContentAdapter({
    space: fake.space,
    accessToken: fake.accessToken,
    host: fake.host,
    insecure: true,
    retryLimit: 0,
  });
}

/** A scope over the test database with this content port, a pass-through cache and a silent logger. */
function scopeWith(content: ContentPort): Scope {
  return createScope({
    ...rt.deps,
    content,
    logger: pino({ level: 'silent' }),
    cache: { get: (_key, load) => load(), delete: () => {}, clear: () => {} },
  });
}

/** Search as a visitor sees it (through the local adapter's database, where the copy lives). */
async function searchArticles(q: string) {
  const results = await searchSite(scopeWith(rt.deps.content), { q, page: 1, limit: 50 });
  return results.articles.items.map((a) => ({ href: a.href, title: a.title.map((s) => s.text).join('') }));
}
const hrefs = async (q: string) => (await searchArticles(q)).map((a) => a.href);

async function storedArticleIds(): Promise<string[]> {
  const rows = await rt.deps.db
    .select({ id: contentEntries.id })
    .from(contentEntries)
    .where(eq(contentEntries.contentType, 'article'));
  return rows.map((r) => r.id).sort();
}

const idsOf = (entries: ContentEntry[]) =>
  entries
    .filter((e) => e.sys.contentType === 'article')
    .map((e) => e.sys.id)
    .sort();
const without = (entries: ContentEntry[], ...ids: string[]) => entries.filter((e) => !ids.includes(e.sys.id));
function changed(entries: ContentEntry[], id: string, fields: Record<string, unknown>): ContentEntry[] {
  return entries.map((e) =>
    e.sys.id === id
      ? { sys: { ...e.sys, updatedAt: '2026-02-01T12:00:00.000Z' }, fields: { ...e.fields, ...fields } }
      : e,
  );
}

/** A port that serves the first page from `port` and then fails, or changes its total (Contentful edited meanwhile). */
function afterFirstPage(port: ContentPort, then: 'fail' | 'grow'): ContentPort {
  return {
    kind: 'contentful',
    async getEntries(query) {
      if (!query.skip) return port.getEntries(query);
      if (then === 'fail') throw new Error('Contentful: 503 Service Unavailable');
      const page = await port.getEntries(query);
      return { ...page, total: page.total + 1 };
    },
  } as ContentPort;
}

describe('syncSearchContent with Contentful as content service', () => {
  let current: ContentEntry[];

  it('copies every article into the database, 100 a request, so search finds them', async () => {
    expect(await hrefs('examenplanning')).toEqual([]);
    const port = await contentful(initial);
    const report = await syncSearchContent(scopeWith(port));
    const articleCount = demoArticles.length + extras.length;
    expect(articleCount).toBeGreaterThan(100);
    expect(report).toEqual({
      skipped: false,
      articles: articleCount,
      written: { articles: articleCount, categories: categories.length },
      deleted: 0,
      complete: true,
      pages: 2,
    });
    expect(await storedArticleIds()).toEqual(idsOf(initial));
    const requests = fakes.at(-1)!.requests.map((params) => Object.fromEntries(params));
    expect(requests).toEqual(
      [0, 100].map((skip) => ({
        content_type: 'article',
        order: 'sys.id',
        limit: '100',
        skip: String(skip),
        include: '1',
      })),
    );
    current = initial;

    expect(await hrefs('examens plannen')).toContain('/artikel/examenplanning-maken');
    // An article of the second page.
    expect(await searchArticles('mondeling')).toEqual([
      { href: '/artikel/mondeling-frans-zenuwen', title: 'Zenuwen de baas bij je mondeling Frans' },
    ]);
  });

  it('finds a copied article despite a typo in the query', async () => {
    expect(await hrefs('faalangts')).toContain('/artikel/faalangst-bij-examens');
    expect(await hrefs('mondelign')).toContain('/artikel/mondeling-frans-zenuwen');
  });

  it('keeps the CMS shape: links as link objects, categories copied, other linked entries not', async () => {
    const rows = await rt.deps.db
      .select()
      .from(contentEntries)
      .where(inArray(contentEntries.id, ['article-zz-profiel-kiezen', 'category-profielkeuze', 'product-sync-1']));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('article-zz-profiel-kiezen')).toMatchObject({
      contentType: 'article',
      createdAt: new Date('2026-01-05T09:00:00.000Z'),
      fields: {
        slug: 'profiel-kiezen-zonder-spijt',
        category: link('category-profielkeuze'),
        relatedProducts: [link('product-sync-1')],
        featuredImage: { file: { url: `//images.ctfassets.net/${SPACE}/profiel-kiezen-zonder-spijt.svg` } },
      },
    });
    expect(byId.get('category-profielkeuze')).toMatchObject({
      contentType: 'category',
      fields: { title: 'Profielkeuze', slug: 'profielkeuze' },
    });
    expect(byId.has('product-sync-1')).toBe(false);
  });

  it('lets the local adapter filter the copy by category slug and name the categories', async () => {
    const local = scopeWith(rt.deps.content);
    const planning = await getArticles(local, { categorySlug: 'plannen-en-leren', limit: 100 });
    const expected = demoArticles.filter(
      (a) => (a.fields.category as { sys: { id: string } } | undefined)?.sys.id === 'category-plannen-en-leren',
    );
    expect(planning.articles.map((a) => a.id).sort()).toEqual(idsOf(expected));
    for (const a of planning.articles)
      expect(a.category).toEqual({ title: 'Plannen en leren', slug: 'plannen-en-leren' });
    expect(await getBlogCategories(local)).toContainEqual({
      id: 'category-profielkeuze',
      title: 'Profielkeuze',
      slug: 'profielkeuze',
      articleCount: 1,
    });
  });

  it('leaves unchanged rows alone on the next sync', async () => {
    const report = await syncSearchContent(scopeWith(await contentful(current)));
    expect(report).toMatchObject({ written: { articles: 0, categories: 0 }, deleted: 0, complete: true });
  });

  it('removes an article from search once Contentful no longer has it', async () => {
    expect(await hrefs('faalangst')).toContain('/artikel/faalangst-bij-examens');
    current = without(current, 'article-faalangst-bij-examens');
    const report = await syncSearchContent(scopeWith(await contentful(current)));
    expect(report).toMatchObject({ written: { articles: 0, categories: 0 }, deleted: 1, complete: true });
    expect(await hrefs('faalangst')).not.toContain('/artikel/faalangst-bij-examens');
    expect(await getArticle(scopeWith(rt.deps.content), 'faalangst-bij-examens')).toBeNull();
    expect(await storedArticleIds()).toEqual(idsOf(current));
  });

  it('updates an article and a category changed in Contentful', async () => {
    const title = 'Een weekrooster dat je volhoudt tot het laatste examen';
    current = changed(current, 'article-examenplanning-maken', { title });
    current = changed(current, 'category-plannen-en-leren', { title: 'Plannen & leren' });
    const report = await syncSearchContent(scopeWith(await contentful(current)));
    expect(report).toMatchObject({ written: { articles: 1, categories: 1 }, deleted: 0 });
    expect(await searchArticles('weekrooster')).toEqual([{ href: '/artikel/examenplanning-maken', title }]);
    const [planning] = (await getArticles(scopeWith(rt.deps.content), { categorySlug: 'plannen-en-leren', limit: 1 }))
      .articles;
    expect(planning?.category).toEqual({ title: 'Plannen & leren', slug: 'plannen-en-leren' });
  });

  it('deletes nothing when Contentful answers the listing with a 500', async () => {
    const before = await storedArticleIds();
    const failing = await contentful(without(current, 'article-zz-mondeling-frans'), { article: 500 });
    await expect(syncSearchContent(scopeWith(failing))).rejects.toThrow();
    expect(await storedArticleIds()).toEqual(before);
    expect(await hrefs('mondeling')).toEqual(['/artikel/mondeling-frans-zenuwen']);
  });

  it('deletes nothing when a later page fails, and keeps what the pages before it saved', async () => {
    const before = await storedArticleIds();
    // A change on the first page (ids sorted: 'article-bijles…' comes early) and a removal on the second.
    const title = 'Bijles of zelf oefenen: de kosten op een rij';
    const next = changed(without(current, 'article-zz-mondeling-frans'), 'article-bijles-of-zelf-oefenen', { title });
    const port = afterFirstPage(await contentful(next), 'fail');
    await expect(syncSearchContent(scopeWith(port))).rejects.toThrow('503');
    expect(await storedArticleIds()).toEqual(before);
    expect(await searchArticles('kosten op een rij')).toContainEqual({
      href: '/artikel/bijles-of-zelf-oefenen',
      title,
    });
    current = next;
  });

  it('deletes nothing when the listing changes while it pages, and catches up at the next sync', async () => {
    const port = await contentful(current);
    const shifting = await syncSearchContent(scopeWith(afterFirstPage(port, 'grow')));
    expect(shifting).toMatchObject({ complete: false, deleted: 0 });
    expect(await hrefs('mondeling')).toEqual(['/artikel/mondeling-frans-zenuwen']);

    const report = await syncSearchContent(scopeWith(port));
    expect(report).toMatchObject({ complete: true, deleted: 1 });
    expect(await hrefs('mondeling')).toEqual([]);
    expect(await storedArticleIds()).toEqual(idsOf(current));
  });
});

describe('the sync-search-content job', () => {
  /** Runs the job once on pg-boss with these dependencies and answers the finished job. */
  async function runJob(content: ContentPort) {
    const queue = createJobQueue({
      raw: rt.database.raw,
      deps: { ...rt.deps, content, logger: pino({ level: 'silent' }) },
      jobs: [syncSearchContentJob] as const,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await queue.start();
      const schedules = await queue.boss.getSchedules();
      expect(schedules).toContainEqual(
        expect.objectContaining({ name: 'sync-search-content', cron: '4-59/10 * * * *', timezone: JOB_TIMEZONE }),
      );
      const id = await queue.enqueue('sync-search-content', {});
      const deadline = Date.now() + 15_000;
      for (;;) {
        const job = await queue.boss.getJobById<unknown>('sync-search-content', id!, { includeArchive: true });
        if (job?.state === 'completed' || job?.state === 'failed') return job;
        if (Date.now() > deadline) throw new Error('Timed out waiting for the job');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await queue.stop();
    }
  }

  it('is a registered job, scheduled every 10 minutes', () => {
    expect(registeredJobs).toContain(syncSearchContentJob);
    expect(syncSearchContentJob.schedule).toBe('4-59/10 * * * *');
  });

  it('copies Contentful’s articles when it runs on the queue', async () => {
    const next = [
      ...without(initial, 'article-zz-profiel-kiezen'),
      article('article-zz-nieuw', 'nieuw', 'Spiekbriefjes'),
    ];
    const job = await runJob(await contentful(next));
    expect(job).toMatchObject({ state: 'completed', output: { skipped: false, complete: true } });
    expect((job.output as ContentSyncReport & { skipped: false }).deleted).toBeGreaterThan(0);
    expect(await hrefs('spiekbriefjes')).toEqual(['/artikel/nieuw']);
    expect(await storedArticleIds()).toEqual(idsOf(next));
  });

  it('does nothing with the local content adapter: the articles are in the table already', async () => {
    const before = await storedArticleIds();
    const local = rt.deps.content;
    expect(local.kind).toBe('local');
    const getEntries = vi.spyOn(local, 'getEntries');
    try {
      const job = await runJob(local);
      expect(job).toMatchObject({ state: 'completed', output: { skipped: true } });
      expect(getEntries).not.toHaveBeenCalled();
    } finally {
      getEntries.mockRestore();
    }
    expect(await storedArticleIds()).toEqual(before);
  });
});

describe('start-up', () => {
  async function startedComposition(env: Record<string, string>) {
    const composition = await compose({
      env: parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost', JOBS: '1', ...env }),
      logger: pino({ level: 'silent' }),
      database: rt.database,
    });
    // Installed before the queue has started (that takes database round trips); answered without queueing.
    const enqueue = vi.spyOn(composition.jobs, 'enqueue').mockResolvedValue(null);
    await composition.jobs.start(); // compose's own reaction to the start runs before this continues
    await composition.close();
    return enqueue.mock.calls;
  }

  it('queues one sync when a working copy with Contentful has started its queue', async () => {
    const calls = await startedComposition({
      CONTENTFUL_SPACE_ID: SPACE,
      CONTENTFUL_ACCESS_TOKEN: TOKEN,
      CONTENTFUL_HOST: '127.0.0.1:9',
    });
    expect(calls).toEqual([['sync-search-content', {}]]);
  });

  it('queues none with the local content adapter', async () => {
    expect(await startedComposition({})).toEqual([]);
  });
});
