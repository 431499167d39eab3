import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';

/** Marks around the matched words in highlights (ts_headline); never in content, turned into <mark> by the view. */
export const HIT_START = '\u0002';
export const HIT_END = '\u0003';
const HEADLINE = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=35, MinWords=20`;
const HEADLINE_ALL = `StartSel=${HIT_START}, StopSel=${HIT_END}, HighlightAll=true`;
/** How close a title must be to the query to count as a typo of it (pg_trgm word_similarity). */
const TYPO_SIMILARITY = 0.4;

/**
 * The searched documents: tsvector columns PostgreSQL generates and stores
 * with each row, GIN-indexed (migrations/0006_search_documents.sql), so
 * ranking reads them instead of parsing every matching body again. Titles
 * and product names weigh most. An article's title and date are stored
 * columns too (`search_title`, `search_published`): reading them out of
 * `fields` would unpack the whole article for every match.
 */
const ARTICLE_DOCUMENT = sql.raw('e.search_document');
const PRODUCT_DOCUMENT = sql.raw('p.search_document');

/**
 * Runs a search query with pg_trgm's `<%` operator set to TYPO_SIMILARITY for
 * this transaction only: `query <% title` is what the trigram GIN indexes
 * serve (a `word_similarity(…) > x` call in the filter can use no index, and
 * in an OR it keeps the full-text index out too). `db.execute` answers
 * `{ rows }` on both drivers (node-postgres and PGlite).
 */
function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    return ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  });
}

export interface ArticleHit {
  slug: string;
  title: string;
  snippet: string;
  publishDate: string;
  total: number;
}

export interface ProductHit {
  id: number;
  slug: string;
  name: string;
  snippet: string;
  priceCents: number;
  total: number;
}

/** Articles whose title, intro or body match in Dutch, or whose title is a near miss of the query; best first. */
export async function searchArticles(db: Db, query: string, limit: number, offset: number): Promise<ArticleHit[]> {
  const rows = await rowsOf(
    db,
    sql`
    with q as (select websearch_to_tsquery('dutch', ${query}) as tsq),
    -- Rank every match from the stored columns, then read only the page's articles themselves.
    hits as (
      select
        e.id,
        ts_rank(${ARTICLE_DOCUMENT}, q.tsq) + word_similarity(${query}, e.search_title) as score,
        e.search_published,
        count(*) over () as total
      from content_entries e, q
      where e.content_type = 'article'
        and (
          ${ARTICLE_DOCUMENT} @@ q.tsq
          or ${query} <% e.search_title
        )
      order by score desc, e.search_published desc
      limit ${limit} offset ${offset}
    )
    select
      e.fields->>'slug' as slug,
      ts_headline('dutch', e.search_title, q.tsq, ${HEADLINE_ALL}) as title,
      ts_headline('dutch', coalesce(e.fields->>'intro', ''), q.tsq, ${HEADLINE}) as snippet,
      hits.search_published as "publishDate",
      hits.total
    from hits join content_entries e on e.id = hits.id, q
    order by hits.score desc, hits.search_published desc
  `,
  );
  return rows.map((row) => ({
    slug: String(row.slug),
    title: String(row.title),
    snippet: String(row.snippet),
    publishDate: String(row.publishDate),
    total: Number(row.total),
  }));
}

/** Products whose name or description match in Dutch, or whose name is a near miss of the query; best first. */
export async function searchProducts(db: Db, query: string, limit: number, offset: number): Promise<ProductHit[]> {
  const rows = await rowsOf(
    db,
    sql`
    with q as (select websearch_to_tsquery('dutch', ${query}) as tsq)
    select
      p.id,
      p.slug,
      ts_headline('dutch', p.name, q.tsq, ${HEADLINE_ALL}) as name,
      ts_headline('dutch', p.description, q.tsq, ${HEADLINE}) as snippet,
      p.price_cents as "priceCents",
      count(*) over () as total
    from products p, q
    -- A product no longer sold (discontinued) is left out; one that can be ordered now comes before a sold-out one.
    where p.is_orderable = 'Y'
      and (${PRODUCT_DOCUMENT} @@ q.tsq or ${query} <% p.name)
    order by p.total_quantity > 0 desc,
      ts_rank(${PRODUCT_DOCUMENT}, q.tsq) + word_similarity(${query}, p.name) desc, p.name
    limit ${limit} offset ${offset}
  `,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    slug: String(row.slug),
    name: String(row.name),
    snippet: String(row.snippet),
    priceCents: Number(row.priceCents),
    total: Number(row.total),
  }));
}

export interface PageHit {
  slug: string;
  title: string;
  snippet: string;
}

/**
 * The site's information pages (exameninfo, FAQ, terms, …) whose title, description or text match in
 * Dutch, or whose title is a near miss of the query (a page about 'het examenrooster' for 'examenrooster
 * 2027', though no year is in it); best first. A handful of pages: their documents are built per query.
 */
export async function searchPages(db: Db, query: string, limit: number): Promise<PageHit[]> {
  const rows = await rowsOf(
    db,
    sql`
    with q as (select websearch_to_tsquery('dutch', ${query}) as tsq),
    pages as (
      select
        e.fields->>'slug' as slug,
        e.fields->>'title' as title,
        coalesce(e.fields->>'metaDescription', '') as description,
        setweight(to_tsvector('dutch', coalesce(e.fields->>'title', '')), 'A') ||
          setweight(to_tsvector('dutch', coalesce(e.fields->>'metaDescription', '')), 'B') ||
          to_tsvector('dutch', coalesce(e.fields->>'body', '')) as document
      from content_entries e
      where e.content_type = 'page'
    )
    select
      pages.slug,
      ts_headline('dutch', pages.title, q.tsq, ${HEADLINE_ALL}) as title,
      ts_headline('dutch', pages.description, q.tsq, ${HEADLINE}) as snippet
    from pages, q
    where pages.document @@ q.tsq or ${query} <% pages.title
    order by ts_rank(pages.document, q.tsq) + word_similarity(${query}, pages.title) desc, pages.title
    limit ${limit}
  `,
  );
  return rows.map((row) => ({ slug: String(row.slug), title: String(row.title), snippet: String(row.snippet) }));
}
