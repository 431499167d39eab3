import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { FETCH_DELAY_MS } from '#app/platform/constants.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { api } from '#app/platform/api-client.ts';
import { type HighlightedText, type SearchResults } from '#app/modules/content/index.ts';
import { MarkedText } from '#app/modules/content/ui.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { SearchIcon } from '#app/ui/primitives/icons.tsx';

/** Suggestions per group in the panel; the search page has them all. */
const PER_GROUP = 4;
const MIN_CHARS = 2;
const MAX_CHARS = 100;

interface Suggestion {
  id: string;
  href: string;
  label: HighlightedText;
  detail: string;
}

type Found =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; results: SearchResults }
  | { status: 'error'; query: string };

function suggestionsOf(results: SearchResults, baseId: string) {
  const products: Suggestion[] = results.products.items.map((p, i) => ({
    id: `${baseId}-p${i}`,
    href: p.href,
    label: p.name,
    detail: formatMoney(p.priceCents),
  }));
  const pages: Suggestion[] = results.pages.items.map((page, i) => ({
    id: `${baseId}-i${i}`,
    href: page.href,
    label: page.title,
    detail: 'Informatie',
  }));
  const articles: Suggestion[] = results.articles.items.map((a, i) => ({
    id: `${baseId}-a${i}`,
    href: a.href,
    label: a.title,
    detail: 'Examentip',
  }));
  return { products, pages, articles, all: [...products, ...pages, ...articles] };
}

const countText = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The header's instant search: a combobox that suggests
 * products and exam tips while typing (after FETCH_DELAY_MS of quiet), with
 * arrow keys, Enter and Escape; Enter without a chosen suggestion opens
 * /zoeken with every result. Loaded on the first sign of intent; without
 * JavaScript the header's search link leads to /zoeken itself.
 */
export default function SearchPanel({ onClose }: { onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<Found>({ status: 'idle' });
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const query = typed.trim();

  useEffect(() => inputRef.current?.focus(), []);

  useEffect(() => {
    setActive(-1);
    if (query.length < MIN_CHARS) {
      setFound({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setFound((previous) => (previous.status === 'done' ? previous : { status: 'loading', query }));
      api
        .get<SearchResults>(`/v1/search?q=${encodeURIComponent(query)}&limit=${PER_GROUP}`, {
          signal: controller.signal,
        })
        .then(
          (results) => setFound({ status: 'done', query, results }),
          () => {
            if (!controller.signal.aborted) setFound({ status: 'error', query });
          },
        );
    }, FETCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const groups = found.status === 'done' ? suggestionsOf(found.results, baseId) : null;
  const options = groups?.all ?? [];
  const expanded = options.length > 0;
  const allResultsHref = `/zoeken?q=${encodeURIComponent(query)}`;

  const go = (href: string) => {
    onClose();
    void navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0 && options[active]) {
      event.preventDefault();
      go(options[active].href);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (typed && active >= 0) setActive(-1);
      else onClose();
    }
  };

  let status = '';
  if (query.length > 0 && query.length < MIN_CHARS) status = 'Typ minimaal 2 tekens om te zoeken.';
  else if (found.status === 'loading') status = 'Zoeken…';
  else if (found.status === 'error') status = 'Zoeken lukt nu even niet. Probeer het zo nog eens.';
  else if (found.status === 'done') {
    const { products, articles, pages } = found.results;
    status =
      products.total + articles.total + pages.items.length === 0
        ? `Niets gevonden voor "${found.query}".`
        : `${pages.items.length > 0 ? `${countText(pages.items.length, 'informatiepagina', 'informatiepagina’s')}, ` : ''}${countText(products.total, 'product', 'producten')} en ${countText(articles.total, 'examentip', 'examentips')} gevonden.`;
  }

  // Divs, not lists: a listbox may hold only groups and options.
  const renderGroup = (title: string, items: Suggestion[], offset: number) =>
    items.length === 0 ? null : (
      <div role="group" aria-label={title}>
        <div aria-hidden="true" className="px-3 pt-3 pb-1 text-sm font-bold tracking-wide text-ink-soft uppercase">
          {title}
        </div>
        {items.map((item, i) => {
          const index = offset + i;
          return (
            <div
              key={item.id}
              id={item.id}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => go(item.href)}
              className={`flex cursor-pointer items-baseline justify-between gap-4 rounded-xl px-3 py-2 ${
                index === active ? 'bg-brand-soft' : ''
              }`}
            >
              <span className="font-semibold">
                <MarkedText text={item.label} />
              </span>
              <span className="shrink-0 text-sm text-ink-soft">{item.detail}</span>
            </div>
          );
        })}
      </div>
    );

  return (
    <div id="search-panel" className="absolute inset-x-0 top-full border-b border-ink/10 bg-white shadow-lg">
      <div className="container-page py-4">
        <div className="mx-auto max-w-3xl">
          <Form method="get" action="/zoeken" role="search" onSubmit={() => onClose()} className="flex gap-2">
            <label htmlFor={`${baseId}-q`} className="sr-only">
              Zoek in examenbundels en examentips
            </label>
            <input
              ref={inputRef}
              id={`${baseId}-q`}
              name="q"
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={onKeyDown}
              maxLength={MAX_CHARS}
              required
              minLength={MIN_CHARS}
              autoComplete="off"
              placeholder="Zoek een examenbundel of examentip"
              role="combobox"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 ? options[active]?.id : undefined}
              aria-describedby={`${baseId}-status`}
              className="min-h-12 flex-1 rounded-xl border-2 border-ink/20 bg-white px-4 text-base focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-focus"
            />
            <button
              type="submit"
              className="flex min-h-12 min-w-12 items-center justify-center rounded-xl bg-brand px-4 font-bold text-white hover:bg-brand-dark focus-visible:outline-3 focus-visible:outline-focus"
            >
              <SearchIcon />
              <span className="sr-only sm:not-sr-only">Zoeken</span>
            </button>
          </Form>
          <p id={`${baseId}-status`} role="status" className="mt-2 min-h-6 text-sm text-ink-soft">
            {status}
          </p>
          <div
            id={listId}
            role="listbox"
            aria-label="Suggesties"
            hidden={!expanded}
            className="mt-1 max-h-[60vh] overflow-y-auto"
          >
            {groups ? renderGroup('Producten', groups.products, 0) : null}
            {groups ? renderGroup('Informatie', groups.pages, groups.products.length) : null}
            {groups ? renderGroup('Examentips', groups.articles, groups.products.length + groups.pages.length) : null}
          </div>
          {found.status === 'done' && expanded ? (
            <AppLink
              to={allResultsHref}
              onClick={onClose}
              className="mt-2 inline-block px-3 py-2 font-semibold text-brand-dark underline underline-offset-4"
            >
              Alle resultaten voor "{found.query}"
            </AppLink>
          ) : null}
        </div>
      </div>
    </div>
  );
}
