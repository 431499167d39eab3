import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Form, useSubmit } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass, FieldError, TextField } from '#app/ui/primitives/text-field.tsx';
import { EDUCATION_ROLES, USER_LEVELS, type EducationRole, type UserLevel } from '#app/modules/accounts/domain/user.ts';
import { PROFILES, type Profile } from '#app/platform/profiles.ts';
import { uiStore } from '#app/ui/ui-store.ts';
import {
  ACCOUNT_MESSAGES,
  deleteAccountSchema,
  EMAIL_PREFERENCE_ACCEPTED,
  nameFormSchema,
  NO_PROFILE_VALUE,
  type ProfileIntent,
} from '#app/modules/accounts/schemas/account.ts';
import { changeEmailSchema, changePasswordSchema, PASSWORD_LENGTH } from '#app/modules/accounts/schemas/auth-forms.ts';
import { PROFILE_NAMES, ROLE_LABELS, userLevelLabel } from './labels.ts';
import { answerFor, FormStatus, useHydrated, useSending, type AccountFormResult } from './parts.tsx';

type Answer = AccountFormResult<ProfileIntent> | undefined;

const checkClass = 'h-5 w-5 shrink-0 accent-brand';
const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border-2 border-ink/15 px-4 py-2 has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-3 has-focus-visible:outline-focus';

function SubmitButton({ intent, children }: { intent: ProfileIntent; children: ReactNode }) {
  const sending = useSending(intent);
  return (
    <div>
      <Button type="submit" disabled={sending}>
        {sending ? 'Bezig…' : children}
      </Button>
    </div>
  );
}

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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: nameFormSchema }),
  });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      aria-describedby={statusId}
      className="grid max-w-xl gap-4"
    >
      <input type="hidden" name="intent" value="name" />
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
  });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      aria-describedby={statusId}
      className="grid max-w-xl gap-4"
    >
      <input type="hidden" name="intent" value="email" />
      <p>
        Je logt nu in met <strong className="break-all">{email}</strong>.
      </p>
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      aria-describedby={statusId}
      className="grid max-w-xl gap-4"
    >
      <input type="hidden" name="intent" value="password" />
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

/** A form of one choice (checkboxes, radio buttons, a select): plain inputs, reset to what is saved after a save. */
function ChoiceForm({
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
  return (
    <Form method="post" preventScrollReset aria-describedby={statusId} className="grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      <FormStatus id={statusId} answer={mine} />
      {children}
      <SubmitButton intent={intent}>{submitLabel}</SubmitButton>
    </Form>
  );
}

function fieldErrorsOf(answer: Answer, intent: ProfileIntent, field: string): string[] | undefined {
  return answerFor(answer, intent)?.result?.error?.[field] ?? undefined;
}

/** Spec §3 User emailPreference: 'accepted' means subscribed to the newsletter. */
export function NewsletterForm({ accepted, answer }: { accepted: boolean; answer: Answer }) {
  const id = useId();
  return (
    <ChoiceForm intent="newsletter" answer={answer} submitLabel="Voorkeur opslaan">
      <div className="flex items-start gap-3">
        <input
          key={String(accepted)}
          id={id}
          type="checkbox"
          name="emailPreference"
          value={EMAIL_PREFERENCE_ACCEPTED}
          defaultChecked={accepted}
          className={`${checkClass} mt-0.5`}
        />
        <label htmlFor={id}>Ja, stuur mij de nieuwsbrief</label>
      </div>
    </ChoiceForm>
  );
}

/** The year of the final exams, or not known yet. */
export function ExamYearForm({
  examYear,
  years,
  answer,
}: {
  examYear: number | null;
  years: number[];
  answer: Answer;
}) {
  const id = useId();
  const errors = fieldErrorsOf(answer, 'exam-year', 'examYear');
  return (
    <ChoiceForm intent="exam-year" answer={answer} submitLabel="Examenjaar opslaan">
      <div>
        <label htmlFor={id} className="text-lg font-bold">
          Examenjaar
        </label>
        <select
          key={String(examYear)}
          id={id}
          name="examYear"
          defaultValue={examYear ?? ''}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${id}-error` : undefined}
          className={`${fieldClass} sm:max-w-xs`}
        >
          <option value="">Weet ik nog niet</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-error`} errors={errors} />
      </div>
    </ChoiceForm>
  );
}

