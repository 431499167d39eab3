import { parseForm } from '#app/platform/schemas/form.ts';
import { data, redirect } from 'react-router';
import type { Route } from './+types/login';
import { requestContext, scopeContext } from '#app/context.ts';
import { signInSchema } from '#app/modules/accounts/index.ts';
import { afterLoginPath } from '#app/modules/sign-in/index.ts';
import { AuthPage, SignInForm, type AuthFormResult } from '#app/modules/sign-in/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { authFormInit, authPageHeaders, signIn } from '#app/modules/sign-in/index.server.ts';

/** Notices the login page shows after another account page sent the visitor here. */
const NOTICES: Record<string, string> = {
  'wachtwoord-gewijzigd': 'Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.',
  'email-bevestigd': 'Je e-mailadres is bevestigd. Log in om verder te gaan.',
};

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Inloggen') },
  { name: 'robots', content: 'noindex' },
];

/** A refused sign-in's Retry-After (the limits, or their store down) reaches the answer. */
export const headers: Route.HeadersFunction = authPageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { from: params.get('from') ?? undefined, notice: NOTICES[params.get('melding') ?? ''] };
}

/** Parse → sign in through the accounts library (its rate limit, its cookies) → back to where the visitor was. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: signInSchema });
  if (submission.status !== 'success') {
    return data<AuthFormResult>({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  const outcome = await signIn(
    context.get(scopeContext),
    { headers: request.headers, clientAddress: context.get(requestContext).clientAddress },
    submission.value,
  );
  if (!outcome.ok) {
    const reply = submission.reply({ formErrors: [outcome.message], hideFields: ['password'] });
    return data<AuthFormResult>({ result: reply }, authFormInit(outcome));
  }
  const headers = new Headers();
  for (const cookie of outcome.value.setCookies) headers.append('Set-Cookie', cookie);
  throw redirect(afterLoginPath(submission.value.from), { headers });
}

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthPage title="Inloggen" intro="Log in op Mijn Slaagbundel om verder te oefenen waar je gebleven was.">
      <SignInForm lastResult={actionData} from={loaderData.from} notice={loaderData.notice} />
    </AuthPage>
  );
}
