import { parseForm } from '#app/platform/schemas/form.ts';
import { useEffect, type ReactNode } from 'react';
import { data, redirect } from 'react-router';
import type { Route } from './+types/profile';
import { requestContext, scopeContext, requireAreaUser } from '#app/context.ts';
import {
  AREA_PATHS,
  ACCOUNT_DELETED_PATH,
  ACCOUNT_MESSAGES,
  deleteAccountSchema,
  examYearFormSchema,
  levelsFormSchema,
  nameFormSchema,
  newsletterPreferenceSchema,
  PROFILE_INTENTS,
  profileFormSchema,
  roleFormSchema,
  type ProfileIntent,
  AUTH_FORM_MESSAGES,
  changeEmailSchema,
  changePasswordSchema,
} from '#app/modules/accounts/index.ts';
import {
  Section,
  type AccountFormResult,
  DeleteAccountForm,
  EmailForm,
  ExamYearForm,
  LevelsForm,
  NameForm,
  NewsletterForm,
  PasswordForm,
  ProfileForm,
  RoleForm,
} from '#app/modules/accounts/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { isProfileLevel } from '#app/platform/profiles.ts';
import { uiStore } from '#app/ui/ui-store.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import {
  deleteMyAccount,
  getProfilePage,
  renameMe,
  setMyNewsletterPreference,
  setMyLevels,
  updateMe,
} from '#app/modules/accounts/index.server.ts';
import { authFormInit, changeEmail, changePassword } from '#app/modules/sign-in/index.server.ts';

type Answer = AccountFormResult<ProfileIntent>;

/** Where the link in the e-mail-change mail lands, with the notice it shows. */
const EMAIL_CHANGED_NOTICE = 'email-gewijzigd';
const EMAIL_CALLBACK_PATH = `${AREA_PATHS.profile}?melding=${EMAIL_CHANGED_NOTICE}`;

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Profiel') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const page = await getProfilePage(context.get(scopeContext), user.id);
  if (!page) throw data('Log in om je account te zien.', { status: 401 });
  const notice = new URL(request.url).searchParams.get('melding') === EMAIL_CHANGED_NOTICE;
  return { ...page, emailChanged: notice };
}

const isIntent = (value: unknown): value is ProfileIntent =>
  typeof value === 'string' && (PROFILE_INTENTS as readonly string[]).includes(value);

/** The accounts library names the new password 'password'; the form calls it newPassword. */
const PASSWORD_FIELDS: Readonly<Record<string, string>> = { password: 'newPassword' };

