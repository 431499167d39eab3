import { parseForm } from '#app/platform/schemas/form.ts';
import { data } from 'react-router';
import type { Route } from './+types/register';
import { requestContext, scopeContext } from '#app/context.ts';
import { AREA_PATHS, signUpSchema } from '#app/modules/accounts/index.ts';
import { afterLoginPath } from '#app/modules/sign-in/index.ts';
import { SignUpForm, AuthPage, type AuthFormResult } from '#app/modules/sign-in/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { authFormInit, authPageHeaders, signUp } from '#app/modules/sign-in/index.server.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Account aanmaken') },
  { name: 'robots', content: 'noindex' },
];

/** A refused registration's Retry-After (the limits, or their store down) reaches the answer. */
export const headers: Route.HeadersFunction = authPageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  return { from: new URL(request.url).searchParams.get('from') ?? undefined };
}

type RegisterResult = AuthFormResult & { sentTo?: string };

/** Parse → create the account (the library mails the verification link) → "check your mail". */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: signUpSchema });
  if (submission.status !== 'success') {
    return data<RegisterResult>({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  const { name, email, password, from } = submission.value;
  const outcome = await signUp(
    context.get(scopeContext),
    { headers: request.headers, clientAddress: context.get(requestContext).clientAddress },
    { name, email, password },
    // The link in the mail signs in and continues there (a new account starts with the onboarding).
    afterLoginPath(from),
  );
  if (!outcome.ok) {
    const reply = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: ['password'] })
      : submission.reply({ formErrors: [outcome.message], hideFields: ['password'] });
    return data<RegisterResult>({ result: reply }, authFormInit(outcome));
  }
  return { sentTo: email } satisfies RegisterResult;
}

export default function RegisterRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.sentTo) {
    return (
      <AuthPage title="Check je mail" intro="Nog één stap en je kunt aan de slag.">
        <div role="status" className="rounded-2xl bg-brand-soft p-6">
          <p className="text-lg">
            We hebben een e-mail gestuurd naar <strong>{actionData.sentTo}</strong>. Klik op de link in die e-mail om je
            account te bevestigen; daarna ben je meteen ingelogd.
          </p>
          <p className="mt-3 text-ink-soft">
            Niets ontvangen? Kijk ook in je map met ongewenste e-mail. De link werkt 24 uur.
          </p>
        </div>
        <p className="mt-6">
          <AppLink to={AREA_PATHS.login} className="font-semibold text-brand-dark underline underline-offset-4">
            Naar inloggen
          </AppLink>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title="Account aanmaken"
      intro={
        <>
          Gratis en in een minuut klaar. Heb je al een account?{' '}
          <AppLink to={AREA_PATHS.login} className="font-semibold text-brand-dark underline underline-offset-4">
            Log in
          </AppLink>
          .
        </>
      }
    >
      <SignUpForm lastResult={actionData as AuthFormResult | undefined} from={loaderData.from} />
    </AuthPage>
  );
}
