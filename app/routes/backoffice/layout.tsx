import { data, NavLink, Outlet, redirect, type MiddlewareFunction } from 'react-router';
import type { Route } from './+types/layout';
import { requestContext, scopeContext } from '#app/context.ts';
import { BACKOFFICE_PATHS, mayUse, operationOfPath, STAFF_ROLE_LABELS } from '#app/modules/backoffice/index.ts';
import { staffAccess, type StaffActor } from '#app/modules/backoffice/index.server.ts';
import { pageUrl } from '#app/platform/page-url.ts';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * The back office's guard (issue 32, ADR 026), before any of its loaders or actions run: a visitor goes to the
 * staff sign-in; a signed-in user who is no staff member gets 404 (the area is never revealed); staff without
 * two-factor sign-in set up go to set it up; a session that did not pass it sees only the code prompt; a role
 * that may not use the page (BACKOFFICE_ACCESS) gets 403. Every answer is personal.
 */
const staffOnly: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const operation = operationOfPath(pageUrl(request.url).pathname);
  if (!operation) throw data('Deze pagina bestaat niet.', { status: 404, headers: PERSONAL });
  const access = await staffAccess(context.get(scopeContext), request.headers, operation);
  if (!access.ok) {
    if (access.reason === 'signed_out' || access.reason === 'two_factor_code') {
      throw redirect(BACKOFFICE_PATHS.signIn, { headers: PERSONAL });
    }
    if (access.reason === 'two_factor_setup') throw redirect(BACKOFFICE_PATHS.setup, { headers: PERSONAL });
    refused(context.get(requestContext).refusal);
    if (access.reason === 'not_staff') throw data('Deze pagina bestaat niet.', { status: 404, headers: PERSONAL });
    throw data(access.message, { status: 403, headers: PERSONAL });
  }
  refused(context.get(requestContext).refusal);
  const response = await next();
  response.headers.set('Cache-Control', PERSONAL['Cache-Control']);
  return response;
};

/** A post the page guard refused (server/page-guard.ts) answers its own status, as on every page. */
function refused(refusal: { status: number; message: string } | undefined) {
  if (refusal) throw data(refusal.message, { status: refusal.status, headers: PERSONAL });
}

export const middleware = [staffOnly];

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await staffAccess(context.get(scopeContext), request.headers, 'home');
  if (!access.ok) throw redirect(BACKOFFICE_PATHS.signIn, { headers: PERSONAL });
  const actor: StaffActor = access.value;
  const nav = [
    { to: BACKOFFICE_PATHS.home, label: 'Overzicht', end: true },
    ...(mayUse(actor.role, 'listOrders') ? [{ to: BACKOFFICE_PATHS.orders, label: 'Bestellingen', end: false }] : []),
    ...(mayUse(actor.role, 'listCustomers') ? [{ to: BACKOFFICE_PATHS.customers, label: 'Klanten', end: false }] : []),
    ...(mayUse(actor.role, 'listStaff') ? [{ to: BACKOFFICE_PATHS.staff, label: 'Medewerkers', end: false }] : []),
    ...(mayUse(actor.role, 'listAudit') ? [{ to: BACKOFFICE_PATHS.audit, label: 'Auditlog', end: false }] : []),
    ...(mayUse(actor.role, 'listLicenseCodes')
      ? [{ to: BACKOFFICE_PATHS.codes, label: 'Licentiecodes', end: true }]
      : []),
    ...(mayUse(actor.role, 'listLicenseCodeBatches')
      ? [{ to: BACKOFFICE_PATHS.codeBatches, label: 'Codereeksen', end: false }]
      : []),
    ...(mayUse(actor.role, 'listStock') ? [{ to: BACKOFFICE_PATHS.stock, label: 'Voorraad', end: false }] : []),
    ...(mayUse(actor.role, 'viewCalibration')
      ? [{ to: BACKOFFICE_PATHS.calibration, label: 'Kalibratie', end: false }]
      : []),
    ...(mayUse(actor.role, 'listExamData')
      ? [{ to: BACKOFFICE_PATHS.examData, label: 'Examengegevens', end: false }]
      : []),
    ...(mayUse(actor.role, 'listStudyContent')
      ? [{ to: BACKOFFICE_PATHS.studyContent, label: 'Studie-inhoud', end: false }]
      : []),
  ];
  return { name: actor.name, role: STAFF_ROLE_LABELS[actor.role], nav };
}

/** The back office's frame: who is signed in with which role, and the screens their role may use. */
export default function BackofficeLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-4 border-b border-ink/10 pb-4">
        <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">Beheeromgeving</p>
        <p className="text-sm">
          {loaderData.name} · {loaderData.role}
        </p>
      </div>
      <nav aria-label="Beheer" className="mt-4">
        <ul className="flex flex-wrap gap-4">
          {loaderData.nav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className="font-semibold underline-offset-4 hover:underline aria-[current=page]:underline"
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
