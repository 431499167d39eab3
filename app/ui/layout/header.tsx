import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { AREA_ROUTE_ID, type AreaLayoutData } from '#app/modules/study/index.ts';
import { AREA_PATH } from '#app/platform/brand.ts';
import { SIGNED_IN_COOKIE } from '#app/platform/cookies.ts';
import { readCookie } from '#app/platform/cookie-header.ts';
import { useCartCount, useCartSyncAfterSignIn } from '#app/modules/shop/ui.ts';
import { ACCOUNT_MODAL_ID, uiStore, useUi } from '#app/ui/ui-store.ts';
import type { NavItem } from '#app/modules/content/index.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { CartIcon, CloseIcon, MenuIcon, SearchIcon, UserIcon } from '#app/ui/primitives/icons.tsx';
import { DesktopNav } from './desktop-nav.tsx';
import { Logo } from './logo.tsx';

const iconLink =
  'flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-2 font-semibold hover:bg-brand-soft focus-visible:outline-3 focus-visible:outline-focus';

const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(loadMobileMenu);
const loadSearchPanel = () => import('./search-panel.tsx');
const SearchPanel = lazy(loadSearchPanel);

const isPlainLeftClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * The header's search: a link to /zoeken that, with JavaScript, opens the
 * instant-search panel under the header instead (its code loads on intent).
 * Escape, a click elsewhere or a navigation closes it.
 */
function useSearchPanel() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!document.getElementById('search-panel')?.contains(target) && !toggleRef.current?.contains(target)) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  return {
    open,
    toggleRef,
    close: () => {
      setOpen(false);
      toggleRef.current?.focus();
    },
    toggleProps: {
      ref: toggleRef,
      'aria-expanded': open,
      'aria-controls': open ? 'search-panel' : undefined,
      onPointerEnter: () => void loadSearchPanel(),
      onFocus: () => void loadSearchPanel(),
      onTouchStart: () => void loadSearchPanel(),
      onClick: (e: MouseEvent<HTMLAnchorElement>) => {
        if (!isPlainLeftClick(e)) return;
        e.preventDefault();
        setOpen((o) => !o);
      },
    },
  };
}

/**
 * Whether this browser has signed in, from the hint cookie (SIGNED_IN_COOKIE), read after hydration:
 * the server renders the same public header for everyone (ADR 006).
 */
function useSignedInHint(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    setSignedIn(readCookie(document.cookie, SIGNED_IN_COOKIE.name) === '1');
  }, []);
  return signedIn;
}

/** The study area's links: the user's pages and signing out, or only the way back to the shop on the login pages. */
function AreaNav() {
  const data = useRouteLoaderData<AreaLayoutData>(AREA_ROUTE_ID);
  const signedIn = Boolean(data?.area);
  return (
    <nav aria-label="Mijn Slaagbundel" className="flex items-center gap-1">
      {signedIn ? (
        <AppLink to={AREA_PATHS.account} className={iconLink}>
          <UserIcon /> <span className="hidden sm:inline">Account</span>
          <span className="sr-only sm:hidden">Account</span>
        </AppLink>
      ) : null}
      <AppLink to="/" className={iconLink}>
        Webshop
      </AppLink>
      {data?.area ? (
        // A plain link: the auth host ends the session and sends the browser back (spec §7).
        <a href={data.logoutUrl} className={iconLink}>
          Uitloggen
        </a>
      ) : null}
    </nav>
  );
}

/** Site header; under /mijnslaagbundel it shows the study-area variant (spec §2). */
export function Header({ items, area }: { items: NavItem[]; area: boolean }) {
  const menuOpen = useUi((s) => s.mobileMenuOpen);
  // The menu's code loads on the first sign of intent and stays mounted after its first opening.
  const [menuWanted, setMenuWanted] = useState(false);
  const wantMenu = () => void loadMobileMenu();
  const searchPanel = useSearchPanel();
  const signedIn = useSignedInHint();
  const cartCount = useCartCount();
  useCartSyncAfterSignIn();
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
            <Logo compact={area} />
            <span className="sr-only">{area ? ' – naar Mijn Slaagbundel' : ' – naar de homepagina'}</span>
          </AppLink>
          {area ? (
            <AreaNav />
          ) : (
            <>
              <DesktopNav items={items} />
              <div className="flex items-center gap-1">
                <AppLink to="/zoeken" className={iconLink} {...searchPanel.toggleProps}>
                  {searchPanel.open ? <CloseIcon /> : <SearchIcon />}
                  <span className="sr-only">Zoeken</span>
                </AppLink>
                <AppLink
                  to={AREA_PATH}
                  className={`${iconLink} relative hidden md:flex`}
                  aria-haspopup={signedIn ? undefined : 'dialog'}
                  onClick={(e) => {
                    // Signed out: sign in (or create an account) in the account modal, on this page.
                    if (signedIn || !isPlainLeftClick(e)) return;
                    e.preventDefault();
                    uiStore.openModal(ACCOUNT_MODAL_ID);
                  }}
                >
                  <UserIcon />
                  <span className="hidden lg:inline">Mijn Slaagbundel</span>
                  <span className="sr-only lg:hidden">Mijn Slaagbundel</span>
                  {signedIn ? (
                    <>
                      <span
                        aria-hidden="true"
                        className="absolute top-1.5 left-7 h-2.5 w-2.5 rounded-full border-2 border-white bg-success"
                      />
                      <span className="sr-only"> (ingelogd)</span>
                    </>
                  ) : null}
                </AppLink>
                <AppLink to="/winkelwagen" className={`${iconLink} relative`}>
                  <CartIcon />
                  <span className="sr-only">Winkelwagen</span>
                  {cartCount > 0 ? (
                    <span
                      data-testid="cart-count"
                      className="absolute top-0.5 right-0 min-w-5 rounded-full bg-brand-dark px-1.5 text-center text-xs leading-5 font-bold text-white"
                    >
                      {cartCount}
                      <span className="sr-only"> {cartCount === 1 ? 'product' : 'producten'}</span>
                    </span>
                  ) : null}
                </AppLink>
                <button
                  id="mobile-menu-toggle"
                  type="button"
                  aria-expanded={menuOpen}
                  aria-controls={menuWanted || menuOpen ? 'mobile-menu' : undefined}
                  onPointerEnter={wantMenu}
                  onFocus={wantMenu}
                  onTouchStart={wantMenu}
                  onClick={() => {
                    setMenuWanted(true);
                    uiStore.setMobileMenu(!menuOpen);
                  }}
                  className={`${iconLink} md:hidden`}
                >
                  {menuOpen ? <CloseIcon /> : <MenuIcon />}
                  <span>Menu</span>
                </button>
              </div>
            </>
          )}
        </div>
        {searchPanel.open && !area ? (
          <Suspense fallback={null}>
            <SearchPanel onClose={searchPanel.close} />
          </Suspense>
        ) : null}
      </header>
      {area || !(menuWanted || menuOpen) ? null : (
        <Suspense fallback={null}>
          <MobileMenu items={items} />
        </Suspense>
      )}
    </>
  );
}
