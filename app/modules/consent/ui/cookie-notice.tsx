import { getFormProps, useForm } from '@conform-to/react';
import { parseForm } from '#app/platform/schemas/form.ts';
import { useEffect, useId, useRef } from 'react';
import { COOKIE_CATEGORIES, GDPR_COOKIE, consentValue, type CookieCategoryValue } from '#app/platform/cookies.ts';
import { pushConsent } from '#app/platform/analytics.ts';
import { postConsent } from '#app/modules/consent/ui/consent-client.ts';
import { consentChoiceSchema, type ConsentChoice } from '#app/modules/consent/schemas/consent.ts';
import { CONSENT_MESSAGES } from '#app/modules/consent/domain/messages.ts';
import { serializeDefinedCookie } from '#app/platform/cookie-header.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { Button } from '#app/ui/primitives/button.tsx';

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
 * Cookie notice of spec §4 (shown by ./consent.tsx): a Conform form validated
 * by the shared consent schema (app/modules/consent/schemas/consent.ts), the same schema
 * POST /api/v1/consent checks. Accept stays disabled until a category is
 * chosen ('Maak een keuze.'); accepting saves gdpr_cookie
 * ('*,{categories},GTM:1', 365 days, path /), tells the data layer, records
 * the consent through the API client, and the notice goes away.
 */
export default function CookieNotice({ onConsent }: { onConsent: (value: string) => void }) {
  const headingId = useId();
  const hintId = useId();
  const noticeRef = useRef<HTMLElement>(null);
  /** Where focus was before it came into the notice: it goes back there when the notice closes. */
  const focusBefore = useRef<HTMLElement | null>(null);
  // Focus Not Obscured (WCAG 2.2, 2.4.11): while the notice covers the bottom of the window, the page's
  // scroll padding keeps a focused control above it (the browser scrolls it into the free part).
  useEffect(() => {
    const notice = noticeRef.current;
    if (!notice) return;
    const root = document.documentElement;
    // The page also gets room below its end, so that its last controls (the footer's) can scroll clear of it.
    const reserve = () => {
      const height = `${Math.ceil(notice.getBoundingClientRect().height) + 16}px`;
      root.style.scrollPaddingBottom = height;
      document.body.style.paddingBottom = height;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(notice);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
    };
  }, []);
  const [form, fields] = useForm<ConsentChoice>({
    shouldValidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: consentChoiceSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      const value = consentValue(submission.value.category);
      document.cookie = serializeDefinedCookie(GDPR_COOKIE, value, { secure: location.protocol === 'https:' });
      pushConsent(value);
      // The proof of consent (keepalive: it survives a navigation). A failed record does not undo the choice.
      postConsent(submission.value.category).catch(() => undefined);
      // Focus goes back to where the keyboard user was, or to the page's content: never lost to the top.
      const back = focusBefore.current?.isConnected ? focusBefore.current : document.getElementById('main');
      onConsent(value);
      requestAnimationFrame(() => back?.focus({ preventScroll: true }));
    },
  });
  const choice = fields.category.value;
  // Before a choice the schema's own message is the hint (spec §4, §5: 'Maak een keuze.'): a quiet hint
  // beside the disabled button, not an error, since nobody did anything wrong yet.
  const hint = choice ? undefined : (fields.category.errors?.[0] ?? CONSENT_MESSAGES.CATEGORY_REQUIRED);

  return (
    <section
      ref={noticeRef}
      role="dialog"
      aria-labelledby={headingId}
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !event.currentTarget.contains(from)) focusBefore.current = from;
      }}
      className="cookie-notice fixed inset-x-2 bottom-2 z-50 mx-auto max-h-[50vh] max-w-4xl overflow-y-auto rounded-2xl bg-white p-3 text-ink shadow-2xl ring-1 ring-ink/10 sm:inset-x-4 sm:bottom-4 sm:max-h-[75vh] sm:p-5"
    >
      <h2 id={headingId} className="mb-1 text-base font-bold text-brand-dark sm:text-xl">
        Cookies op Slaagbundel
      </h2>
      <p className="mb-2 text-sm sm:mb-3 sm:text-base">
        Wij gebruiken cookies om de site goed te laten werken en, als jij dat goed vindt, om te zien wat je bekijkt en
        je passende tips te laten zien. Lees er meer over in onze{' '}
        <AppLink to="/privacy" className="font-semibold text-brand-dark underline underline-offset-4">
          privacyverklaring
        </AppLink>
        .
      </p>
      <form {...getFormProps(form)}>
        <fieldset aria-describedby={hint ? hintId : undefined}>
          <legend className="mb-2 text-sm font-semibold sm:text-base">Welke cookies mogen we plaatsen?</legend>
          <div className="grid gap-1.5 sm:gap-2 md:grid-cols-3">
            {COOKIE_CATEGORIES.map((category) => (
              <label
                key={category.name}
                className="group flex cursor-pointer gap-3 rounded-xl border-2 border-ink/15 p-2 sm:p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
              >
                <input
                  type="radio"
                  name={fields.category.name}
                  value={category.value}
                  className="mt-1 h-5 w-5 accent-brand"
                />
                <span>
                  <span className="block font-semibold">{CATEGORY_COPY[category.value].label}</span>
                  {/* On a phone only the chosen category explains itself, so the notice leaves the page visible. */}
                  <span className="hidden text-xs text-ink-soft group-has-[:checked]:block sm:block sm:text-sm">
                    {CATEGORY_COPY[category.value].description}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={!choice}>
            Accepteren
          </Button>
          {hint ? (
            <p id={hintId} className="text-sm text-ink-soft">
              {hint}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
