import type { SubmissionResult } from '@conform-to/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { MESSAGES } from '#app/platform/schemas/messages.ts';

/** What an account page's action answers for one of its forms. */
export interface AccountFormResult<Intent extends string = string> {
  /** Which form was sent: only that form shows this answer. */
  intent: Intent;
  /** Field errors and what was typed (absent fields: hidden, e.g. passwords). */
  result?: SubmissionResult<string[]>;
  /** The success text, shown in the form and as a notification. */
  message?: string;
  /** Storing failed: the generic notice of spec §8. */
  failed?: boolean;
}

export const linkClass = 'font-semibold text-brand-dark underline underline-offset-4 hover:text-brand';

/** False on the server and in the first render in the browser; true once the page has hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Whether this page's form with this intent is being sent. */
export function useSending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

/** The answer for this form only (every form of a page shares the one action). */
export function answerFor<Intent extends string>(
  answer: AccountFormResult | undefined,
  intent: Intent,
): AccountFormResult<Intent> | undefined {
  return answer?.intent === intent ? (answer as AccountFormResult<Intent>) : undefined;
}

/**
 * A form's own status line, read out when it changes: the success text. Shown without JavaScript too. What went
 * wrong (a form-wide refusal, the generic failure of spec §8, the fields' messages) is the form's error summary
 * (`failedSummary`, app/ui/primitives/error-summary.tsx).
 */
export function FormStatus({ id, answer }: { id: string; answer: AccountFormResult | undefined }) {
  const error = answer?.failed || answer?.result?.error?.['']?.[0];
  return (
    <div id={id} role="status" className="empty:hidden">
      {!error && answer?.message ? (
        <p className="rounded-xl bg-success-soft p-3 font-semibold text-success">{answer.message}</p>
      ) : null}
    </div>
  );
}

/** An answer that failed to store (spec §8's generic notice) as the error summary's options: its line. */
export function failedSummary(answer: AccountFormResult | undefined) {
  return answer?.failed
    ? { failed: answer as object, extra: [{ message: MESSAGES.GENERIC_ERROR }] }
    : { failed: null, extra: [] };
}

/** A card of an account page with its heading. */
export function Section({
  id,
  title,
  intro,
  children,
  tone = 'default',
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border-2 bg-white p-5 sm:p-6 ${tone === 'danger' ? 'border-danger/30' : 'border-ink/10'}`}
    >
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {intro ? <div className="mt-1 text-ink-soft">{intro}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
