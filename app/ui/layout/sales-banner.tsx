import { useEffect, useState } from 'react';
import { SALE_NOTICE_COOKIE } from '#app/platform/cookies.ts';
import { parseCookieHeader, serializeDefinedCookie } from '#app/platform/cookie-header.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { CloseIcon } from '#app/ui/primitives/icons.tsx';

const SALE_PATHS = ['/winkelwagen', '/afrekenen', '/producten'];

/** The sales banner shows only on winkelwagen, afrekenen and producten paths (spec §2). */
export function isSaleBannerPath(pathname: string): boolean {
  return SALE_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Stacking-discount banner; dismissal is stored in sale_notice_cookie for 365 days. */
export function SalesBanner({ text, link, dismissed }: { text: string; link: string; dismissed: boolean }) {
  const [hidden, setHidden] = useState(dismissed);
  // The server's answer may be older than a dismissal made in this tab.
  useEffect(() => {
    if (parseCookieHeader(document.cookie)[SALE_NOTICE_COOKIE.name]) setHidden(true);
  }, []);
  if (hidden) return null;
  return (
    <aside aria-label="Actie" className="sales-banner bg-accent text-ink">
      <div className="container-page flex items-center justify-between gap-4 py-2.5">
        <p className="font-semibold">
          <AppLink to={link} className="underline-offset-4 hover:underline">
            {text}
          </AppLink>
        </p>
        <button
          type="button"
          onClick={() => {
            document.cookie = serializeDefinedCookie(SALE_NOTICE_COOKIE, '1');
            setHidden(true);
          }}
          className="shrink-0 rounded-full p-2 hover:bg-accent-dark focus-visible:outline-3 focus-visible:outline-ink"
        >
          <CloseIcon width={20} height={20} />
          <span className="sr-only">Actiebanner sluiten</span>
        </button>
      </div>
    </aside>
  );
}
