import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { COOKIE_NOTICE_DELAY_MS } from '#app/domain/constants.ts';
import { consentAllows, GDPR_COOKIE } from '#app/domain/cookies.ts';
import { pushPageView } from '#app/lib/analytics.ts';
import { parseCookieHeader } from '#app/lib/cookie-header.ts';

const loadNotice = () => import('./cookie-notice.tsx');
const CookieNotice = lazy(loadNotice);

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

/**
 * Cookie consent and what depends on it (spec §4, §7): without a consent
 * cookie the notice appears 1.5 s after load (its code is fetched meanwhile,
 * so it is not part of the first load); page views go to the data layer and
 * the tag manager loads only with consent for analytics.
 */
export function Consent({ gtmId }: { gtmId: string | null }) {
  const { pathname } = useLocation();
  const [consent, setConsent] = useState<string | undefined>(undefined);
  const [showNotice, setShowNotice] = useState(false);

  useEffect(() => {
    const value = parseCookieHeader(document.cookie)[GDPR_COOKIE.name];
    setConsent(value);
    if (value) return;
    void loadNotice();
    const timer = setTimeout(() => setShowNotice(true), COOKIE_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    pushPageView(consent, pathname, document.title);
  }, [consent, pathname]);
  useEffect(() => {
    if (gtmId && consent && consentAllows(consent, 2)) loadTagManager(gtmId);
  }, [consent, gtmId]);

  if (!showNotice) return null;
  return (
    <Suspense fallback={null}>
      <CookieNotice
        onConsent={(value) => {
          setConsent(value);
          setShowNotice(false);
        }}
      />
    </Suspense>
  );
}
