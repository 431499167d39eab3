import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseForm } from '#app/platform/schemas/form.ts';
import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { Button } from '#app/ui/primitives/button.tsx';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { signInSchema } from '#app/modules/accounts/index.ts';
import { TextField } from '#app/ui/primitives/text-field.tsx';
import { ErrorSummary, useConformErrorSummary } from '#app/ui/primitives/error-summary.tsx';
import { AUTH_FIELD_LABELS, AUTH_HIDDEN_FIELDS, FormMessage } from './form-parts.tsx';

export interface AuthFormResult {
  /** Field errors and what was typed (never the password). */
  result?: SubmissionResult<string[]>;
}

const withFrom = (path: string, from: string | undefined) => (from ? `${path}?from=${encodeURIComponent(from)}` : path);

/**
 * Sign in with e-mail and password. A plain form: the route action signs in
 * (works without JavaScript); the same schema checks it in the browser.
 * `action` posts to another route (the account modal posts to the login route).
 */
export function SignInForm({
  lastResult,
  from,
  action,
  notice,
  FormComponent = Form,
  submitting,
  onSwitch,
}: {
  lastResult: AuthFormResult | undefined;
  from: string | undefined;
  action?: string;
  notice?: string | undefined;
  /** A fetcher's form (the account modal), so that the page stays; default a navigation. */
  FormComponent?: typeof Form;
  /** Busy state of that fetcher. */
  submitting?: boolean;
  /** In the account modal: show the sign-up form instead of going to its page. */
  onSwitch?: () => void;
}) {
  const navigation = useNavigation();
  const busy =
    submitting ?? (navigation.state === 'submitting' && navigation.formAction === (action ?? navigation.formAction));
  const statusId = useId();
  const [form, fields] = useForm({
    id: 'sign-in',
    lastResult: lastResult?.result,
    defaultValue: { from },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: signInSchema }),
  });
  const summary = useConformErrorSummary(form, lastResult?.result, {
    labels: AUTH_FIELD_LABELS,
    hidden: AUTH_HIDDEN_FIELDS,
  });
  return (
    <FormComponent
      method="post"
      action={action}
      {...getFormProps(form)}
      onSubmit={summary.onSubmit}
      aria-describedby={statusId}
      className="grid gap-5"
    >
      <ErrorSummary {...summary} className="" />
      <FormMessage id={statusId} success={notice} />
      <input {...getInputProps(fields.from, { type: 'hidden' })} key={fields.from.key} />
      <TextField field={fields.email} label="E-mailadres" type="email" autoComplete="email" />
      <TextField field={fields.password} label="Wachtwoord" type="password" autoComplete="current-password" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Button type="submit" disabled={busy}>
          {busy ? 'Bezig met inloggen…' : 'Inloggen'}
        </Button>
        <AppLink to={AREA_PATHS.forgotPassword} className="font-semibold text-brand-dark underline underline-offset-4">
          Wachtwoord vergeten?
        </AppLink>
      </div>
      <p>
        Nog geen account?{' '}
        {onSwitch ? (
          <button
            type="button"
            onClick={onSwitch}
            className="font-semibold text-brand-dark underline underline-offset-4"
          >
            Maak gratis een account aan
          </button>
        ) : (
          <AppLink
            to={withFrom(AREA_PATHS.register, from)}
            className="font-semibold text-brand-dark underline underline-offset-4"
          >
            Maak gratis een account aan
          </AppLink>
        )}
      </p>
    </FormComponent>
  );
}
