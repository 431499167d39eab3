import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseForm } from '#app/platform/schemas/form.ts';
import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { Button } from '#app/ui/primitives/button.tsx';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { forgotPasswordSchema, resetPasswordSchema, signUpSchema } from '#app/modules/accounts/index.ts';
import { TextField } from '#app/ui/primitives/text-field.tsx';
import { ErrorSummary, useConformErrorSummary } from '#app/ui/primitives/error-summary.tsx';
import { AUTH_FIELD_LABELS, AUTH_HIDDEN_FIELDS, FormMessage } from './form-parts.tsx';
import type { AuthFormResult } from './sign-in-form.tsx';

const link = 'font-semibold text-brand-dark underline underline-offset-4';

function useBusy(action: string | undefined) {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && (action === undefined || navigation.formAction === action);
}

/** Creating an account: name, e-mail, password and the terms; the action mails the verification link. */
export function SignUpForm({
  lastResult,
  from,
  action,
  FormComponent = Form,
  submitting,
}: {
  lastResult: AuthFormResult | undefined;
  from: string | undefined;
  action?: string;
  /** A fetcher's form (the account modal), so that the page stays; default a navigation. */
  FormComponent?: typeof Form;
  submitting?: boolean;
}) {
  const navigating = useBusy(action);
  const busy = submitting ?? navigating;
  const statusId = useId();
  const [form, fields] = useForm({
    id: 'sign-up',
    lastResult: lastResult?.result,
    defaultValue: { from },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: signUpSchema }),
  });
  const summary = useConformErrorSummary(form, lastResult?.result, {
    labels: AUTH_FIELD_LABELS,
    hidden: AUTH_HIDDEN_FIELDS,
  });
  const termsError = fields.terms.errors?.[0];
  return (
    <FormComponent
      method="post"
      action={action}
      {...getFormProps(form)}
      onSubmit={summary.onSubmit}
      aria-describedby={statusId}
      className="grid gap-4"
    >
      <ErrorSummary {...summary} className="" />
      <FormMessage id={statusId} />
      <input {...getInputProps(fields.from, { type: 'hidden' })} key={fields.from.key} />
      {/* A field's message appears when it is left, often by a tap on the checkbox below: its line is kept free, so nothing moves under the finger. */}
      <TextField
        field={fields.name}
        label="Voornaam"
        type="text"
        autoComplete="given-name"
        maxLength={100}
        reserveErrorSpace
      />
      <TextField field={fields.email} label="E-mailadres" type="email" autoComplete="email" reserveErrorSpace />
      <TextField
        field={fields.password}
        label="Wachtwoord"
        type="password"
        autoComplete="new-password"
        hint="Minimaal 8 tekens. Een zin van een paar woorden is sterk én makkelijk te onthouden."
        reserveErrorSpace
      />
      <div>
        <div className="flex items-start gap-3">
          <input
            {...getInputProps(fields.terms, { type: 'checkbox', value: 'on' })}
            key={fields.terms.key}
            aria-describedby={termsError ? `${fields.terms.id}-error` : undefined}
            className="mt-1 h-5 w-5 shrink-0 accent-brand"
          />
          <label htmlFor={fields.terms.id}>
            Ik ga akkoord met de{' '}
            <a href="/privacy" className={link}>
              privacyverklaring
            </a>{' '}
            van Slaagbundel.
          </label>
        </div>
        {termsError ? (
          <p id={`${fields.terms.id}-error`} className="mt-1 text-sm font-semibold text-danger">
            {termsError}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Bezig…' : 'Account aanmaken'}
        </Button>
      </div>
    </FormComponent>
  );
}

/** Asking for a link to choose a new password. */
export function ForgotPasswordForm({ lastResult, sent }: { lastResult: AuthFormResult | undefined; sent: boolean }) {
  const busy = useBusy(undefined);
  const statusId = useId();
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult: lastResult?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: forgotPasswordSchema }),
  });
  const summary = useConformErrorSummary(form, lastResult?.result, {
    labels: AUTH_FIELD_LABELS,
    hidden: AUTH_HIDDEN_FIELDS,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onSubmit={summary.onSubmit}
      aria-describedby={statusId}
      className="grid gap-5"
    >
      <ErrorSummary {...summary} className="" />
      <FormMessage
        id={statusId}
        success={
          sent
            ? 'Als er een account is met dit e-mailadres, staat er nu een e-mail met een link in je inbox. De link werkt een uur.'
            : undefined
        }
      />
      <TextField field={fields.email} label="E-mailadres" type="email" autoComplete="email" />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={busy}>
          {busy ? 'Bezig…' : 'Stuur mij een link'}
        </Button>
        <AppLink to={AREA_PATHS.login} className={link}>
          Terug naar inloggen
        </AppLink>
      </div>
    </Form>
  );
}

/** Choosing the new password, twice (spec §5 'Nieuw wachtwoord en herhaling wachtwoord komen niet overeen.'). */
export function ResetPasswordForm({ lastResult, token }: { lastResult: AuthFormResult | undefined; token: string }) {
  const busy = useBusy(undefined);
  const statusId = useId();
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: lastResult?.result,
    defaultValue: { token },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: resetPasswordSchema }),
  });
  const summary = useConformErrorSummary(form, lastResult?.result, {
    labels: AUTH_FIELD_LABELS,
    hidden: AUTH_HIDDEN_FIELDS,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onSubmit={summary.onSubmit}
      aria-describedby={statusId}
      className="grid gap-5"
    >
      <ErrorSummary {...summary} className="" />
      <FormMessage id={statusId} />
      <input {...getInputProps(fields.token, { type: 'hidden' })} key={fields.token.key} />
      <TextField
        field={fields.newPassword}
        label="Nieuw wachtwoord"
        type="password"
        autoComplete="new-password"
        hint="Minimaal 8 tekens."
      />
      <TextField
        field={fields.repeatPassword}
        label="Herhaal nieuw wachtwoord"
        type="password"
        autoComplete="new-password"
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Bezig…' : 'Wachtwoord opslaan'}
        </Button>
      </div>
    </Form>
  );
}
