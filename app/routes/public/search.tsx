import type { ReactNode } from 'react';
import { Form } from 'react-router';
import type { Route } from './+types/search';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { Button } from '#app/ui/primitives/button.tsx';
import { pageTitle } from '#app/platform/brand.ts';
import { formatDutchDateWithYear } from '#app/platform/dates.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { MarkedText } from '#app/modules/content/ui.ts';
import { SEARCH_MAX_LENGTH, searchQuerySchema, type HighlightedText } from '#app/modules/content/index.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { searchSite } from '#app/modules/content/index.server.ts';

/** /zoeken?q=…&page=…: parse the query with the shared schema → one service → render. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const raw = url.searchParams.get('q');
  if (raw === null) return { typed: '', error: null, results: null };
  const parsed = searchQuerySchema.safeParse({ q: raw, page: url.searchParams.get('page') ?? undefined });
  if (!parsed.success) {
    return { typed: raw, error: parsed.error.issues[0]?.message ?? null, results: null };
  }
  return { typed: raw, error: null, results: await searchSite(context.get(scopeContext), parsed.data) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta({
    title: pageTitle(loaderData?.results ? `Zoeken: ${loaderData.results.query}` : 'Zoeken'),
    description: 'Zoek in alle examenbundels, samenvattingen en examentips van Slaagbundel.',
    path: '/zoeken',
    publicUrl: publicUrlOf(matches),
  }),
  // A results page is not a page of its own for search engines.
  ...(loaderData?.results ? [{ name: 'robots', content: 'noindex, follow' }] : []),
];

/** One group of results (products or tips): a heading with the count, then each hit with its marked words. */
function ResultGroup({
  id,
  title,
  total,
  items,
}: {
  id: string;
  title: string;
  total: number;
  items: { href: string; title: HighlightedText; snippet: HighlightedText; detail: ReactNode }[];
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-extrabold">
        {title} <span className="text-base font-semibold text-ink-soft">({total})</span>
      </h2>
      <ul className="mt-4 grid gap-3">
        {items.map((item) => (
          <li key={item.href} className="rounded-2xl bg-white p-4 shadow ring-1 ring-ink/10">
            <AppLink to={item.href} className="text-lg font-bold underline-offset-4 hover:underline">
              <MarkedText text={item.title} />
            </AppLink>
            <p className="mt-1 text-ink-soft">
              <MarkedText text={item.snippet} />
            </p>
            {item.detail}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { typed, error, results } = loaderData;
  const pageHref = (page: number) =>
    `/zoeken?q=${encodeURIComponent(results?.query ?? '')}${page > 1 ? `&page=${page}` : ''}`;
  return (
    <section className="container-page py-10 md:py-16" aria-labelledby="search-title">
      <h1 id="search-title" className="text-4xl font-extrabold text-brand-dark md:text-5xl">
        Zoeken
      </h1>
      <Form method="get" action="/zoeken" role="search" className="mt-6 flex max-w-2xl flex-wrap gap-3">
        <label htmlFor="search-q" className="sr-only">
          Zoek in examenbundels en examentips
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={typed}
          key={typed}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Bijvoorbeeld: wiskunde havo of examenstress"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'search-error' : undefined}
          className="min-h-12 flex-1 rounded-xl border-2 border-ink/20 bg-white px-4 text-base focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-focus"
        />
        <Button type="submit">Zoeken</Button>
      </Form>
      {error ? (
        <p id="search-error" className="mt-2 font-semibold text-danger">
          {error}
        </p>
      ) : null}
      {results ? (
        <div aria-live="polite">
          <p className="mt-6 text-ink-soft">
            {results.products.total + results.articles.total + results.pages.items.length === 0
              ? `Niets gevonden voor "${results.query}". Probeer een ander woord, of minder woorden.`
              : `${results.pages.items.length > 0 ? `${results.pages.items.length} ${results.pages.items.length === 1 ? 'informatiepagina' : 'informatiepagina’s'}, ` : ''}${results.products.total} ${results.products.total === 1 ? 'product' : 'producten'} en ${results.articles.total} ${results.articles.total === 1 ? 'examentip' : 'examentips'} gevonden voor "${results.query}".`}
          </p>
          <ResultGroup
            id="found-products"
            title="Producten"
            total={results.products.total}
            items={results.products.items.map((item) => ({
              ...item,
              title: item.name,
              detail: <p className="mt-1 font-semibold">{formatMoney(item.priceCents)}</p>,
            }))}
          />
          {results.pages.items.length > 0 ? (
            <ResultGroup
              id="found-pages"
              title="Informatie"
              total={results.pages.items.length}
              items={results.pages.items.map((item) => ({ ...item, detail: null }))}
            />
          ) : null}
          <ResultGroup
            id="found-articles"
            title="Examentips"
            total={results.articles.total}
            items={results.articles.items.map((item) => ({
              ...item,
              detail: (
                <p className="mt-1 text-sm text-ink-soft">
                  <time dateTime={item.publishDate}>{formatDutchDateWithYear(new Date(item.publishDate))}</time>
                </p>
              ),
            }))}
          />
          {results.page > 1 || results.hasNextPage ? (
            <nav aria-label="Paginering" className="mt-10 flex gap-3">
              {results.page > 1 ? (
                <AppLink to={pageHref(results.page - 1)} rel="prev" className="font-semibold underline underline-offset-4">
                  Vorige resultaten
                </AppLink>
              ) : null}
              {results.hasNextPage ? (
                <AppLink to={pageHref(results.page + 1)} rel="next" className="font-semibold underline underline-offset-4">
                  Meer resultaten
                </AppLink>
              ) : null}
            </nav>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
