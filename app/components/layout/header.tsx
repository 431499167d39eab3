import { AREA_PATH } from '../../domain/brand.ts';
import { uiStore, useUi } from '../../lib/ui-store.ts';
import type { NavItem } from '../../services/content.server.ts';
import { AppLink } from '../ui/app-link.tsx';
import { CartIcon, CloseIcon, MenuIcon, SearchIcon, UserIcon } from '../ui/icons.tsx';
import { DesktopNav } from './desktop-nav.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';

const iconLink =
  'flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-2 font-semibold hover:bg-brand-soft focus-visible:outline-3 focus-visible:outline-focus';

/** Site header; under /mijnslaagbundel it shows the study-area variant (spec §2). */
export function Header({ items, area }: { items: NavItem[]; area: boolean }) {
  const menuOpen = useUi((s) => s.mobileMenuOpen);
  // The mobile menu is a sibling of <header>: the header's backdrop filter would
  // otherwise become the containing block of the fixed panel and clip it.
  return (
    <>
      <header className="sticky top-0 z-40 h-header border-b border-ink/10 bg-white/95 backdrop-blur">
        <div className="container-page flex h-full items-center justify-between gap-4">
          <AppLink
            to={area ? AREA_PATH : '/'}
            className="rounded-lg focus-visible:outline-3 focus-visible:outline-focus"
          >
            <Logo />
            <span className="sr-only">{area ? ' – naar Mijn Slaagbundel' : ' – naar de homepagina'}</span>
          </AppLink>
          {area ? (
            <nav aria-label="Mijn Slaagbundel" className="flex items-center gap-2">
              <AppLink to={`${AREA_PATH}/account`} className={iconLink}>
                <UserIcon /> <span className="hidden sm:inline">Account</span>
              </AppLink>
              <AppLink to="/" className={iconLink}>
                Naar de webshop
              </AppLink>
            </nav>
          ) : (
            <>
              <DesktopNav items={items} />
              <div className="flex items-center gap-1">
                <AppLink to="/zoeken" className={iconLink}>
                  <SearchIcon />
                  <span className="sr-only">Zoeken</span>
                </AppLink>
                <AppLink to={AREA_PATH} className={`${iconLink} hidden md:flex`}>
                  <UserIcon />
                  <span className="hidden lg:inline">Mijn Slaagbundel</span>
                  <span className="sr-only lg:hidden">Mijn Slaagbundel</span>
                </AppLink>
                <AppLink to="/winkelwagen" className={iconLink}>
                  <CartIcon />
                  <span className="sr-only">Winkelwagen</span>
                </AppLink>
                <button
                  id="mobile-menu-toggle"
                  type="button"
                  aria-expanded={menuOpen}
                  aria-controls="mobile-menu"
                  onClick={() => uiStore.setMobileMenu(!menuOpen)}
                  className={`${iconLink} md:hidden`}
                >
                  {menuOpen ? <CloseIcon /> : <MenuIcon />}
                  <span>Menu</span>
                </button>
              </div>
            </>
          )}
        </div>
      </header>
      {area ? null : <MobileMenu items={items} />}
    </>
  );
}
