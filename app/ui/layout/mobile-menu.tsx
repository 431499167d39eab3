import { useEffect, useId, useRef, useState } from 'react';
import { AREA_PATH } from '#app/platform/brand.ts';
import { uiStore, useUi } from '#app/ui/ui-store.ts';
import type { NavItem } from '#app/modules/content/index.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ChevronDownIcon, CloseIcon, UserIcon } from '#app/ui/primitives/icons.tsx';

/**
 * Mobile menu of spec §2: Home, the navigation items with expandable children
 * (one open at a time) and the personal area. Scroll is locked while open;
 * hidden from md (48em) up.
 */
export default function MobileMenu({ items }: { items: NavItem[] }) {
  const open = useUi((s) => s.mobileMenuOpen);
  const [expanded, setExpanded] = useState<string | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  useEffect(() => {
    if (!open) {
      setExpanded(null);
      return;
    }
    document.documentElement.classList.add('scroll-locked');
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        uiStore.setMobileMenu(false);
        document.getElementById('mobile-menu-toggle')?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.classList.remove('scroll-locked');
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      id="mobile-menu"
      ref={panelRef}
      hidden={!open}
      className="mobile-menu fixed inset-x-0 top-header bottom-0 z-40 overflow-y-auto bg-white px-4 pt-4 pb-10 md:hidden"
    >
      <nav aria-label="Mobiel menu">
        <ul className="flex flex-col divide-y divide-ink/10 text-lg">
          <li>
            <AppLink to="/" className="block py-4 font-semibold">
              Home
            </AppLink>
          </li>
          {items.map((item) => (
            <li key={item.id}>
              {item.children.length > 0 ? (
                <>
                  <button
                    type="button"
                    aria-expanded={expanded === item.id}
                    aria-controls={`${baseId}-${item.id}`}
                    onClick={() => setExpanded(expanded === item.id ? null : item.id)}
                    className="flex w-full items-center justify-between py-4 text-left font-semibold"
                  >
                    {item.title}
                    <ChevronDownIcon
                      className={`transition-transform duration-300 ${expanded === item.id ? 'rotate-180' : ''}`}
                    />
                  </button>
                  <ul
                    id={`${baseId}-${item.id}`}
                    hidden={expanded !== item.id}
                    className="mb-3 ml-3 border-l-4 border-brand-soft pl-4"
                  >
                    <li>
                      <AppLink to={item.link} className="block py-2 font-semibold text-brand-dark">
                        Alles over {item.title.toLowerCase()}
                      </AppLink>
                    </li>
                    {item.children.map((child) => (
                      <li key={child.id}>
                        <AppLink to={child.link} className="block py-2">
                          {child.title}
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <AppLink to={item.link} className="block py-4 font-semibold">
                  {item.title}
                </AppLink>
              )}
            </li>
          ))}
          <li>
            <AppLink to={AREA_PATH} className="flex items-center gap-2 py-4 font-semibold text-brand-dark">
              <UserIcon /> Mijn Slaagbundel
            </AppLink>
          </li>
        </ul>
      </nav>
      <button
        type="button"
        onClick={() => uiStore.setMobileMenu(false)}
        className="mt-6 flex items-center gap-2 rounded-full border-2 border-ink/20 px-4 py-2 font-semibold"
      >
        <CloseIcon width={18} height={18} /> Menu sluiten
      </button>
    </div>
  );
}
