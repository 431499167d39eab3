import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/customer';
import { scopeContext } from '#app/context.ts';
import { BACKOFFICE_PATHS, mayUse, type BackofficeOperation } from '#app/modules/backoffice/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import {
  CUSTOMER_REFUSAL_STATUS,
  deleteCustomer,
  getCustomer,
  resendCustomerVerification,
  startCustomerPasswordReset,
} from '#app/modules/backoffice-customers/index.server.ts';
import {
  ACCESS_SOURCE_LABELS,
  ACCESS_STREAM_LABELS,
  CUSTOMER_ROLE_LABELS,
  deleteCustomerSchema,
} from '#app/modules/backoffice-customers/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Klant ${loaderData.customer.name}` : 'Klant') },
  { name: 'robots', content: 'noindex' },
];

/** `/beheer/klanten/:userId` (BACKOFFICE_ACCESS.viewCustomer): the customer, orders, codes, access, actions. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const found = await getCustomer(scope, params.userId);
  if (!found.ok) throw data(found.message, { status: 404 });
  const access = await staffAccess(scope, request.headers, 'viewCustomer');
  const role = access.ok ? access.value.role : null;
  const may = (operation: BackofficeOperation) => role !== null && mayUse(role, operation);
  return {
    customer: found.value,
    may: {
      verification: may('resendVerification'),
      reset: may('startPasswordReset'),
      export: may('exportCustomer'),
      delete: may('deleteCustomer'),
    },
  };
}

type Intent = 'verification' | 'reset' | 'delete';
type Answer = {
  ok: boolean;
  intent: Intent;
  message: string;
  fields?: Record<string, string>;
  values?: { reason: string; email: string };
};

const OPERATION: Record<Intent, BackofficeOperation> = {
  verification: 'resendVerification',
  reset: 'startPasswordReset',
  delete: 'deleteCustomer',
};

/** Each action checks its own operation's roles (BACKOFFICE_ACCESS) again. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const form = await request.formData();
  const asked = form.get('intent');
  const intent: Intent = asked === 'reset' ? 'reset' : asked === 'delete' ? 'delete' : 'verification';
  const access = await staffAccess(scope, request.headers, OPERATION[intent]);
  if (!access.ok) throw data(access.message, { status: 403 });
  if (intent === 'delete') {
    const values = { reason: String(form.get('reason') ?? ''), email: String(form.get('email') ?? '') };
    const submission = parseForm(form, { schema: deleteCustomerSchema });
    if (submission.status !== 'success') {
      const errors = submission.error ?? {};
      const fields = Object.fromEntries(
        Object.entries(errors).flatMap(([name, messages]) => (messages?.[0] ? [[name, messages[0]]] : [])),
      );
      const message = Object.values(fields)[0] ?? 'Controleer de velden.';
      return data<Answer>({ ok: false, intent, message, fields, values }, { status: 400 });
    }
    const result = await deleteCustomer(scope, access.value, params.userId, submission.value);
    if (!result.ok) {
      const fields = result.field ? { [result.field]: result.message } : undefined;
      return data<Answer>(
        { ok: false, intent, message: result.message, ...(fields ? { fields } : {}), values },
        { status: CUSTOMER_REFUSAL_STATUS[result.reason] },
      );
    }
    throw redirect(`${BACKOFFICE_PATHS.customers}?verwijderd=1`);
  }
  const result =
    intent === 'reset'
      ? await startCustomerPasswordReset(scope, access.value, params.userId)
      : await resendCustomerVerification(scope, access.value, params.userId);
  if (!result.ok) {
    return data<Answer>(
      { ok: false, intent, message: result.message },
      { status: CUSTOMER_REFUSAL_STATUS[result.reason] },
    );
  }
  return { ok: true, intent, message: result.value.message } satisfies Answer;
}

const day = (iso: string) => new Date(iso).toLocaleDateString('nl-NL', { timeZone: 'Europe/Amsterdam' });

function Notice({ answer, intent }: { answer: Answer | undefined; intent: Intent }) {
  if (!answer || answer.intent !== intent || (intent === 'delete' && !answer.ok && answer.fields)) return null;
  return (
    <p
      role={answer.ok ? 'status' : 'alert'}
      className={`mt-3 rounded-xl px-4 py-3 font-semibold ${answer.ok ? 'bg-brand/10' : 'bg-danger/10 text-danger'}`}
    >
      {answer.message}
    </p>
  );
}

function DeleteForm({ answer }: { answer: Answer | undefined }) {
  const mine = answer?.intent === 'delete' ? answer : undefined;
  const error = (name: 'reason' | 'email') => mine?.fields?.[name];
  const field = (name: 'reason' | 'email') => ({
    'aria-invalid': error(name) ? true : undefined,
    'aria-describedby': error(name) ? `delete-${name}-error` : undefined,
  });
  return (
    <Form method="post" className="mt-3 grid max-w-xl gap-3" noValidate>
      <input type="hidden" name="intent" value="delete" />
      <div>
        <label htmlFor="delete-reason" className="block font-semibold">
          Reden (bijvoorbeeld: verzoek van de klant per e-mail van 12 mei)
        </label>
        <textarea
          id="delete-reason"
          name="reason"
          required
          minLength={3}
          maxLength={500}
          rows={2}
          defaultValue={mine?.values?.reason ?? ''}
          className={fieldClass}
          {...field('reason')}
        />
        {error('reason') ? (
          <p id="delete-reason-error" className="mt-1 font-semibold text-danger">
            {error('reason')}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="delete-email" className="block font-semibold">
          Typ ter bevestiging het e-mailadres van de klant
        </label>
        <input
          id="delete-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="off"
          defaultValue={mine?.values?.email ?? ''}
          className={fieldClass}
          {...field('email')}
        />
        {error('email') ? (
          <p id="delete-email-error" className="mt-1 font-semibold text-danger">
            {error('email')}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" variant="secondary">
          Account definitief verwijderen
        </Button>
      </div>
    </Form>
  );
}

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, may } = loaderData;
  const answer = actionData as Answer | undefined;
  const rows: [string, string][] = [
    ['E-mailadres', customer.email],
    ['Rol', CUSTOMER_ROLE_LABELS[customer.role]],
    ['Aangemaakt', day(customer.createdAt)],
    ['E-mailadres bevestigd', customer.emailVerified ? 'Ja' : 'Nee'],
    ...(customer.staff ? [['Medewerker', 'Ja, dit is ook een medewerkersaccount'] as [string, string]] : []),
  ];
  return (
    <section>
      <p>
        <Link to={BACKOFFICE_PATHS.customers} className="underline">
          Terug naar zoeken
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark">{customer.name}</h1>
      <dl className="mt-6 grid max-w-3xl grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <h2 className="mt-10 text-xl font-bold">Bestellingen</h2>
      {customer.orders.length === 0 ? (
        <p className="mt-2">Geen bestellingen.</p>
      ) : (
        <table className="mt-3 w-full text-left">
          <caption className="sr-only">Bestellingen van de klant, nieuwste eerst</caption>
          <thead>
            <tr>
              <th scope="col">Nummer</th>
              <th scope="col">Datum</th>
              <th scope="col">Status</th>
              <th scope="col">Totaal</th>
            </tr>
          </thead>
          <tbody>
            {customer.orders.map((order) => (
              <tr key={order.number} className="border-t border-ink/10">
                <td className="py-2 pr-3">
                  <Link to={`${BACKOFFICE_PATHS.orders}/${encodeURIComponent(order.number)}`} className="underline">
                    {order.number}
                  </Link>
                </td>
                <td className="py-2 pr-3">{day(order.createdAt)}</td>
                <td className="py-2 pr-3">{order.statusLabel}</td>
                <td className="py-2">{formatMoney(order.totalCents, { full: true })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 className="mt-10 text-xl font-bold">Licentiecodes</h2>
      {customer.licenseCodes.length === 0 ? (
        <p className="mt-2">Geen licentiecodes.</p>
      ) : (
        <table className="mt-3 w-full text-left">
          <caption className="sr-only">
            Licentiecodes van de bestellingen van de klant of door de klant geactiveerd
          </caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Product</th>
              <th scope="col">Status</th>
              <th scope="col">Door de klant geactiveerd</th>
            </tr>
          </thead>
          <tbody>
            {customer.licenseCodes.map((code) => (
              <tr key={code.code} className="border-t border-ink/10">
                <td className="py-2 pr-3 font-mono">
                  <Link to={`${BACKOFFICE_PATHS.codes}/${encodeURIComponent(code.code)}`} className="underline">
                    {code.code}
                  </Link>
                </td>
                <td className="py-2 pr-3">{code.product}</td>
                <td className="py-2 pr-3">{code.statusLabel}</td>
                <td className="py-2">{code.redeemedByCustomer ? 'Ja' : 'Nee'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 className="mt-10 text-xl font-bold">Toegang per vak</h2>
      {customer.access.length === 0 ? (
        <p className="mt-2">Geen toegang tot vakken.</p>
      ) : (
        <table className="mt-3 w-full text-left">
          <caption className="sr-only">Toegang van de klant per vak</caption>
          <thead>
            <tr>
              <th scope="col">Vak</th>
              <th scope="col">Toegang</th>
              <th scope="col">Via</th>
              <th scope="col">Tot</th>
            </tr>
          </thead>
          <tbody>
            {customer.access.map((row) => (
              <tr key={row.subject} className="border-t border-ink/10">
                <td className="py-2 pr-3">{row.subject}</td>
                <td className="py-2 pr-3">{ACCESS_STREAM_LABELS[row.stream] ?? row.stream}</td>
                <td className="py-2 pr-3">{ACCESS_SOURCE_LABELS[row.source] ?? row.source}</td>
                <td className="py-2">{row.until ? day(row.until) : 'Onbeperkt'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {may.verification && !customer.emailVerified ? (
        <>
          <h2 className="mt-10 text-xl font-bold">Bevestigingsmail opnieuw sturen</h2>
          <p className="mt-2 max-w-2xl">
            Het e-mailadres is nog niet bevestigd. De klant krijgt opnieuw een mail met een bevestigingslink (24 uur
            geldig).
          </p>
          <Notice answer={answer} intent="verification" />
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="verification" />
            <Button type="submit" variant="secondary">
              Bevestigingsmail sturen
            </Button>
          </Form>
        </>
      ) : null}

      {may.reset ? (
        <>
          <h2 className="mt-10 text-xl font-bold">Wachtwoord opnieuw instellen</h2>
          <p className="mt-2 max-w-2xl">
            De klant krijgt een mail met een link om zelf een nieuw wachtwoord te kiezen. Jij ziet of kiest het
            wachtwoord nooit.
          </p>
          <Notice answer={answer} intent="reset" />
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="reset" />
            <Button type="submit" variant="secondary">
              Resetmail sturen
            </Button>
          </Form>
        </>
      ) : null}

      {may.export ? (
        <>
          <h2 className="mt-10 text-xl font-bold">Gegevens exporteren</h2>
          <p className="mt-2 max-w-2xl">
            Alle gegevens van dit account als JSON-bestand (inzageverzoek volgens de AVG). Het downloaden komt in de
            auditlog.
          </p>
          <p className="mt-3">
            <a
              href={`/api/v1/backoffice/customers/${encodeURIComponent(customer.id)}/export`}
              download
              className="font-semibold underline"
            >
              Gegevens downloaden (JSON)
            </a>
          </p>
        </>
      ) : null}

      {may.delete ? (
        <>
          <h2 className="mt-10 text-xl font-bold">Account verwijderen op verzoek</h2>
          {customer.staff ? (
            <p className="mt-2 max-w-2xl">Dit is een medewerkersaccount; dat verwijder je hier niet.</p>
          ) : (
            <>
              <p className="mt-2 max-w-2xl">
                Het account, de inloggegevens, vakken, toegang en de nieuwsbriefinschrijving worden verwijderd en de
                klant wordt overal uitgelogd. Bestellingen en facturen blijven 7 jaar bewaard voor de belastingplicht,
                niet meer gekoppeld aan een account. Dit kan niet ongedaan worden gemaakt.
              </p>
              <Notice answer={answer} intent="delete" />
              <DeleteForm answer={answer} />
            </>
          )}
        </>
      ) : null}
    </section>
  );
}
