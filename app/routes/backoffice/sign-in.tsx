import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/sign-in';
import { requestContext, scopeContext } from '#app/context.ts';
import { signInSchema } from '#app/modules/accounts/index.ts';
import { BACKOFFICE_PATHS, totpCodeSchema } from '#app/modules/backoffice/index.ts';
import { asksForCode, staffAccess, verifyTotpCode } from '#app/modules/backoffice/index.server.ts';
import { signIn } from '#app/modules/sign-in/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Inloggen beheer') },
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => PERSONAL;

type Step = 'password' | 'code';

/**
 * The staff sign-in (ADR 026): the password, then a code from the authenticator app. A signed-in staff member
 * whose session did not pass the code sees only the code prompt; a signed-in user who is no staff member: 404.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ step: Step }> {
  const access = await staffAccess(context.get(scopeContext), request.headers, 'home');
  if (access.ok) throw redirect(BACKOFFICE_PATHS.home, { headers: PERSONAL });
  if (access.reason === 'not_staff') throw data('Deze pagina bestaat niet.', { status: 404, headers: PERSONAL });
  if (access.reason === 'two_factor_setup') throw redirect(BACKOFFICE_PATHS.setup, { headers: PERSONAL });
  return { step: access.reason === 'two_factor_code' ? 'code' : 'password' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const caller = { headers: request.headers, clientAddress: context.get(requestContext).clientAddress };
  const form = await request.formData();
  if (form.get('intent') === 'code') {
    const submission = parseForm(form, { schema: totpCodeSchema });
    if (submission.status !== 'success') {
      return data({ step: 'code' as Step, error: submission.error?.code?.[0] ?? 'Vul de code in.' }, { status: 400 });
    }
    const verified = await verifyTotpCode(scope, caller, submission.value.code);
    if (!verified.ok) return data({ step: 'code' as Step, error: verified.message }, { status: 400 });
    const headers = new Headers(PERSONAL);
    for (const cookie of verified.value.setCookies) headers.append('Set-Cookie', cookie);
    throw redirect(BACKOFFICE_PATHS.home, { headers });
  }
  const submission = parseForm(form, { schema: signInSchema });
  if (submission.status !== 'success') {
    return data({ step: 'password' as Step, error: 'Vul je e-mailadres en wachtwoord in.' }, { status: 400 });
  }
  const outcome = await signIn(scope, caller, submission.value);
  if (!outcome.ok) return data({ step: 'password' as Step, error: outcome.message }, { status: 400 });
  const headers = new Headers(PERSONAL);
  for (const cookie of outcome.value.setCookies) headers.append('Set-Cookie', cookie);
  // Two-factor sign-in on: no session yet, only the short-lived cookie of the code's step.
  if (asksForCode(outcome.value.setCookies)) return data({ step: 'code' as Step, error: null }, { headers });
  throw redirect(BACKOFFICE_PATHS.home, { headers });
}

export default function BackofficeSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const step = actionData?.step ?? loaderData.step;
  const error = actionData?.error ?? null;
  return (
    <section className="container-page max-w-md py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark">Inloggen beheer</h1>
      {error ? (
        <p role="alert" id="sign-in-error" className="mt-6 rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
          {error}
        </p>
      ) : null}
      {step === 'code' ? (
        <Form method="post" className="mt-6" noValidate>
          <input type="hidden" name="intent" value="code" />
          <label htmlFor="code" className="block font-semibold">
            Code uit je authenticator-app
          </label>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            className={fieldClass}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'sign-in-error' : undefined}
          />
          <Button type="submit" className="mt-4">
            Controleren
          </Button>
        </Form>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <div>
            <label htmlFor="email" className="block font-semibold">
              E-mailadres
            </label>
            <input id="email" name="email" type="email" autoComplete="username" required className={fieldClass} />
          </div>
          <div>
            <label htmlFor="password" className="block font-semibold">
              Wachtwoord
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={fieldClass}
            />
          </div>
          <Button type="submit">Inloggen</Button>
        </Form>
      )}
    </section>
  );
}
