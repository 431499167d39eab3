import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/setup';
import { requestContext, scopeContext } from '#app/context.ts';
import { BACKOFFICE_PATHS, secretInGroups, totpCodeSchema } from '#app/modules/backoffice/index.ts';
import { staffAccess, startTotpSetup, verifyTotpCode } from '#app/modules/backoffice/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Tweestapsverificatie instellen') },
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => PERSONAL;

/** Only a signed-in staff member without two-factor sign-in gets here; everyone else goes where they belong. */
async function guard(request: Request, scope: Parameters<typeof staffAccess>[0]) {
  const access = await staffAccess(scope, request.headers, 'home');
  if (access.ok) throw redirect(BACKOFFICE_PATHS.home, { headers: PERSONAL });
  if (access.reason === 'not_staff') throw data('Deze pagina bestaat niet.', { status: 404, headers: PERSONAL });
  if (access.reason !== 'two_factor_setup') throw redirect(BACKOFFICE_PATHS.signIn, { headers: PERSONAL });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await guard(request, context.get(scopeContext));
  return null;
}

interface Answer {
  step: 'password' | 'code';
  error: string | null;
  uri?: string;
  secret?: string;
}

/**
 * Step 1: the password → the otpauth URI (as text; no QR library is installed) and its secret in groups of
 * four, to type into an authenticator app. Step 2: a first code switches TOTP on and makes a session that
 * passed it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  await guard(request, scope);
  const caller = { headers: request.headers, clientAddress: context.get(requestContext).clientAddress };
  const form = await request.formData();
  if (form.get('intent') === 'code') {
    const uri = String(form.get('uri') ?? '');
    const shown = { uri, secret: secretInGroups(uri) };
    const submission = parseForm(form, { schema: totpCodeSchema });
    if (submission.status !== 'success') {
      const error = submission.error?.code?.[0] ?? 'Vul de code in.';
      return data<Answer>({ step: 'code', error, ...shown }, { status: 400 });
    }
    const verified = await verifyTotpCode(scope, caller, submission.value.code);
    if (!verified.ok) return data<Answer>({ step: 'code', error: verified.message, ...shown }, { status: 400 });
    const headers = new Headers(PERSONAL);
    for (const cookie of verified.value.setCookies) headers.append('Set-Cookie', cookie);
    throw redirect(BACKOFFICE_PATHS.home, { headers });
  }
  const password = String(form.get('password') ?? '');
  if (!password) return data<Answer>({ step: 'password', error: 'Vul je wachtwoord in.' }, { status: 400 });
  const started = await startTotpSetup(scope, caller, password);
  if (!started.ok) return data<Answer>({ step: 'password', error: started.message }, { status: 400 });
  const uri = started.value.totpUri;
  return data<Answer>({ step: 'code', error: null, uri, secret: secretInGroups(uri) }, { headers: PERSONAL });
}

export default function BackofficeSetup({ actionData }: Route.ComponentProps) {
  const step = actionData?.step ?? 'password';
  const error = actionData?.error ?? null;
  return (
    <section className="container-page max-w-2xl py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark">Tweestapsverificatie instellen</h1>
      <p className="mt-4">
        Voor de beheeromgeving log je in met je wachtwoord én een code uit een authenticator-app (bijvoorbeeld Google
        Authenticator, Microsoft Authenticator of 1Password). Pas daarna zie je de beheeromgeving.
      </p>
      {error ? (
        <p role="alert" id="setup-error" className="mt-6 rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
          {error}
        </p>
      ) : null}
      {step === 'code' && actionData?.uri ? (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="uri" value={actionData.uri} />
          <div>
            <h2 className="text-xl font-bold">1. Voeg de sleutel toe aan je app</h2>
            <p className="mt-2">Typ deze sleutel over in je app (tijdgebaseerd, 6 cijfers, 30 seconden):</p>
            <p className="mt-2 font-mono text-lg tracking-wider" data-testid="totp-secret">
              {actionData.secret}
            </p>
            <p className="mt-2">Of gebruik deze koppeling (otpauth-URI):</p>
            <p className="mt-1 font-mono text-sm break-all" data-testid="totp-uri">
              {actionData.uri}
            </p>
          </div>
          <div>
            <h2 className="text-xl font-bold">2. Vul de code uit je app in</h2>
            <label htmlFor="code" className="mt-2 block font-semibold">
              Code
            </label>
            <input
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              className={fieldClass}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'setup-error' : undefined}
            />
          </div>
          <Button type="submit">Tweestapsverificatie aanzetten</Button>
        </Form>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <div>
            <label htmlFor="password" className="block font-semibold">
              Je wachtwoord
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
          <Button type="submit">Sleutel maken</Button>
        </Form>
      )}
    </section>
  );
}