/** A group of checkboxes or radio buttons with its legend and first error. */
function Choices({
  legend,
  hint,
  errors,
  children,
}: {
  legend: string;
  hint?: string;
  errors: string[] | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
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

/** The user's school levels (the onboarding's choice). */
export function LevelsForm({ levels, answer }: { levels: readonly UserLevel[]; answer: Answer }) {
  const key = levels.join(',');
  return (
    <ChoiceForm intent="levels" answer={answer} submitLabel="Niveaus opslaan">
      <Choices
        legend="Niveau"
        hint="Kies er een of meer. Je niveau bepaalt welke vakken en boeken we je laten zien."
        errors={fieldErrorsOf(answer, 'levels', 'levels')}
      >
        {USER_LEVELS.map((level) => (
          <label key={`${key}-${level}`} className={choiceClass}>
            <input
              type="checkbox"
              name="levels"
              value={level}
              defaultChecked={levels.includes(level)}
              className={checkClass}
            />
            {userLevelLabel(level)}
          </label>
        ))}
      </Choices>
    </ChoiceForm>
  );
}

/** Pupil or teacher (spec §3, §6). */
export function RoleForm({ role, answer }: { role: EducationRole; answer: Answer }) {
  return (
    <ChoiceForm intent="role" answer={answer} submitLabel="Opslaan">
      <Choices legend="Ik ben leerling of docent" errors={fieldErrorsOf(answer, 'role', 'educationRole')}>
        {EDUCATION_ROLES.map((value) => (
          <label key={`${role}-${value}`} className={choiceClass}>
            <input
              type="radio"
              name="educationRole"
              value={value}
              defaultChecked={role === value}
              required
              className={checkClass}
            />
            {ROLE_LABELS[value]}
          </label>
        ))}
      </Choices>
    </ChoiceForm>
  );
}

/** The havo/vwo profile; it decides which subjects are required. */
export function ProfileForm({ profile, answer }: { profile: Profile | null; answer: Answer }) {
  const current = profile ?? NO_PROFILE_VALUE;
  const options = [...PROFILES, NO_PROFILE_VALUE] as const;
  return (
    <ChoiceForm intent="profile" answer={answer} submitLabel="Profiel opslaan">
      <Choices
        legend="Profiel"
        hint="Alleen voor havo en vwo. Je profiel bepaalt welke vakken verplicht zijn."
        errors={fieldErrorsOf(answer, 'profile', 'profile')}
      >
        {options.map((value) => (
          <label key={`${current}-${value}`} className={choiceClass}>
            <input
              type="radio"
              name="profile"
              value={value}
              defaultChecked={current === value}
              required
              className={checkClass}
            />
            {value === NO_PROFILE_VALUE ? 'Geen profiel' : PROFILE_NAMES[value]}
          </label>
        ))}
      </Choices>
    </ChoiceForm>
  );
}

const DELETE_DIALOG_MESSAGE =
  '<p>Je account wordt voorgoed verwijderd, met je vakken, je voortgang en je nieuwsbriefinschrijving. ' +
  'De codes uit je boeken die je hebt geactiveerd, kun je niet opnieuw gebruiken.</p>' +
  '<p>Dit kun je niet ongedaan maken.</p>';

/**
 * Deleting the account (spec §4 Dialog, type 'dialog': OK and Cancel). With
 * JavaScript the form is sent only after OK in the dialog; without it, a
 * required checkbox confirms. Afterwards this browser is signed out.
 */
export function DeleteAccountForm({ answer }: { answer: Answer }) {
  const mine = answerFor(answer, 'delete');
  const hydrated = useHydrated();
  const submit = useSubmit();
  const statusId = useId();
  const [form, fields] = useForm({
    id: 'delete-form',
    lastResult: mine?.result,
    // Before hydration the browser itself insists on the required checkbox.
    defaultNoValidate: false,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
  });

  const confirmFirst = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    void uiStore
      .dialog({
        type: 'dialog',
        title: 'Account verwijderen?',
        message: DELETE_DIALOG_MESSAGE,
      })
      .then((ok) => {
        if (ok) void submit(formElement, { method: 'post', preventScrollReset: true });
      });
  };

  const confirm = fields.confirm;
  const errorId = `${confirm.id}-error`;
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      // Before hydration the browser sends the form itself, with the checkbox; after it, the dialog asks first.
      onSubmit={confirmFirst}
      aria-describedby={statusId}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="delete" />
      <FormStatus id={statusId} answer={mine} />
      {hydrated ? (
        <input type="hidden" name="confirm" value="on" />
      ) : (
        <div>
          <div className="flex items-start gap-3">
            <input
              {...getInputProps(confirm, { type: 'checkbox', value: 'on' })}
              key={confirm.key}
              required
              aria-describedby={confirm.errors?.length ? errorId : undefined}
              className={`${checkClass} mt-0.5`}
            />
            <label htmlFor={confirm.id}>{ACCOUNT_MESSAGES.DELETE_CONFIRM_LABEL}</label>
          </div>
          <FieldError id={errorId} errors={confirm.errors} />
        </div>
      )}
      <div>
        <Button type="submit" className="bg-danger hover:bg-danger/90">
          Account verwijderen
        </Button>
      </div>
    </Form>
  );
}
