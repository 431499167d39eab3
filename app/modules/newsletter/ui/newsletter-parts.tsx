import { useEffect, useRef } from 'react';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { NEWSLETTER_MESSAGES } from '#app/modules/newsletter/domain/messages.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';

/**
 * What both newsletter forms show of an answer (no schema here, so the light
 * opt-in stays light): the sign-up's pending message, which takes the focus
 * when `focusWhen` turns truthy, or the generic failure notice of spec §8.
 */
export function NewsletterReply({
  id,
  subscribed,
  failed,
  focusWhen,
  className,
}: {
  id: string;
  subscribed: boolean;
  failed: boolean;
  focusWhen: unknown;
  className: string;
}) {
  const doneRef = useRef<HTMLParagraphElement>(null);
  // The form makes way for the answer: keep the focus there rather than losing it with the button.
  useEffect(() => {
    if (focusWhen) doneRef.current?.focus();
  }, [focusWhen]);
  return (
    <div id={id} role="status" className="empty:hidden">
      {subscribed ? (
        <div className={`rounded-2xl p-4 text-brand-dark ${className}`}>
          <p ref={doneRef} tabIndex={-1} className="font-semibold focus:outline-none">
            {NEWSLETTER_MESSAGES.PENDING}
          </p>
          <p className="mt-2 text-base">Geen e-mail gezien? Kijk dan ook even bij je ongewenste e-mail.</p>
        </div>
      ) : null}
      {failed ? (
        <p className="mb-4 rounded-xl bg-danger/10 p-4 font-semibold text-danger">{MESSAGES.GENERIC_ERROR}</p>
      ) : null}
    </div>
  );
}

/** The consent line under every newsletter form. */
export function NewsletterConsent() {
  return (
    <p className="mt-3 text-sm text-ink-soft">
      Je kunt je altijd weer afmelden. Lees onze{' '}
      <AppLink to="/privacy" className="font-semibold text-brand-dark underline underline-offset-4">
        privacyverklaring
      </AppLink>
      .
    </p>
  );
}