/**
 * One action for the page's forms, told apart by `intent`: parse with the
 * shared schema → one service → answer. Errors keep what was typed (never
 * a password).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const caller = { headers: request.headers, clientAddress: context.get(requestContext).clientAddress };
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (!isIntent(intent)) return data<Answer>({ intent: 'name', failed: true }, { status: 400 });
  const invalid = (result: Answer['result']) => data<Answer>({ intent, result }, { status: 400 });
  try {
    switch (intent) {
      case 'name': {
        const submission = parseForm(formData, { schema: nameFormSchema });
        if (submission.status !== 'success') return invalid(submission.reply());
        if (!(await renameMe(scope, user.id, submission.value.name))) throw new Error('user gone');
        return { intent, result: submission.reply(), message: ACCOUNT_MESSAGES.NAME_SAVED } satisfies Answer;
      }
      case 'email': {
        const submission = parseForm(formData, { schema: changeEmailSchema });
        const hide = { hideFields: ['currentPassword'] };
        if (submission.status !== 'success') return invalid(submission.reply(hide));
        const { newEmail } = submission.value;
        if (newEmail.toLowerCase() === user.email.toLowerCase()) {
          return invalid(submission.reply({ ...hide, fieldErrors: { newEmail: [AUTH_FORM_MESSAGES.SAME_EMAIL] } }));
        }
        const outcome = await changeEmail(scope, caller, submission.value, EMAIL_CALLBACK_PATH);
        if (!outcome.ok) {
          const field = outcome.field === 'email' ? 'newEmail' : outcome.field;
          const reply = submission.reply(
            field
              ? { ...hide, fieldErrors: { [field]: [outcome.message] } }
              : { ...hide, formErrors: [outcome.message] },
          );
          return data<Answer>({ intent, result: reply }, authFormInit(outcome));
        }
        const result = submission.reply({ resetForm: true });
        return { intent, result, message: ACCOUNT_MESSAGES.EMAIL_LINK_SENT(newEmail) } satisfies Answer;
      }
      case 'password': {
        const submission = parseForm(formData, { schema: changePasswordSchema });
        const hide = { hideFields: ['currentPassword', 'newPassword', 'repeatPassword'] };
        if (submission.status !== 'success') return invalid(submission.reply(hide));
        const outcome = await changePassword(scope, caller, submission.value);
        if (!outcome.ok) {
          const field = outcome.field ? (PASSWORD_FIELDS[outcome.field] ?? outcome.field) : undefined;
          const reply = submission.reply(
            field
              ? { ...hide, fieldErrors: { [field]: [outcome.message] } }
              : { ...hide, formErrors: [outcome.message] },
          );
          return data<Answer>({ intent, result: reply }, authFormInit(outcome));
        }
        // The other sessions have ended; this browser keeps going with the fresh session cookie.
        const headers = new Headers();
        for (const cookie of outcome.value.setCookies) headers.append('Set-Cookie', cookie);
        const result = submission.reply({ resetForm: true });
        return data<Answer>({ intent, result, message: ACCOUNT_MESSAGES.PASSWORD_CHANGED }, { headers });
      }
      case 'newsletter': {
        const submission = parseForm(formData, { schema: newsletterPreferenceSchema });
        if (submission.status !== 'success') return invalid(submission.reply());
        const accepted = submission.value.emailPreference;
        const outcome = await setMyNewsletterPreference(scope, user, accepted);
        if (!outcome.ok) return invalid(submission.reply({ formErrors: [ACCOUNT_MESSAGES.NEWSLETTER_UNVERIFIED] }));
        const message = accepted ? ACCOUNT_MESSAGES.NEWSLETTER_ON : ACCOUNT_MESSAGES.NEWSLETTER_OFF;
        return { intent, message } satisfies Answer;
      }
      case 'exam-year': {
        const submission = parseForm(formData, { schema: examYearFormSchema });
        if (submission.status !== 'success') return invalid(submission.reply());
        if (!(await updateMe(scope, user.id, { examYear: submission.value.examYear }))) throw new Error('user gone');
        return { intent, message: ACCOUNT_MESSAGES.EXAM_YEAR_SAVED } satisfies Answer;
      }
      case 'levels': {
        const submission = parseForm(formData, { schema: levelsFormSchema });
        if (submission.status !== 'success') return invalid(submission.reply());
        if (!(await setMyLevels(scope, user.id, submission.value.levels))) throw new Error('user gone');
        return { intent, message: ACCOUNT_MESSAGES.LEVELS_SAVED } satisfies Answer;
      }
      case 'role': {
        const submission = parseForm(formData, { schema: roleFormSchema });
        if (submission.status !== 'success') return invalid(submission.reply());
        if (!(await updateMe(scope, user.id, submission.value))) throw new Error('user gone');
        return { intent, message: ACCOUNT_MESSAGES.ROLE_SAVED } satisfies Answer;
      }
      case 'profile': {
        const submission = parseForm(formData, { schema: profileFormSchema });
        if (submission.status !== 'success') return invalid(submission.reply());
        if (!(await updateMe(scope, user.id, submission.value))) throw new Error('user gone');
        return { intent, message: ACCOUNT_MESSAGES.PROFILE_SAVED } satisfies Answer;
      }
      case 'delete': {
        const submission = parseForm(formData, { schema: deleteAccountSchema });
        if (submission.status !== 'success') return invalid(submission.reply());
        const cleared = await deleteMyAccount(scope, user, request.headers);
        if (!cleared) throw new Error('user gone');
        // Signed out: the session went with the user, and its cookies go now.
        const headers = new Headers({ 'Cache-Control': 'private, no-store' });
        for (const cookie of cleared) headers.append('Set-Cookie', cookie);
        throw redirect(ACCOUNT_DELETED_PATH, { headers });
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    scope.errors.capture(error, { action: `account-profile-${intent}` });
    return data<Answer>({ intent, failed: true }, { status: 500 });
  }
}

/** One form of a section, divided from the one before; the title when its form has no legend of its own. */
function Group({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="border-t-2 border-ink/10 pt-5 first:border-t-0 first:pt-0">
      {title ? <h3 className="mb-3 text-lg font-bold">{title}</h3> : null}
      {children}
    </div>
  );
}

/**
 * The profile (spec §2 /account/profile): every part its own form, so each
 * saves on its own and works without JavaScript.
 */
export default function ProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.failed) uiStore.notify('error', MESSAGES.GENERIC_ERROR);
    else if (answer.message) uiStore.notify('success', answer.message);
  }, [answer]);
  const { user } = loaderData;
  const profileLevel = user.levels.some((level) => level !== 'vmbo' && isProfileLevel(level));
  return (
    <div className="grid gap-6">
      {loaderData.emailChanged ? (
        <p role="status" className="rounded-xl bg-success-soft p-4 font-semibold text-success">
          {ACCOUNT_MESSAGES.EMAIL_CHANGED}
        </p>
      ) : null}
      <Section id="profile-personal" title="Mijn gegevens">
        <NameForm name={user.name} answer={answer} />
      </Section>
      <Section id="profile-login" title="Inloggen">
        <div className="grid gap-5">
          <Group title="E-mailadres">
            <EmailForm email={user.email} answer={answer} />
          </Group>
          <Group title="Wachtwoord">
            <PasswordForm answer={answer} />
          </Group>
        </div>
      </Section>
      <Section id="profile-study" title="School en examen" intro="Hiermee stemmen we je vakken en boeken op je af.">
        <div className="grid gap-5">
          <Group>
            <RoleForm role={user.educationRole} answer={answer} />
          </Group>
          <Group>
            <LevelsForm levels={user.levels} answer={answer} />
          </Group>
          {profileLevel ? (
            <Group>
              <ProfileForm profile={user.profile} answer={answer} />
            </Group>
          ) : null}
          <Group>
            <ExamYearForm examYear={user.examYear} years={loaderData.examYears} answer={answer} />
          </Group>
        </div>
      </Section>
      <Section
        id="profile-newsletter"
        title="Nieuwsbrief"
        intro="Examentips, een seintje wanneer het tijd is om te beginnen, en als eerste onze aanbiedingen."
      >
        <NewsletterForm accepted={loaderData.emailPreference === 'accepted'} answer={answer} />
      </Section>
      <Section
        id="profile-delete"
        title="Account verwijderen"
        tone="danger"
        intro="Je account en al je gegevens worden voorgoed verwijderd. Dit kun je niet ongedaan maken."
      >
        <DeleteAccountForm answer={answer} />
      </Section>
    </div>
  );
}
