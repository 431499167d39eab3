import { parseForm } from '#app/platform/schemas/form.ts';
import { data, redirect } from 'react-router';
import type { Route } from './+types/reset-password';
import { requestContext, scopeContext } from '#app/context.ts';
import { AREA_PATHS, resetPasswordSchema } from '#app/modules/accounts/index.ts';
import { AUTH_ERROR_MESSAGES } from '#app/modules/sign-in/index.ts';
import { ResetPasswordForm, AuthPage, type AuthFormResult } from '#app/modules/sign-in/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { resetPassword } from '#app/modules/sign-in/index.server.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Nieuw wachtwoord') },
  { name: 'robots', content: 'noindex' },
];

/** The link of the reset mail arrives here with `token`, or with `error` when it was wrong or expired. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? '';
  return { token, invalid: token === '' || params.has('error') };
}

/** Parse (the two new passwords must match) → set it → to the login page with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== 'success') {
    return data<AuthFormResult>(
      { result: submission.reply({ hideFields: ['newPassword', 'repeatPassword'] }) },
      {
        status: 400,
      },
    );
  }
  const outcome = await resetPassword(
    context.get(scopeContext),
    { headers: request.headers, clientAddress: context.get(requestContext).clientAddress },
    { token: submission.value.token, newPassword: submission.value.newPassword },
  );
  if (!outcome.ok) {
    const reply = submission.reply({ formErrors: [outcome.message], hideFields: ['newPassword', 'repeatPassword'] });
    return data<AuthFormResult>({ result: reply }, { status: 400 });
  }
  throw redirect(`${AREA_PATHS.login}?melding=wachtwoord-gewijzigd`);
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.invalid) {
    return (
      <AuthPage title="Nieuw wachtwoord" intro="Deze link werkt niet (meer).">
        <p role="status" className="rounded-xl bg-danger/10 p-4 font-semibold text-danger">
          {AUTH_ERROR_MESSAGES.INVALID_TOKEN!.message}
        </p>
        <p className="mt-6">
          <AppLink
            to={AREA_PATHS.forgotPassword}
            className="font-semibold text-brand-dark underline underline-offset-4"
          >
            Vraag een nieuwe link aan
          </AppLink>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Nieuw wachtwoord" intro="Kies een nieuw wachtwoord voor je account.">
      <ResetPasswordForm lastResult={actionData} token={loaderData.token} />
    </AuthPage>
  );
}
