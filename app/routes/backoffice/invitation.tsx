import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/invitation';
import { scopeContext } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { sessionUser } from '#app/modules/accounts/index.server.ts';
import { BACKOFFICE_PATHS, STAFF_ROLE_LABELS } from '#app/modules/backoffice/index.ts';
import {
  acceptStaffInvitation,
  BACKOFFICE_REFUSAL_STATUS,
  staffInvitationFor,
} from '#app/modules/backoffice/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Button, ButtonLink } from '#app/ui/primitives/button.tsx';

const PERSONAL = 'private, no-store';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Uitnodiging beheeromgeving') },
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PERSONAL, 'Referrer-Policy': 'no-referrer' });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const invitation = await staffInvitationFor(scope, params.token ?? '');
  if (!invitation.ok) throw data(invitation.message, { status: BACKOFFICE_REFUSAL_STATUS.invitation_unknown });
  const user = await sessionUser(scope, request.headers);
  const here = `${BACKOFFICE_PATHS.invitation}/${params.token}`;
  return {
    email: invitation.value.email,
    role: STAFF_ROLE_LABELS[invitation.value.role],
    signedInAs: user ? user.email : null,
    loginHref: `${AREA_PATHS.login}?from=${encodeURIComponent(here)}`,
    registerHref: `${AREA_PATHS.register}?from=${encodeURIComponent(here)}`,
  };
}

/** "Uitnodiging accepteren": the signed-in invitee becomes staff, then sets up two-factor sign-in. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const user = await sessionUser(scope, request.headers);
  const here = `${BACKOFFICE_PATHS.invitation}/${params.token}`;
  if (!user) throw redirect(`${AREA_PATHS.login}?from=${encodeURIComponent(here)}`);
  const accepted = await acceptStaffInvitation(scope, user, params.token ?? '');
  if (!accepted.ok) return data({ error: accepted.message }, { status: BACKOFFICE_REFUSAL_STATUS[accepted.reason] });
  throw redirect(BACKOFFICE_PATHS.setup, { headers: { 'Cache-Control': PERSONAL } });
}

/** The page a new staff member reaches from an admin's invitation (issue 32). */
export default function StaffInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-2xl py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark">Uitnodiging voor de beheeromgeving</h1>
      <p className="mt-4 text-lg">
        Je bent uitgenodigd als medewerker met de rol <strong>{loaderData.role}</strong>, voor het adres{' '}
        {loaderData.email}. Na het accepteren stel je tweestapsverificatie in; pas dan zie je de beheeromgeving.
      </p>
      {actionData?.error ? (
        <p role="alert" className="mt-6 rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
          {actionData.error}
        </p>
      ) : null}
      {loaderData.signedInAs ? (
        <Form method="post" className="mt-8 rounded-2xl bg-surface p-5" noValidate>
          <p>
            Je bent ingelogd als <strong>{loaderData.signedInAs}</strong>.
          </p>
          <Button type="submit" className="mt-4">
            Uitnodiging accepteren
          </Button>
        </Form>
      ) : (
        <div className="mt-8 rounded-2xl bg-surface p-5">
          <p>Log in met het uitgenodigde adres, of maak er een account mee aan.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to={loaderData.loginHref}>Inloggen</ButtonLink>
            <ButtonLink to={loaderData.registerHref} variant="secondary">
              Account maken
            </ButtonLink>
          </div>
        </div>
      )}
    </section>
  );
}
