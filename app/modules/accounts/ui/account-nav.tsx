import { useLocation } from 'react-router';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { AREA_PATHS } from '#app/platform/area-paths.ts';

/** The account pages (spec §2: '', mijn-vakken-boeken, also seen as subjects-and-books, and profile). */
const PAGES = [
  { to: AREA_PATHS.account, label: 'Overzicht', also: [] },
  {
    to: AREA_PATHS.subjectsAndBooks,
    label: 'Mijn vakken en boeken',
    also: [`${AREA_PATHS.account}/subjects-and-books`],
  },
  { to: AREA_PATHS.orders, label: 'Bestellingen', also: [] },
  { to: AREA_PATHS.profile, label: 'Profiel', also: [] },
] as const;

const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The account's sub navigation: a row of tabs on phones (scrolls sideways
 * when narrow), a column beside the page from 64em. The current page has
 * aria-current="page".
 */
export function AccountNav() {
  const path = trimmed(useLocation().pathname);
  return (
    <nav aria-label="Mijn account" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:overflow-visible lg:px-0">
      <ul className="flex gap-2 lg:flex-col">
        {PAGES.map((page) => {
          const current =
            path === page.to ||
            (page.also as readonly string[]).includes(path) ||
            (page.to === AREA_PATHS.orders && path.startsWith(`${page.to}/`));
          return (
            <li key={page.to} className="shrink-0">
              <AppLink
                to={page.to}
                aria-current={current ? 'page' : undefined}
                className="flex min-h-11 items-center rounded-full border-2 border-ink/15 px-4 py-2 font-semibold whitespace-nowrap text-ink hover:border-brand hover:text-brand-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white lg:rounded-xl"
              >
                {page.label}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
