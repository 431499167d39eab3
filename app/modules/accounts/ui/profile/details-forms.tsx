import { getFormProps, useForm } from '@conform-to/react';
import { parseForm } from '#app/platform/schemas/form.ts';
import { useId } from 'react';
import { Form } from 'react-router';
import { ErrorSummary, useConformErrorSummary } from '#app/ui/primitives/error-summary.tsx';
import { TextField } from '#app/ui/primitives/text-field.tsx';
import { nameFormSchema } from '#app/modules/accounts/schemas/account.ts';
import { PASSWORD_LENGTH } from '#app/modules/accounts/domain/account.ts';
import { changeEmailSchema, changePasswordSchema } from '#app/modules/accounts/schemas/auth-forms.ts';
import { answerFor, failedSummary, FormStatus } from '#app/modules/accounts/ui/parts.tsx';
import { type Answer, SubmitButton } from './form-parts.tsx';

/** The name, as greeted in the area. */
export function NameForm({ name, answer }: { name: string; answer: Answer }) {
  const mine = answerFor(answer, 'name');
  const statusId = useId();
  const [form, fields] = useForm({
    id: 'name-form',
    lastResult: mine?.result,
    defaultValue: { name },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: nameFormSchema }),
  });
  const summary = useConformErrorSummary(form, mine?.result, { labels: { name: 'Naam' }, ...failedSummary(mine) });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      onSubmit={summary.onSubmit}
      aria-describedby={statusId}
      className="grid max-w-xl gap-4"
    >
      <input type="hidden" name="intent" value="name" />
      <ErrorSummary {...summary} headingLevel={3} className="" />
      <FormStatus id={statusId} answer={mine} />
      <TextField field={fields.name} label="Naam" type="text" autoComplete="given-name" maxLength={100} />
      <SubmitButton intent="name">Naam opslaan</SubmitButton>
    </Form>
  );
}

/** A new e-mail address, confirmed with the current password; the change happens when the mailed link is followed. */
export function EmailForm({ email, answer }: { email: string; answer: Answer }) {
  const mine = answerFor(answer, 'email');
  const statusId = useId();
  const [form, fields] = useForm({
    id: 'email-form',
    lastResult: mine?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: changeEmailSchema }),
  });
  const summary = useConformErrorSummary(form, mine?.result, {
    labels: { newEmail: 'Nieuw e-mailadres', currentPassword: 'Huidig wachtwoord' },
    ...failedSummary(mine),
  });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      onSubmit={summary.onSubmit}
      aria-describedby={statusId}
      className="grid max-w-xl gap-4"
    >
      <input type="hidden" name="intent" value="email" />
      <p>
        Je logt nu in met <strong className="break-all">{email}</strong>.
      </p>
      <ErrorSummary {...summary} headingLevel={3} className="" />
      <FormStatus id={statusId} answer={mine} />
      <TextField field={fields.newEmail} label="Nieuw e-mailadres" type="email" autoComplete="email" />
      <TextField
        field={fields.currentPassword}
        label="Huidig wachtwoord"
        type="password"
        autoComplete="current-password"
        hint="Zo weten we zeker dat jij het bent."
      />
      <SubmitButton intent="email">E-mailadres wijzigen</SubmitButton>
    </Form>
  );
}

/** A new password, twice (spec §5); every other session ends, this one stays. */
export function PasswordForm({ answer }: { answer: Answer }) {
  const mine = answerFor(answer, 'password');
  const statusId = useId();
  const [form, fields] = useForm({
    id: 'password-form',
    lastResult: mine?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: changePasswordSchema }),
  });
  const summary = useConformErrorSummary(form, mine?.result, {
    labels: {
      currentPassword: 'Huidig wachtwoord',
      newPassword: 'Nieuw wachtwoord',
      repeatPassword: 'Herhaal nieuw wachtwoord',
    },
    ...failedSummary(mine),
  });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      onSubmit={summary.onSubmit}
      aria-describedby={statusId}
      className="grid max-w-xl gap-4"
    >
      <input type="hidden" name="intent" value="password" />
      <ErrorSummary {...summary} headingLevel={3} className="" />
      <FormStatus id={statusId} answer={mine} />
      <TextField
        field={fields.currentPassword}
        label="Huidig wachtwoord"
        type="password"
        autoComplete="current-password"
      />
      <TextField
        field={fields.newPassword}
        label="Nieuw wachtwoord"
        type="password"
        autoComplete="new-password"
        hint={`Minimaal ${PASSWORD_LENGTH.min} tekens.`}
        maxLength={PASSWORD_LENGTH.max}
      />
      <TextField
        field={fields.repeatPassword}
        label="Herhaal nieuw wachtwoord"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_LENGTH.max}
      />
      <p className="text-sm text-ink-soft">Na het wijzigen word je op al je andere apparaten uitgelogd.</p>
      <SubmitButton intent="password">Wachtwoord wijzigen</SubmitButton>
    </Form>
  );
}
