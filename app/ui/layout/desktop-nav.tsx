import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { NavItem } from '#app/modules/content/index.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ChevronDownIcon } from '#app/ui/primitives/icons.tsx';

/** Main navigation from md up: items with children open a disclosure panel. */
export function DesktopNav({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();

  useEffect(() => setOpen(null), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(null);
    const onClick = (e: MouseEvent) => {
      if (!navRef.current?.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  return (
    <nav ref={navRef} aria-label="Hoofdmenu" className="hidden md:block">
      <ul className="flex items-center gap-1 lg:gap-2">
        {items.map((item) => (
          <li key={item.id} className="relative">
            {item.children.length > 0 ? (
              <>
                <button
                  type="button"
                  aria-expanded={open === item.id}
                  aria-controls={`${baseId}-${item.id}`}
                  onClick={() => setOpen(open === item.id ? null : item.id)}
                  className="flex items-center gap-1 rounded-full px-3 py-2 font-semibold hover:bg-brand-soft focus-visible:outline-3 focus-visible:outline-focus"
                >
                  {item.title}
                  <ChevronDownIcon
                    width={18}
                    height={18}
                    className={`transition-transform duration-300 ${open === item.id ? 'rotate-180' : ''}`}
                  />
                </button>
                <ul
                  id={`${baseId}-${item.id}`}
                  hidden={open !== item.id}
                  className="absolute top-full left-0 z-40 mt-2 min-w-60 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-ink/10"
                >
                  <li>
                    <AppLink
                      to={item.link}
                      className="block rounded-xl px-4 py-2 font-semibold text-brand-dark hover:bg-brand-soft"
                    >
                      Alles over {item.title.toLowerCase()}
                    </AppLink>
                  </li>
                  {item.children.map((child) => (
                    <li key={child.id}>
                      <AppLink to={child.link} className="block rounded-xl px-4 py-2 hover:bg-brand-soft">
                        {child.title}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <AppLink to={item.link} className="block rounded-full px-3 py-2 font-semibold hover:bg-brand-soft">
                {item.title}
              </AppLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
