import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { BACKOFFICE_PATHS } from '#app/modules/backoffice/index.ts';
import { isOnboardingPath } from '#app/modules/sign-in/index.ts';
import { AREA_PATH } from '#app/platform/brand.ts';
import type { ShellData } from '#app/modules/content/index.ts';
import { DialogHost } from '#app/ui/primitives/dialog-host.tsx';
import { Notifications } from '#app/ui/primitives/notifications.tsx';
import { BackgroundSymbols } from './background-symbols.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { SalesBanner, isSaleBannerPath } from './sales-banner.tsx';

const empty: ShellData = {
  navigation: { main: [], accountFooter: [], footerColumns: [] },
  socialLinks: [],
  saleBanner: null,
  saleBannerDismissed: true,
  footerLogos: [],
  year: new Date().getFullYear(),
  publicUrl: '/',
  gtmId: null,
};

/**
 * Default layout of spec §2: header, mobile menu, footer, footer logos and
 * background symbols. Feature overlays (the cookie notice) come in through
 * `overlays`, composed by the root route.
 */
export function Shell({
  data,
  children,
  overlays,
}: {
  data: ShellData | undefined;
  children: ReactNode;
  overlays?: ReactNode;
}) {
  const shell = data ?? empty;
  const { pathname } = useLocation();
  const area = pathname === AREA_PATH || pathname.startsWith(`${AREA_PATH}/`);
  // The onboarding has the page to itself: no header, no footer (spec §2 area layout).
  const bare = isOnboardingPath(pathname);
  // The back office is a work tool: no decoration behind its tables and forms.
  const backOffice = pathname === BACKOFFICE_PATHS.home || pathname.startsWith(`${BACKOFFICE_PATHS.home}/`);

  // The background decoration is drawn in the browser only: it is aria-hidden, absolutely
  // positioned (no layout shift) and shown from 64em up, so it need not weigh on every page render.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // Marks the page interactive (used by the end-to-end tests).
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <div className="relative flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink px-4 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Naar de inhoud
      </a>
      {/* Overlays (the cookie notice) come first in the tab order: a keyboard user meets the notice
          right after the skip link, not after every link of the page it covers. */}
      {overlays}
      {bare ? null : <Header items={shell.navigation.main} area={area} />}
      {shell.saleBanner && isSaleBannerPath(pathname) ? (
        <SalesBanner text={shell.saleBanner.text} link={shell.saleBanner.link} dismissed={shell.saleBannerDismissed} />
      ) : null}
      {hydrated && !backOffice ? <BackgroundSymbols /> : null}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {bare ? null : (
        <Footer
          columns={shell.navigation.footerColumns}
          accountItems={shell.navigation.accountFooter}
          socialLinks={shell.socialLinks}
          logos={shell.footerLogos}
          year={shell.year}
          area={area}
          publicUrl={shell.publicUrl}
        />
      )}
      <Notifications />
      <DialogHost />
    </div>
  );
}
