import { useId } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';
import { NEWSLETTER_PATH } from '#app/modules/newsletter/domain/newsletter.ts';
import type { NewsletterFormResult } from './newsletter-form.tsx';
import { NewsletterConsent, NewsletterReply } from './newsletter-parts.tsx';

/**
 * The newsletter opt-in inside other content (an article's `[[nieuwsbrief]]`
 * block): the sign-up of /nieuwsbrief in a form that loads no schema, so an
 * article does not pay for Conform and Zod before anyone reaches it. The
 * /nieuwsbrief action checks the address with the shared schema and its
 * Dutch message comes back here; the typed address stays. With JavaScript it
 * posts through a fetcher and the answer appears in place; without, the
 * browser posts to /nieuwsbrief, which shows the answer.
 */
export default function NewsletterOptIn({ source }: { source: string }) {
  const fetcher = useFetcher<NewsletterFormResult>();
  const id = useId();
  const reply = fetcher.data;
  const busy = fetcher.state !== 'idle';
  const emailError = reply?.result?.error?.email?.[0] ?? reply?.result?.error?.source?.[0];

  return (
    <div className="text-base">
      <NewsletterReply
        id={`${id}-status`}
        subscribed={Boolean(reply?.subscribedAt)}
        failed={Boolean(reply?.failed)}
        focusWhen={reply?.subscribedAt}
        className="bg-white"
      />
      {reply?.subscribedAt ? null : (
        <fetcher.Form
          method="post"
          action={NEWSLETTER_PATH}
          noValidate
          aria-describedby={`${id}-status`}
          // A sign-up changes nothing the page shows: its loaders need not run again.
          defaultShouldRevalidate={false}
          preventScrollReset
        >
          <input type="hidden" name="source" value={source} />
          <label htmlFor={`${id}-email`} className="font-semibold">
            E-mailadres
          </label>
          <div className="mt-1 flex flex-wrap gap-3">
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-error` : undefined}
              className="block w-full min-w-0 flex-1 basis-56 rounded-xl border-2 border-ink/20 bg-white px-3 py-2.5 text-base aria-invalid:border-danger focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-focus"
            />
            <Button type="submit" disabled={busy} className="shrink-0">
              {busy ? 'Bezig met aanmelden…' : 'Aanmelden'}
            </Button>
          </div>
          {emailError ? (
            <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
              {emailError}
            </p>
          ) : null}
          {/* Honeypot: hidden from people and screen readers; bots fill it in and their sign-up is dropped. */}
          <div aria-hidden="true" className="hidden">
            <label htmlFor={`${id}-website`}>Website</label>
            <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <NewsletterConsent />
        </fetcher.Form>
      )}
    </div>
  );
}
