import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';

/** Marks around the matched words in highlights (ts_headline); never in content, turned into <mark> by the view. */
export const HIT_START = '\u0002';
export const HIT_END = '\u0003';
const HEADLINE = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=35, MinWords=20`;
const HEADLINE_ALL = `StartSel=${HIT_START}, StopSel=${HIT_END}, HighlightAll=true`;
/** How close a title must be to the query to count as a typo of it (pg_trgm word_similarity). */
const TYPO_SIMILARITY = 0.4;

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
  const result = await db.execute(sql`
    with q as (select websearch_to_tsquery('dutch', ${query}) as tsq)
    select
      e.fields->>'slug' as slug,
      ts_headline('dutch', e.fields->>'title', q.tsq, ${HEADLINE_ALL}) as title,
      ts_headline('dutch', coalesce(e.fields->>'intro', ''), q.tsq, ${HEADLINE}) as snippet,
      e.fields->>'publishDate' as "publishDate",
      count(*) over () as total
    from content_entries e, q
    where e.content_type = 'article'
      and (
        to_tsvector('dutch', coalesce(e.fields->>'title', '') || ' ' || coalesce(e.fields->>'intro', '') || ' ' || coalesce(e.fields->>'body', '')) @@ q.tsq
        or word_similarity(${query}, e.fields->>'title') > ${TYPO_SIMILARITY}
      )
    order by
      ts_rank(to_tsvector('dutch', coalesce(e.fields->>'title', '') || ' ' || coalesce(e.fields->>'intro', '') || ' ' || coalesce(e.fields->>'body', '')), q.tsq)
        + word_similarity(${query}, e.fields->>'title') desc,
      e.fields->>'publishDate' desc
    limit ${limit} offset ${offset}
  `);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    slug: String(row.slug),
    title: String(row.title),
    snippet: String(row.snippet),
    publishDate: String(row.publishDate),
    total: Number(row.total),
  }));
}

/** Products whose name or description match in Dutch, or whose name is a near miss of the query; best first. */
export async function searchProducts(db: Db, query: string, limit: number, offset: number): Promise<ProductHit[]> {
  const result = await db.execute(sql`
    with q as (select websearch_to_tsquery('dutch', ${query}) as tsq)
    select
      p.id,
      p.slug,
      ts_headline('dutch', p.name, q.tsq, ${HEADLINE_ALL}) as name,
      ts_headline('dutch', p.description, q.tsq, ${HEADLINE}) as snippet,
      p.price_cents as "priceCents",
      count(*) over () as total
    from products p, q
    where to_tsvector('dutch', p.name || ' ' || p.description) @@ q.tsq
      or word_similarity(${query}, p.name) > ${TYPO_SIMILARITY}
    order by ts_rank(to_tsvector('dutch', p.name || ' ' || p.description), q.tsq) + word_similarity(${query}, p.name) desc, p.name
    limit ${limit} offset ${offset}
  `);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    id: Number(row.id),
    slug: String(row.slug),
    name: String(row.name),
    snippet: String(row.snippet),
    priceCents: Number(row.priceCents),
    total: Number(row.total),
  }));
}
