import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { COOKIE_NOTICE_DELAY_MS } from '#app/platform/constants.ts';
import { consentAllows, GDPR_COOKIE } from '#app/platform/cookies.ts';
import { pushPageView } from '#app/platform/analytics.ts';
import { parseCookieHeader } from '#app/platform/cookie-header.ts';

type NoticeComponent = ComponentType<{ onConsent: (value: string) => void }>;

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
 * cookie the notice appears 1.5 s after load. Its code is fetched meanwhile
 * (not part of the first load) and rendered once both are done, without a
 * Suspense boundary, whose reveal React may hold back up to 300 ms. Page
 * views go to the data layer and
 * the tag manager loads only with consent for analytics.
 */
export function Consent({ gtmId }: { gtmId: string | null }) {
  const { pathname } = useLocation();
  const [consent, setConsent] = useState<string | undefined>(undefined);
  const [Notice, setNotice] = useState<NoticeComponent | null>(null);

  useEffect(() => {
    const value = parseCookieHeader(document.cookie)[GDPR_COOKIE.name];
    setConsent(value);
    if (value) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const delay = new Promise<void>((resolve) => (timer = setTimeout(resolve, COOKIE_NOTICE_DELAY_MS)));
    Promise.all([import('./cookie-notice.tsx'), delay]).then(
      ([notice]) => {
        if (!cancelled) setNotice(() => notice.default);
      },
      () => undefined, // the notice's code did not load (offline): ask again on the next visit
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    pushPageView(consent, pathname, document.title);
  }, [consent, pathname]);
  useEffect(() => {
    if (gtmId && consent && consentAllows(consent, 2)) loadTagManager(gtmId);
  }, [consent, gtmId]);

  if (!Notice || consent) return null;
  return <Notice onConsent={setConsent} />;
}
