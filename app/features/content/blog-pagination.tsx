import { AppLink } from '#app/components/ui/app-link.tsx';

/** Page links of a blog list (spec §2): page 1 is the list's own address, others `{base}/page/{n}`. */
export function BlogPagination({ base, page, totalPages }: { base: string; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const href = (n: number) => (n === 1 ? base : `${base}/page/${n}`);
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1);
  const link =
    'flex h-11 min-w-11 items-center justify-center rounded-full px-4 font-semibold ring-1 ring-ink/15 hover:bg-brand-soft focus-visible:outline-3 focus-visible:outline-focus';
  return (
    <nav aria-label="Paginering" className="mt-12">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <AppLink to={href(page - 1)} rel="prev" className={link}>
              Vorige<span className="sr-only"> pagina</span>
            </AppLink>
          </li>
        ) : null}
        {pages.map((n) => (
          <li key={n}>
            <AppLink
              to={href(n)}
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
            <AppLink to={href(page + 1)} rel="next" className={link}>
              Volgende<span className="sr-only"> pagina</span>
            </AppLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
