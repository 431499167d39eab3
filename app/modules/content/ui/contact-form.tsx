import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { parseForm } from '#app/platform/schemas/form.ts';
import { useEffect, useId, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';
import { CONTACT_LIMITS, CONTACT_SUBJECT_LABELS, CONTACT_SUBJECTS } from '#app/modules/content/domain/contact.ts';
import { uiStore } from '#app/ui/ui-store.ts';
import { contactSchema } from '#app/modules/content/schemas/contact.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { CONTENT_MESSAGES } from '#app/modules/content/domain/messages.ts';

export interface ContactFormResult {
  /** Field errors to show (and what was typed, to keep); absent after a successful send. */
  result?: SubmissionResult<string[]>;
  /** The message was received (spec §8 success), at this time: the route gives the form a fresh key. */
  sentAt?: number;
  /** Storing or queueing failed: the generic notice of spec §8. */
  failed?: boolean;
}

const fieldClass =
  'mt-1 block w-full rounded-xl border-2 border-ink/20 bg-white px-3 py-2.5 text-base aria-invalid:border-danger focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-focus';

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
        {hint ? <span className="font-normal text-ink-soft"> {hint}</span> : null}
      </label>
      {children}
      {/* Spec §5: server errors come first (Conform merges them in), and only the first message is shown. */}
      {errors?.[0] ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The contact form (spec §2 /contact, §5, §8): a plain form that the route
 * action handles without JavaScript, validated in the browser with the same
 * schema (Conform). What was typed stays after an error; after a send the
 * route mounts a fresh, empty form (keyed by `sentAt`), confirmed with
 * 'Contact formulier succesvol verzonden.'.
 */
export function ContactForm({ lastResult }: { lastResult: ContactFormResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const statusId = useId();
  const [form, fields] = useForm({
    lastResult: lastResult?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: contactSchema }),
  });

  useEffect(() => {
    if (lastResult?.sentAt) uiStore.notify('success', CONTENT_MESSAGES.CONTACT_SUCCESS);
    if (lastResult?.failed) uiStore.notify('error', MESSAGES.GENERIC_ERROR);
  }, [lastResult]);

  const describedBy = (field: { id: string; errors?: string[] | undefined }, extra?: string) =>
    [field.errors?.length ? `${field.id}-error` : undefined, extra].filter(Boolean).join(' ') || undefined;

  return (
    <Form method="post" {...getFormProps(form)} aria-describedby={statusId} className="grid gap-5">
      <div id={statusId} role="status" className="empty:hidden">
        {lastResult?.sentAt ? (
          <p className="rounded-xl bg-brand-soft p-4 font-semibold text-brand-dark">{CONTENT_MESSAGES.CONTACT_SUCCESS}</p>
        ) : null}
        {lastResult?.failed ? (
          <p className="rounded-xl bg-danger/10 p-4 font-semibold text-danger">{MESSAGES.GENERIC_ERROR}</p>
        ) : null}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={fields.name.id} label="Naam" errors={fields.name.errors}>
          <input
            {...getInputProps(fields.name, { type: 'text' })}
            key={fields.name.key}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
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
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={fields.subject.id} label="Waar gaat je vraag over?" errors={fields.subject.errors}>
          <select
            {...getSelectProps(fields.subject)}
            key={fields.subject.key}
            aria-describedby={describedBy(fields.subject)}
            className={fieldClass}
          >
            <option value="">Kies een onderwerp</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {CONTACT_SUBJECT_LABELS[subject]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fields.orderNumber.id}
          label="Bestelnummer"
          hint="(als je vraag over een bestelling gaat)"
          errors={fields.orderNumber.errors}
        >
          <input
            {...getInputProps(fields.orderNumber, { type: 'text' })}
            key={fields.orderNumber.key}
            maxLength={CONTACT_LIMITS.orderNumber}
            aria-describedby={describedBy(fields.orderNumber)}
            className={fieldClass}
          />
        </Field>
      </div>
      <Field id={fields.message.id} label="Je bericht" errors={fields.message.errors}>
        <textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={7}
          maxLength={CONTACT_LIMITS.message}
          aria-describedby={describedBy(fields.message)}
          className={fieldClass}
        />
      </Field>
      {/* Honeypot: hidden from people and screen readers; bots fill it in and their message is dropped. */}
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
          {busy ? 'Bezig met versturen…' : 'Verstuur bericht'}
        </Button>
      </div>
    </Form>
  );
}
