import { parseForm } from '#app/platform/schemas/form.ts';
import { data } from 'react-router';
import type { Route } from './+types/forgot-password';
import { requestContext, scopeContext } from '#app/context.ts';
import { AREA_PATHS, forgotPasswordSchema } from '#app/modules/accounts/index.ts';
import { ForgotPasswordForm, AuthPage, type AuthFormResult } from '#app/modules/sign-in/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { authFormInit, authPageHeaders, requestPasswordReset } from '#app/modules/sign-in/index.server.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Wachtwoord vergeten') },
  { name: 'robots', content: 'noindex' },
];

/** A refused request's Retry-After (the limits, or their store down) reaches the answer. */
export const headers: Route.HeadersFunction = authPageHeaders;

type ForgotResult = AuthFormResult & { sent?: boolean };

/** Parse → ask the library for a reset mail → the same answer whether or not the address has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== 'success') return data<ForgotResult>({ result: submission.reply() }, { status: 400 });
  const outcome = await requestPasswordReset(
    context.get(scopeContext),
    { headers: request.headers, clientAddress: context.get(requestContext).clientAddress },
    submission.value.email,
    AREA_PATHS.resetPassword,
  );
  if (!outcome.ok) {
    return data<ForgotResult>({ result: submission.reply({ formErrors: [outcome.message] }) }, authFormInit(outcome));
  }
  return { sent: true, result: submission.reply({ resetForm: true }) } satisfies ForgotResult;
}

export default function ForgotPasswordRoute({ actionData }: Route.ComponentProps) {
  return (
    <AuthPage
      title="Wachtwoord vergeten"
      intro="Vul je e-mailadres in. Je krijgt een link waarmee je een nieuw wachtwoord kiest."
    >
      <ForgotPasswordForm lastResult={actionData} sent={actionData?.sent === true} />
    </AuthPage>
  );
}
