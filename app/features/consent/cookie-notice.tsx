import { useId, useState } from 'react';
import {
  COOKIE_CATEGORIES,
  COOKIE_CONSENT_REQUIRED_MESSAGE,
  GDPR_COOKIE,
  consentValue,
  type CookieCategoryValue,
} from '#app/domain/cookies.ts';
import { pushConsent } from '#app/lib/analytics.ts';
import { serializeDefinedCookie } from '#app/lib/cookie-header.ts';
import { AppLink } from '#app/components/ui/app-link.tsx';
import { Button } from '#app/components/ui/button.tsx';

/** What each choice means, in the words a pupil or parent reads (spec §3 categories). */
const CATEGORY_COPY: Record<CookieCategoryValue, { label: string; description: string }> = {
  '1,2,3': {
    label: 'Compleet',
    description:
      'Functionele, analytische en marketingcookies. We onthouden je voorkeuren, meten hoe je de site gebruikt en laten advertenties zien die bij je passen.',
  },
  '1,2': {
    label: 'Persoonlijk',
    description:
      'Functionele en analytische cookies. We onthouden je voorkeuren en meten hoe je de site gebruikt, zodat we hem kunnen verbeteren. Je ziet geen persoonlijke advertenties.',
  },
  '1': {
    label: 'Basis',
    description:
      'Alleen functionele cookies die nodig zijn om de site te laten werken, zoals je winkelwagen en je cookiekeuze. We slaan niets op voor statistieken of advertenties.',
  },
};

/**
 * Cookie notice of spec §4 (shown by ./consent.tsx): accept stays disabled
 * until a category is chosen ('Maak een keuze.'); accepting saves gdpr_cookie
 * ('*,{categories},GTM:1', 365 days, path /), records the consent and tells
 * the data layer, and the notice goes away.
 */
export default function CookieNotice({ onConsent }: { onConsent: (value: string) => void }) {
  const [choice, setChoice] = useState<CookieCategoryValue | ''>('');
  const headingId = useId();
  const hintId = useId();

  const accept = () => {
    if (!choice) return;
    const value = consentValue(choice);
    document.cookie = serializeDefinedCookie(GDPR_COOKIE, value, { secure: location.protocol === 'https:' });
    pushConsent(value);
    // The consent pixel: a record that this browser gave this consent (keepalive survives navigation).
    void fetch('/api/v1/consent', {
      method: 'POST',
      body: JSON.stringify({ value }),
      headers: { 'content-type': 'application/json' },
      keepalive: true,
    }).catch(() => undefined);
    onConsent(value);
  };

  return (
    <section
      role="dialog"
      aria-labelledby={headingId}
      className="cookie-notice fixed inset-x-2 bottom-2 z-50 mx-auto max-h-[75vh] max-w-4xl overflow-y-auto rounded-2xl bg-white p-4 text-ink shadow-2xl ring-1 ring-ink/10 sm:inset-x-4 sm:bottom-4 sm:p-6"
    >
      <h2 id={headingId} className="mb-1 text-lg font-bold text-brand-dark sm:text-xl">
        Cookies op Slaagbundel
      </h2>
      <p className="mb-4">
        Wij gebruiken cookies om de site goed te laten werken en, als jij dat goed vindt, om te zien wat je bekijkt en
        je passende tips te laten zien. Lees er meer over in onze{' '}
        <AppLink to="/privacy" className="font-semibold text-brand-dark underline underline-offset-4">
          privacyverklaring
        </AppLink>
        .
      </p>
      <fieldset aria-describedby={choice ? undefined : hintId}>
        <legend className="mb-2 text-sm font-semibold sm:text-base">Welke cookies mogen we plaatsen?</legend>
        <div className="grid gap-2 md:grid-cols-3">
          {COOKIE_CATEGORIES.map((category) => (
            <label
              key={category.name}
              className="flex cursor-pointer gap-3 rounded-xl border-2 border-ink/15 p-2.5 sm:p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <input
                type="radio"
                name="cookie-category"
                value={category.value}
                checked={choice === category.value}
                onChange={() => setChoice(category.value)}
                className="mt-1 h-5 w-5 accent-brand"
              />
              <span>
                <span className="block font-semibold">{CATEGORY_COPY[category.value].label}</span>
                <span className="block text-xs text-ink-soft sm:text-sm">
                  {CATEGORY_COPY[category.value].description}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <Button onClick={accept} disabled={!choice}>
          Accepteren
        </Button>
        {choice ? null : (
          <p id={hintId} className="text-sm font-semibold text-danger">
            {COOKIE_CONSENT_REQUIRED_MESSAGE}
          </p>
        )}
      </div>
    </section>
  );
}
