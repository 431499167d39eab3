import type { Scope } from '#app/platform/server/deps.ts';
import { skipForPage } from '#app/platform/pagination.ts';
import { HIT_END, HIT_START, searchArticles, searchPages, searchProducts } from '#app/modules/content/db/search.server.ts';
import { SEARCH_PAGE_SIZE, type SearchQuery } from '#app/modules/content/schemas/search-query.ts';
import type { HighlightedText, SearchResults } from '#app/modules/content/schemas/views.ts';

/** ts_headline output → text segments, the marked ones flagged; nothing in it is ever treated as HTML. */
export function toHighlighted(headline: string): HighlightedText {
  const segments: HighlightedText = [];
  for (const part of headline.split(HIT_START)) {
    const end = part.indexOf(HIT_END);
    if (end < 0) {
      if (part) segments.push({ text: part, hit: false });
      continue;
    }
    segments.push({ text: part.slice(0, end), hit: true });
    if (part.slice(end + 1)) segments.push({ text: part.slice(end + 1), hit: false });
  }
  return segments;
}

/** A snippet cut from a longer text ends in an ellipsis, so nobody reads it as the whole sentence. */
function asSnippet(headline: string): HighlightedText {
  const segments = toHighlighted(headline.trim());
  const last = segments.at(-1);
  if (last && !/[.!?…]$/.test(last.text)) segments.push({ text: ' …', hit: false });
  return segments;
}

/**
 * Site search: products and articles, each group best
 * match first, 10 a page, with the matched words marked; on the first page
 * also the information pages that match (at most SEARCH_PAGE_HITS). Dutch full-text
 * search finds 'examens' for 'examen'; trigram similarity finds 'wiskunde'
 * for 'wiskudne'.
 */
export function searchSite(
  s: Scope,
  { q, page, limit = SEARCH_PAGE_SIZE }: Pick<SearchQuery, 'q' | 'page'> & { limit?: number },
): Promise<SearchResults> {
  const query = { q, page, limit };
  // Public results, the same for everyone: the same search within the content cache's time is answered
  // from this copy's memory (the instant search sends the same few queries over and over).
  return s.cache.get(`search:${query.limit}:${query.page}:${query.q}`, () => runSearch(s, query));
}

/** Information pages shown above the examentips on the first results page. */
const SEARCH_PAGE_HITS = 3;

async function runSearch(s: Scope, { q, page, limit }: SearchQuery): Promise<SearchResults> {
  const offset = skipForPage(page, limit);
  const [products, articles, pages] = await Promise.all([
    searchProducts(s.db, q, limit, offset),
    searchArticles(s.db, q, limit, offset),
    page === 1 ? searchPages(s.db, q, SEARCH_PAGE_HITS) : Promise.resolve([]),
  ]);
  const productTotal = products[0]?.total ?? 0;
  const articleTotal = articles[0]?.total ?? 0;
  return {
    query: q,
    page,
    products: {
      total: productTotal,
      items: products.map((p) => ({
        href: `/producten/${p.id}/${p.slug}`,
        name: toHighlighted(p.name),
        snippet: asSnippet(p.snippet),
        priceCents: p.priceCents,
      })),
    },
    pages: {
      items: pages.map((p) => ({ href: `/${p.slug}`, title: toHighlighted(p.title), snippet: asSnippet(p.snippet) })),
    },
    articles: {
      total: articleTotal,
      items: articles.map((a) => ({
        href: `/artikel/${a.slug}`,
        title: toHighlighted(a.title),
        snippet: asSnippet(a.snippet),
        publishDate: a.publishDate,
      })),
    },
    hasNextPage: offset + limit < Math.max(productTotal, articleTotal),
  };
}
