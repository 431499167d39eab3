import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { useEffect, useId, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { CONTENT_MESSAGES } from '#app/modules/content/domain/messages.ts';
import { QUOTE_LIMITS } from '#app/modules/content/domain/teachers.ts';
import { quoteSchema } from '#app/modules/content/schemas/quote.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass, FieldError } from '#app/ui/primitives/text-field.tsx';
import { uiStore } from '#app/ui/ui-store.ts';

export interface QuoteFormResult {
  /** Field errors to show (and what was typed, to keep); absent after a successful send. */
  result?: SubmissionResult<string[]>;
  /** The request was received, at this time: the route gives the form a fresh key. */
  sentAt?: number;
  /** Storing or queueing failed: the generic notice of spec §8. */
  failed?: boolean;
  /** Not sent: too many requests from this client (or the counter is down); the Dutch reason. */
  refused?: string;
}

function Field({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  errors: string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {children}
      {/* Spec §5: server errors come first (Conform merges them in), and only the first message is shown. */}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * The quote request for a class licence (/voor-docenten/offerte, issue 31): a plain form that the route action
 * handles without JavaScript, validated in the browser with the same schema (Conform). A link may fill in the
 * subject and the exam year (a class licence's page does); what was typed stays after an error, and after a
 * send the route mounts a fresh form (keyed by `sentAt`) with the confirmation above it.
 */
export function QuoteForm({
  lastResult,
  examYears,
  prefill,
}: {
  lastResult: QuoteFormResult | undefined;
  /** The exam years to choose from: this school year's exams and the two after. */
  examYears: readonly number[];
  prefill: { subject: string; examYear: number | null };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const statusId = useId();
  const [form, fields] = useForm({
    lastResult: lastResult?.result,
    defaultValue: {
      subject: prefill.subject,
      examYear: prefill.examYear === null ? undefined : String(prefill.examYear),
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: quoteSchema }),
  });

  useEffect(() => {
    if (lastResult?.sentAt) uiStore.notify('success', CONTENT_MESSAGES.QUOTE_SUCCESS);
    if (lastResult?.failed) uiStore.notify('error', MESSAGES.GENERIC_ERROR);
  }, [lastResult]);

  const describedBy = (field: { id: string; errors?: string[] | undefined }, hint = false) =>
    [field.errors?.length ? `${field.id}-error` : undefined, hint ? `${field.id}-hint` : undefined]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <Form method="post" {...getFormProps(form)} aria-describedby={statusId} className="grid gap-5">
      <div id={statusId} role="status" className="empty:hidden">
        {lastResult?.sentAt ? (
          <p className="rounded-xl bg-brand-soft p-4 font-semibold text-brand-dark">{CONTENT_MESSAGES.QUOTE_SUCCESS}</p>
        ) : null}
        {lastResult?.failed ? (
          <p className="rounded-xl bg-danger/10 p-4 font-semibold text-danger">{MESSAGES.GENERIC_ERROR}</p>
        ) : null}
        {lastResult?.refused ? (
          <p className="rounded-xl bg-danger/10 p-4 font-semibold text-danger">{lastResult.refused}</p>
        ) : null}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={fields.name.id} label="Je naam" errors={fields.name.errors}>
          <input
            {...getInputProps(fields.name, { type: 'text' })}
            key={fields.name.key}
            autoComplete="name"
            maxLength={QUOTE_LIMITS.name}
            aria-describedby={describedBy(fields.name)}
            className={fieldClass}
          />
        </Field>
        <Field id={fields.email.id} label="E-mailadres" errors={fields.email.errors}>
          <input
            {...getInputProps(fields.email, { type: 'email' })}
            key={fields.email.key}
            autoComplete="email"
            aria-describedby={describedBy(fields.email)}
            className={fieldClass}
          />
        </Field>
      </div>
      <Field id={fields.school.id} label="School" hint="De naam van je school en de plaats." errors={fields.school.errors}>
        <input
          {...getInputProps(fields.school, { type: 'text' })}
          key={fields.school.key}
          autoComplete="organization"
          maxLength={QUOTE_LIMITS.school}
          aria-describedby={describedBy(fields.school, true)}
          className={fieldClass}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-[2fr_1fr_1fr]">
        <Field
          id={fields.subject.id}
          label="Vak en niveau"
          hint="Bijvoorbeeld: Wiskunde B havo."
          errors={fields.subject.errors}
        >
          <input
            {...getInputProps(fields.subject, { type: 'text' })}
            key={fields.subject.key}
            maxLength={QUOTE_LIMITS.subject}
            aria-describedby={describedBy(fields.subject, true)}
            className={fieldClass}
          />
        </Field>
        <Field id={fields.examYear.id} label="Examenjaar" hint="Van je klas." errors={fields.examYear.errors}>
          <select
            {...getSelectProps(fields.examYear)}
            key={fields.examYear.key}
            aria-describedby={describedBy(fields.examYear, true)}
            className={fieldClass}
          >
            <option value="">Kies een jaar</option>
            {examYears.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fields.pupils.id}
          label="Aantal leerlingen"
          hint="Eén plaats per leerling."
          errors={fields.pupils.errors}
        >
          <input
            {...getInputProps(fields.pupils, { type: 'text' })}
            key={fields.pupils.key}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            aria-describedby={describedBy(fields.pupils, true)}
            className={fieldClass}
          />
        </Field>
      </div>
      <Field
        id={fields.message.id}
        label="Toelichting (niet verplicht)"
        hint="Meer vakken of klassen, een factuuradres of een vraag: zet het hier."
        errors={fields.message.errors}
      >
        <textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={5}
          maxLength={QUOTE_LIMITS.message}
          aria-describedby={describedBy(fields.message, true)}
          className={fieldClass}
        />
      </Field>
      {/* Honeypot: hidden from people and screen readers; bots fill it in and their request is dropped. */}
      <div aria-hidden="true" className="hidden">
        <label htmlFor={fields.website.id}>Website</label>
        <input
          {...getInputProps(fields.website, { type: 'text' })}
          key={fields.website.key}
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Bezig met versturen…' : 'Offerte aanvragen'}
        </Button>
      </div>
    </Form>
  );
}
