import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AREA_PATH } from '../../domain/brand.ts';
import { consentAllows, GDPR_COOKIE } from '../../domain/cookies.ts';
import { pushPageView } from '../../lib/analytics.ts';
import { parseCookieHeader } from '../../lib/cookie-header.ts';
import type { FooterColumn, FooterLogo, NavItem, SocialLink } from '../../services/content.server.ts';
import { DialogHost } from '../ui/dialog-host.tsx';
import { Notifications } from '../ui/notifications.tsx';
import { BackgroundSymbols } from './background-symbols.tsx';
import { CookieNotice } from './cookie-notice.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { SalesBanner, isSaleBannerPath } from './sales-banner.tsx';

export interface ShellData {
  navigation: { main: NavItem[]; accountFooter: NavItem[]; footerColumns: FooterColumn[] };
  socialLinks: SocialLink[];
  saleBanner: { text: string; link: string } | null;
  saleBannerDismissed: boolean;
  footerLogos: FooterLogo[];
  year: number;
  publicUrl: string;
  gtmId: string | null;
}

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

function loadTagManager(gtmId: string) {
  if (document.getElementById('gtm-script')) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event: 'gtm.js', 'gtm.start': Date.now() });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.append(script);
}

/** Default layout of spec §2: header, mobile menu, footer, footer logos, cookie notice, background symbols. */
export function Shell({ data, children }: { data: ShellData | undefined; children: ReactNode }) {
  const shell = data ?? empty;
  const { pathname } = useLocation();
  const area = pathname === AREA_PATH || pathname.startsWith(`${AREA_PATH}/`);
  const [consent, setConsent] = useState<string | undefined>(undefined);

  useEffect(() => {
    setConsent(parseCookieHeader(document.cookie)[GDPR_COOKIE.name]);
    // Marks the page interactive (used by the end-to-end tests).
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => {
    pushPageView(consent, pathname, document.title);
  }, [consent, pathname]);
  useEffect(() => {
    if (shell.gtmId && consent && consentAllows(consent, 2)) loadTagManager(shell.gtmId);
  }, [consent, shell.gtmId]);

  return (
    <div className="relative flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink px-4 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Naar de inhoud
      </a>
      <Header items={shell.navigation.main} area={area} />
      {shell.saleBanner && isSaleBannerPath(pathname) ? (
        <SalesBanner text={shell.saleBanner.text} link={shell.saleBanner.link} dismissed={shell.saleBannerDismissed} />
      ) : null}
      <BackgroundSymbols />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer
        columns={shell.navigation.footerColumns}
        accountItems={shell.navigation.accountFooter}
        socialLinks={shell.socialLinks}
        logos={shell.footerLogos}
        year={shell.year}
        area={area}
        publicUrl={shell.publicUrl}
      />
      <CookieNotice onConsent={setConsent} />
      <Notifications />
      <DialogHost />
    </div>
  );
}
