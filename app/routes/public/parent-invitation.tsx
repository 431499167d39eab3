import { data, Form, redirect, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/parent-invitation';
import { scopeContext } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { acceptInvitationSchema } from '#app/modules/guardians/index.ts';
import {
  acceptParentInvitation,
  GUARDIAN_REFUSAL_STATUS,
  invitationFor,
  INVITATION_PATH,
} from '#app/modules/guardians/index.server.ts';
import { visitArea } from '#app/modules/study/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button, ButtonLink } from '#app/ui/primitives/button.tsx';
import { FieldError } from '#app/ui/primitives/text-field.tsx';

const PERSONAL = 'private, no-store';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Uitnodiging van je kind') },
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PERSONAL, 'Referrer-Policy': 'no-referrer' });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const invitation = await invitationFor(scope, params.token ?? '');
  if (!invitation.ok) throw data(invitation.message, { status: GUARDIAN_REFUSAL_STATUS.invitation_unknown });
  const visit = await visitArea(scope, request.headers);
  const here = `${INVITATION_PATH}/${params.token}`;
  return {
    ...invitation.value,
    signedInAs: visit.kind === 'user' ? visit.area.user.name : null,
    loginHref: `${AREA_PATHS.login}?from=${encodeURIComponent(here)}`,
    registerHref: `${AREA_PATHS.register}?from=${encodeURIComponent(here)}`,
  };
}

/** "Uitnodiging accepteren": the signed-in parent (with consent for a child under 16). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const visit = await visitArea(scope, request.headers);
  if (visit.kind !== 'user') throw redirect(`${AREA_PATHS.login}?from=${encodeURIComponent(`${INVITATION_PATH}/${params.token}`)}`);
  const form = await request.formData();
  form.set('token', params.token ?? '');
  const submission = parseForm(form, { schema: acceptInvitationSchema });
  const { token, consent } = submission.status === 'success' ? submission.value : { token: '', consent: false };
  const accepted = await acceptParentInvitation(scope, visit.area.user, token, consent);
  if (!accepted.ok) {
    return data({ error: accepted.message, field: accepted.field ?? null }, { status: GUARDIAN_REFUSAL_STATUS[accepted.reason] });
  }
  throw redirect(`${AREA_PATHS.children}?gekoppeld=1`, { headers: { 'Cache-Control': PERSONAL } });
}

/** The page a parent reaches from a child's invitation (issue 31): accept it with an account of their own. */
export default function ParentInvitation() {
  const invitation = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const consentError = answer?.field === 'consent' ? answer.error : undefined;
  return (
    <section className="container-page max-w-2xl py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{invitation.childName} nodigt je uit</h1>
      <p className="mt-4 text-lg">
        Volg de examenvoorbereiding van {invitation.childName}: per vak zie je of {invitation.childName} op schema ligt
        voor de examendag, hoeveel minuten er per week geleerd wordt en wanneer de examens zijn. Antwoorden en cijfers
        zie je niet. {invitation.childName} kan de koppeling altijd beëindigen.
      </p>
      {answer?.error && !consentError ? (
        <p role="alert" className="mt-6 rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
          {answer.error}
        </p>
      ) : null}
      {invitation.signedInAs ? (
        <Form method="post" className="mt-8 rounded-2xl bg-surface p-5" noValidate>
          <p>
            Je bent ingelogd als <strong>{invitation.signedInAs}</strong>.
          </p>
          {invitation.under16 ? (
            <div className="mt-4">
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  name="consent"
                  className="mt-1 size-5"
                  aria-invalid={consentError ? true : undefined}
                  aria-describedby={consentError ? 'consent-error' : undefined}
                />
                <span>
                  Ik ben ouder of verzorger van {invitation.childName} en geef toestemming dat {invitation.childName}{' '}
                  (jonger dan 16) een account bij Slaagbundel gebruikt.
                </span>
              </label>
              <FieldError id="consent-error" errors={consentError ? [consentError] : undefined} />
            </div>
          ) : null}
          <Button type="submit" className="mt-4">
            Uitnodiging accepteren
          </Button>
        </Form>
      ) : (
        <div className="mt-8 rounded-2xl bg-surface p-5">
          <p>
            Accepteer de uitnodiging met een eigen account. Gebruik bij voorkeur het adres waarop je deze uitnodiging
            kreeg: {invitation.email}.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to={invitation.registerHref}>Account maken</ButtonLink>
            <ButtonLink to={invitation.loginHref} variant="secondary">
              Ik heb al een account
            </ButtonLink>
          </div>
        </div>
      )}
    </section>
  );
}
