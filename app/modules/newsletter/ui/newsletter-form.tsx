import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseForm } from '#app/platform/schemas/form.ts';
import { useId } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';
import { NEWSLETTER_PATH } from '#app/modules/newsletter/domain/newsletter.ts';
import { newsletterSignupSchema } from '#app/modules/newsletter/schemas/newsletter.ts';
import { NewsletterConsent, NewsletterReply } from './newsletter-parts.tsx';

/** What the /nieuwsbrief action answers to a sign-up (to a fetcher, or as the page's action data without JavaScript). */
export interface NewsletterFormResult {
  /** Field errors to show, and what was typed, to keep; absent after a sign-up. */
  result?: SubmissionResult<string[]>;
  /** Signed up, at this time: a confirmation mail is on its way (or not needed; the answer is the same). */
  subscribedAt?: number;
  /** Storing or queueing failed: the generic notice of spec §8. */
  failed?: boolean;
  /** The form's source, when a sign-up from another page came back with errors (no JavaScript). */
  source?: string;
}

const fieldClass =
  'block w-full min-w-0 rounded-xl border-2 border-ink/20 bg-white px-3 py-2.5 text-base aria-invalid:border-danger focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-focus';

/**
 * The newsletter opt-in form, for /nieuwsbrief and for any other
 * page (an article's opt-in block, the footer): it always posts to the
 * /nieuwsbrief action. With JavaScript it posts through a fetcher, so the
 * visitor stays where they are and the answer appears in place; it is
 * validated in the browser with the shared schema (Conform). Without
 * JavaScript the browser posts to /nieuwsbrief, which renders the answer
 * (passed back in as `lastResult`) and keeps what was typed.
 *
 * `source` says where the form is ('page', 'footer', 'article:<slug>');
 * `compact` puts the field and the button on one line, for use inside other
 * content.
 */
export function NewsletterForm({
  source,
  compact = false,
  lastResult,
}: {
  source: string;
  compact?: boolean;
  lastResult?: NewsletterFormResult | undefined;
}) {
  const fetcher = useFetcher<NewsletterFormResult>();
  const reply = fetcher.data ?? lastResult;
  const busy = fetcher.state !== 'idle';
  const statusId = useId();
  const [form, fields] = useForm({
    lastResult: reply?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: newsletterSignupSchema }),
  });

  const emailErrorId = `${fields.email.id}-error`;
  const emailError = fields.email.errors?.[0];
  const formError = fields.source.errors?.[0];
  const submit = (
    <Button type="submit" disabled={busy} className="shrink-0">
      {busy ? 'Bezig met aanmelden…' : 'Aanmelden'}
    </Button>
  );

  return (
    <div className={compact ? 'text-base' : 'text-lg'}>
      <NewsletterReply
        id={statusId}
        subscribed={Boolean(reply?.subscribedAt)}
        failed={Boolean(reply?.failed)}
        focusWhen={fetcher.data?.subscribedAt}
        className="bg-brand-soft"
      />
      {reply?.subscribedAt ? null : (
        <fetcher.Form
          method="post"
          action={NEWSLETTER_PATH}
          {...getFormProps(form)}
          aria-describedby={statusId}
          // A sign-up changes nothing the page shows: its loaders need not run again.
          defaultShouldRevalidate={false}
          preventScrollReset
        >
          <input type="hidden" name="source" value={source} />
          <label htmlFor={fields.email.id} className="font-semibold">
            E-mailadres
          </label>
          <div className={compact ? 'mt-1 flex flex-wrap gap-3' : 'mt-1'}>
            <input
              {...getInputProps(fields.email, { type: 'email' })}
              key={fields.email.key}
              autoComplete="email"
              aria-describedby={emailError ? emailErrorId : undefined}
              className={compact ? `${fieldClass} flex-1 basis-56` : fieldClass}
            />
            {compact ? submit : null}
          </div>
          {/* Spec §5: server errors come first (Conform merges them in), and only the first message is shown. */}
          {emailError ? (
            <p id={emailErrorId} className="mt-1 text-sm font-semibold text-danger">
              {emailError}
            </p>
          ) : null}
          {formError ? <p className="mt-1 text-sm font-semibold text-danger">{formError}</p> : null}
          {compact ? null : <div className="mt-4">{submit}</div>}
          {/* Honeypot: hidden from people and screen readers; bots fill it in and their sign-up is dropped. */}
          <div aria-hidden="true" className="hidden">
            <label htmlFor={fields.website.id}>Website</label>
            <input
              {...getInputProps(fields.website, { type: 'text' })}
              key={fields.website.key}
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <NewsletterConsent />
        </fetcher.Form>
      )}
    </div>
  );
}

/** For `lazy(() => import('…/newsletter-form.tsx'))`: an opt-in block loads this code only where it is shown. */
export default NewsletterForm;
