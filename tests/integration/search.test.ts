/**
 * Site search on the test database (PGlite, or PostgreSQL
 * with DATABASE_URL): Dutch full-text search, trigram similarity for typos,
 * highlights that are never HTML, paging, and the query schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema, searchResultsSchema } from '#app/modules/content/schemas/search-query.ts';
import { CONTENT_MESSAGES } from '#app/modules/content/index.ts';
import { searchSite, toHighlighted } from '#app/modules/content/server/search.server.ts';
import { products } from '#app/modules/catalog/db/tables.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(() => rt.close());

const text = (segments: { text: string }[]) => segments.map((s) => s.text).join('');

describe('searchSite', () => {
  it('finds products and articles in Dutch, word forms included, with the matched words marked', async () => {
    const results = await searchSite(rt.services, { q: 'examens plannen', page: 1 });
    expect(results.articles.total).toBeGreaterThan(0);
    const planning = results.articles.items.find((a) => a.href === '/artikel/examenplanning-maken');
    expect(planning).toBeDefined();
    const marked = results.articles.items.flatMap((a) => [...a.title, ...a.snippet]).filter((s) => s.hit);
    expect(marked.length).toBeGreaterThan(0);
    for (const segment of marked) expect(segment.text.toLowerCase()).toMatch(/^(examen|plan)/);
  });

  it('finds a product despite a typo (trigram similarity)', async () => {
    const exact = await searchSite(rt.services, { q: 'wiskunde', page: 1 });
    const typo = await searchSite(rt.services, { q: 'wiskudne', page: 1 });
    expect(exact.products.total).toBeGreaterThan(0);
    expect(typo.products.total).toBeGreaterThan(0);
    for (const item of typo.products.items) expect(text(item.name).toLowerCase()).toContain('wiskunde');
    expect(typo.products.items[0]!.href).toMatch(/^\/producten\/\d+\/[a-z0-9-]+$/);
  });

  it('leaves out products no longer sold and puts the ones that can be ordered now first', async () => {
    const results = await searchSite(rt.services, { q: 'wiskunde', limit: 50, page: 1 });
    const names = results.products.items.map((item) => text(item.name));
    expect(names.length).toBeGreaterThan(3);
    // Slaagbundel Wiskunde A havo 2026 is no longer sold (and the 2027 edition is what to buy).
    expect(names).not.toContain('Slaagbundel Wiskunde A havo 2026');
    expect(names[0]).not.toMatch(/2026/);
    // Sold out (Samenvatting Wiskunde vmbo basis) after every one in stock.
    const stock = new Map(
      (await rt.deps.db.select({ name: products.name, q: products.totalQuantity }).from(products)).map((p) => [
        p.name,
        p.q,
      ]),
    );
    const soldOut = names.indexOf('Slaagbundel Samenvatting Wiskunde vmbo basis 2027');
    expect(soldOut).toBeGreaterThan(-1);
    const inStock = names.map((name) => stock.get(name)! > 0);
    expect(inStock).toEqual([...inStock].sort((a, b) => Number(b) - Number(a)));
  });

  it('pages each group by ten and says whether there is more', async () => {
    const first = await searchSite(rt.services, { q: 'examen', page: 1 });
    const largest = Math.max(first.products.total, first.articles.total);
    expect(largest).toBeGreaterThan(10);
    expect(first.hasNextPage).toBe(true);
    expect(Math.max(first.products.items.length, first.articles.items.length)).toBe(10);
    const last = await searchSite(rt.services, { q: 'examen', page: Math.ceil(largest / 10) });
    expect(last.hasNextPage).toBe(false);
  });

  it('finds the information pages: "examenrooster 2027" finds the examenrooster page first, on the first page only', async () => {
    const results = await searchSite(rt.services, { q: 'examenrooster 2027', page: 1 });
    expect(results.pages.items[0]?.href).toBe('/exameninfo/examenrooster');
    expect(text(results.pages.items[0]!.title)).toBe('Het examenrooster');
    const faq = await searchSite(rt.services, { q: 'hoe kan ik betalen', page: 1 });
    expect(faq.pages.items.map((p) => p.href)).toContain('/veelgestelde-vragen');
    expect(searchResultsSchema.parse(results).pages.items.length).toBeLessThanOrEqual(3);
    const second = await searchSite(rt.services, { q: 'examen', page: 2 });
    expect(second.pages.items).toEqual([]);
  });

  it('finds nothing for nonsense, and treats search syntax as words', async () => {
    const none = await searchSite(rt.services, { q: 'xyzzyqwv', page: 1 });
    expect([none.products.total, none.articles.total]).toEqual([0, 0]);
    await expect(searchSite(rt.services, { q: "wiskunde' or 1=1 -- & | !(", page: 1 })).resolves.toBeDefined();
  });
});

describe('highlights and the query schema', () => {
  it('turns the database markers into flagged text segments, never HTML', () => {
    expect(toHighlighted('Oefen \u0002wiskunde\u0003 <b>nu</b>')).toEqual([
      { text: 'Oefen ', hit: false },
      { text: 'wiskunde', hit: true },
      { text: ' <b>nu</b>', hit: false },
    ]);
  });

  it('needs 2 to 100 characters and falls back to page 1', () => {
    expect(searchQuerySchema.parse({ q: '  havo ', page: '3' })).toEqual({ q: 'havo', page: 3, limit: 10 });
    expect(searchQuerySchema.parse({ q: 'havo', page: 'x', limit: '99' })).toEqual({ q: 'havo', page: 1, limit: 10 });
    expect(searchQuerySchema.safeParse({ q: ' a ' }).error?.issues[0]?.message).toBe(CONTENT_MESSAGES.SEARCH_TOO_SHORT);
    expect(searchQuerySchema.safeParse({ q: 'a'.repeat(101) }).success).toBe(false);
  });
});

describe('GET /api/v1/search', () => {
  it('answers the same grouped, highlighted results as the search page, cacheable', async () => {
    const res = await rt.app.request('/api/v1/search?q=wiskudne');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = searchResultsSchema.parse(await res.json());
    expect(body.query).toBe('wiskudne');
    expect(body.products.total).toBeGreaterThan(0);
    expect(text(body.products.items[0]!.name).toLowerCase()).toContain('wiskunde');
    expect(body.products.items[0]!.href).toMatch(/^\/producten\/\d+\/[a-z0-9-]+$/);
  });

  it('gives fewer results per group when asked (the instant search takes 4), with the same totals', async () => {
    const all = searchResultsSchema.parse(await (await rt.app.request('/api/v1/search?q=examen')).json());
    const few = searchResultsSchema.parse(await (await rt.app.request('/api/v1/search?q=examen&limit=4')).json());
    expect(all.articles.items.length).toBeGreaterThan(4);
    expect(few.articles.items).toHaveLength(4);
    expect(few.articles.items).toEqual(all.articles.items.slice(0, 4));
    expect(few.articles.total).toBe(all.articles.total);
    expect(few.hasNextPage).toBe(true);
  });

  it('refuses a query that is too short with a Dutch field error, never a 500', async () => {
    const res = await rt.app.request('/api/v1/search?q=a');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors.q).toEqual([CONTENT_MESSAGES.SEARCH_TOO_SHORT]);
    const missing = await rt.app.request('/api/v1/search');
    expect(missing.status).toBe(400);
  });

  it('treats SQL and search syntax in the query as words', async () => {
    const res = await rt.app.request(`/api/v1/search?q=${encodeURIComponent("examen') or 1=1 -- & !")}`);
    expect(res.status).toBe(200);
    const body = searchResultsSchema.parse(await res.json());
    expect(body.query).toBe("examen') or 1=1 -- & !");
  });
});
