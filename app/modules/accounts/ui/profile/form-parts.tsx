/** The parts the profile page's forms share (`Answer`, the submit button, the one-choice form and its fieldset). */
import { useId, type ReactNode } from 'react';
import { Form } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';
import { ErrorSummary, summaryErrors, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';
import { FieldError } from '#app/ui/primitives/text-field.tsx';
import type { ProfileIntent } from '#app/modules/accounts/schemas/account.ts';
import {
  answerFor,
  failedSummary,
  FormStatus,
  useSending,
  type AccountFormResult,
} from '#app/modules/accounts/ui/parts.tsx';

/** What the profile page's action answered, for the form of its intent. */
export type Answer = AccountFormResult<ProfileIntent> | undefined;

/** A checkbox or radio button. */
export const checkClass = 'h-5 w-5 shrink-0 accent-brand';
/** The label around a checkbox or radio button of a choice. */
export const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border-2 border-ink/15 px-4 py-2 has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-3 has-focus-visible:outline-focus';

/** The form's submit button, disabled while the form of its intent is being sent. */
export function SubmitButton({ intent, children }: { intent: ProfileIntent; children: ReactNode }) {
  const sending = useSending(intent);
  return (
    <div>
      <Button type="submit" disabled={sending}>
        {sending ? 'Bezig…' : children}
      </Button>
    </div>
  );
}

/** A form of one choice (checkboxes, radio buttons, a select): plain inputs, reset to what is saved after a save. */
export function ChoiceForm({
  intent,
  answer,
  submitLabel,
  children,
}: {
  intent: ProfileIntent;
  answer: Answer;
  submitLabel: string;
  children: ReactNode;
}) {
  const mine = answerFor(answer, intent);
  const statusId = useId();
  const failed = failedSummary(mine);
  const summary = useErrorSummary({
    refusal: failed.failed ?? (mine?.result?.status === 'error' ? mine : null),
    errors: [...failed.extra, ...summaryErrors(mine?.result?.error ?? {}, choiceId)],
  });
  return (
    <Form method="post" preventScrollReset aria-describedby={statusId} className="grid gap-4">
      <ErrorSummary {...summary} headingLevel={3} className="" />
      <input type="hidden" name="intent" value={intent} />
      <FormStatus id={statusId} answer={mine} />
      {children}
      <SubmitButton intent={intent}>{submitLabel}</SubmitButton>
    </Form>
  );
}

/** The id of a choice form's field (its group, or its select), which the form's error summary links to. */
export const choiceId = (name: string) => `keuze-${name}`;

/** The errors the action answered for one field of the form of `intent`. */
export function fieldErrorsOf(answer: Answer, intent: ProfileIntent, field: string): string[] | undefined {
  return answerFor(answer, intent)?.result?.error?.[field] ?? undefined;
}

/** A group of checkboxes or radio buttons with its legend and first error. */
export function Choices({
  name,
  legend,
  hint,
  errors,
  children,
}: {
  /** The field's name: the group's id is `choiceId(name)`. */
  name: string;
  legend: string;
  hint?: string;
  errors: string[] | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      id={choiceId(name)}
      aria-describedby={
        [errors ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined
      }
    >
      <legend className="text-lg font-bold">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">{children}</div>
      <FieldError id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}
