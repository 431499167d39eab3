import { AppLink } from '#app/ui/primitives/app-link.tsx';

const link =
  'flex h-11 min-w-11 items-center justify-center rounded-full px-4 font-semibold ring-1 ring-ink/15 hover:bg-brand-soft focus-visible:outline-3 focus-visible:outline-focus';

/**
 * Page links of a paged list (the blog, the products): real links, so every
 * page has its own address; `hrefFor` makes it (the blog's page 1 is the
 * list's own address, spec §2; the products use ?page=N).
 */
export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1);
  return (
    <nav aria-label="Paginering" className="mt-12">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <AppLink to={hrefFor(page - 1)} rel="prev" className={link}>
              Vorige<span className="sr-only"> pagina</span>
            </AppLink>
          </li>
        ) : null}
        {pages.map((n) => (
          <li key={n}>
            <AppLink
              to={hrefFor(n)}
              aria-current={n === page ? 'page' : undefined}
              className={`${link} aria-[current=page]:bg-brand aria-[current=page]:text-white aria-[current=page]:ring-brand`}
            >
              <span className="sr-only">Pagina </span>
              {n}
            </AppLink>
          </li>
        ))}
        {page < totalPages ? (
          <li>
            <AppLink to={hrefFor(page + 1)} rel="next" className={link}>
              Volgende<span className="sr-only"> pagina</span>
            </AppLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
