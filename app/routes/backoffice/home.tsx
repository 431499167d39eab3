import { Link } from 'react-router';
import type { Route } from './+types/home';
import { scopeContext } from '#app/context.ts';
import { BACKOFFICE_PATHS } from '#app/modules/backoffice/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import { dayDashboard, type DashboardView } from '#app/modules/backoffice-orders/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { formatDutchDate, formatDutchDateTime } from '#app/platform/dates.ts';
import { formatMoney } from '#app/platform/sales.ts';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Beheer') }, { name: 'robots', content: 'noindex' }];

/** `/beheer` (BACKOFFICE_ACCESS.home): the screens of the role, and the day's figures for the roles that may. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'dayDashboard');
  return { dashboard: access.ok ? await dayDashboard(scope) : null };
}

function Figure({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <div className={`rounded-xl border p-4 ${alert ? 'border-danger/40 bg-danger/5' : 'border-ink/10'}`}>
      <dt className="text-sm font-semibold">{label}</dt>
      <dd className={`mt-1 text-2xl font-extrabold ${alert ? 'text-danger' : 'text-brand-dark'}`}>{value}</dd>
    </div>
  );
}

function Day({ dashboard }: { dashboard: DashboardView }) {
  const { orders, doublePayments, jobs, mails } = dashboard;
  const failingQueues = (jobs ?? []).filter((job) => job.failed + job.retrying > 0);
  return (
    <>
      <h2 className="mt-8 text-xl font-bold">Vandaag, {formatDutchDate(new Date(`${dashboard.day}T12:00:00Z`))}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label="Bestellingen geplaatst" value={String(orders.placed)} />
        <Figure label="Betaald" value={`${orders.paid} · ${formatMoney(orders.revenueCents)}`} />
        <Figure label="Wachten op betaling" value={String(orders.pending)} />
        <Figure label="Betalingen mislukt" value={String(orders.failedPayments)} alert={orders.failedPayments > 0} />
        <Figure label="Betalingen lopend" value={String(orders.openPayments)} />
        <Figure label="Dubbele betalingen open" value={String(doublePayments.open)} alert={doublePayments.failed > 0} />
        <Figure
          label="Achtergrondtaken met fouten"
          value={jobs === null ? 'onbekend' : String(failingQueues.length)}
          alert={failingQueues.length > 0}
        />
        <Figure label="Mails mislukt (24 uur)" value={String(mails.failed)} alert={mails.failed > 0} />
      </dl>
      {doublePayments.open > 0 ? (
        <p className="mt-4">
          <Link to={`${BACKOFFICE_PATHS.orders}?flagged=1`} className="font-semibold underline">
            Bestellingen met een open dubbele betaling
          </Link>
          {doublePayments.failed > 0 ? ` (${doublePayments.failed} met een mislukte terugbetaling)` : ''}
        </p>
      ) : null}
      {failingQueues.length > 0 ? (
        <>
          <h3 className="mt-6 font-bold">Achtergrondtaken met fouten (24 uur)</h3>
          <ul className="mt-2 list-disc pl-6">
            {failingQueues.map((job) => (
              <li key={job.name}>
                <code>{job.name}</code>: {job.failed} mislukt, {job.retrying} wacht op een nieuwe poging
                {job.lastError ? ` — ${job.lastError}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {mails.newest.length > 0 ? (
        <>
          <h3 className="mt-6 font-bold">Mislukte mails</h3>
          <ul className="mt-2 list-disc pl-6">
            {mails.newest.map((mail) => (
              <li key={`${mail.at}-${mail.to}`} className="break-words">
                {formatDutchDateTime(new Date(mail.at))}: {mail.subject} aan {mail.to}
                {mail.error ? ` — ${mail.error}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

export default function BackofficeHome({ loaderData, matches }: Route.ComponentProps) {
  const layout = matches[1]?.loaderData as { nav: { to: string; label: string }[]; name: string } | undefined;
  const screens = (layout?.nav ?? []).slice(1);
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-brand-dark">{`Welkom, ${layout?.name ?? ''}`}</h1>
      {loaderData.dashboard ? <Day dashboard={loaderData.dashboard} /> : null}
      <h2 className="mt-8 text-xl font-bold">Jouw schermen</h2>
      {screens.length > 0 ? (
        <ul className="mt-3 list-disc space-y-2 pl-6">
          {screens.map((screen) => (
            <li key={screen.to}>
              <Link to={screen.to} className="font-semibold underline">
                {screen.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3">
          Jouw rol opent hier geen schermen. Heb je bestellingen, licentiecodes of de auditlog nodig, vraag dan een
          beheerder om een andere rol.
        </p>
      )}
    </section>
  );
}
