import { consentAllows } from '#app/platform/cookies.ts';

type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

/** True when the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
export function doNotTrack(nav: Navigator & { globalPrivacyControl?: boolean } = navigator): boolean {
  const w = window as Window & { doNotTrack?: string };
  return nav.doNotTrack === '1' || w.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/** Pushes to the tag-manager data layer unless Do Not Track is on (spec §7). */
export function pushDataLayer(event: DataLayerEvent): boolean {
  if (typeof window === 'undefined' || doNotTrack()) return false;
  (window.dataLayer ??= []).push(event);
  return true;
}

/** Consent categories as the tag manager reads them. */
export function pushConsent(consentCookieValue: string): boolean {
  return pushDataLayer({
    event: 'cookie_consent_update',
    consent: {
      functional: consentAllows(consentCookieValue, 1),
      analytics: consentAllows(consentCookieValue, 2),
      marketing: consentAllows(consentCookieValue, 3),
    },
  });
}

/** A page view, only with consent for analytics (category 2). */
export function pushPageView(consentCookieValue: string | undefined, path: string, title: string): boolean {
  if (!consentCookieValue || !consentAllows(consentCookieValue, 2)) return false;
  return pushDataLayer({ event: 'page_view', page_path: path, page_title: title });
}
