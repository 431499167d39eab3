import { Form, Link } from 'react-router';
import type { Route } from './+types/customers';
import { scopeContext } from '#app/context.ts';
import { BACKOFFICE_PATHS } from '#app/modules/backoffice/index.ts';
import { searchCustomers } from '#app/modules/backoffice-customers/index.server.ts';
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_ROLE_LABELS,
  customerSearchSchema,
} from '#app/modules/backoffice-customers/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';
import { TableScroll } from '#app/ui/primitives/table-scroll.tsx';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Klanten') }, { name: 'robots', content: 'noindex' }];

/** `/beheer/klanten` (BACKOFFICE_ACCESS.listCustomers): find a customer by e-mail, name or order number. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const q = typeof params.q === 'string' ? params.q : '';
  const deleted = params.verwijderd === '1' ? CUSTOMER_MESSAGES.DELETED : null;
  const parsed = customerSearchSchema.safeParse(params);
  if (!parsed.success) return { q, deleted, invalid: CUSTOMER_MESSAGES.QUERY, customers: null };
  if (!parsed.data.q) return { q, deleted, invalid: null, customers: null };
  const short = !parsed.data.q.includes('@') && parsed.data.q.length < 2;
  if (short) return { q, deleted, invalid: CUSTOMER_MESSAGES.QUERY, customers: null };
  return { q, deleted, invalid: null, customers: await searchCustomers(context.get(scopeContext), parsed.data) };
}

const day = (iso: string) => new Date(iso).toLocaleDateString('nl-NL', { timeZone: 'Europe/Amsterdam' });

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const { q, deleted, invalid, customers } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-brand-dark">Klanten</h1>
      {deleted ? (
        <p role="status" className="mt-4 rounded-xl bg-brand/10 px-4 py-3 font-semibold">
          {deleted}
        </p>
      ) : null}
      <Form method="get" className="mt-6 flex max-w-2xl flex-wrap items-end gap-3" role="search">
        <div className="grow">
          <label htmlFor="customers-q" className="block font-semibold">
            E-mailadres, naam of bestelnummer
          </label>
          <input
            id="customers-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={254}
            className={fieldClass}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? 'customers-q-error' : 'customers-q-hint'}
          />
          <p id="customers-q-hint" className="mt-1 text-sm">
            Bijvoorbeeld naam@example.nl (precies), Jansen (een deel van de naam) of SB26-000123.
          </p>
          {invalid ? (
            <p id="customers-q-error" role="alert" className="mt-1 font-semibold text-danger">
              {invalid}
            </p>
          ) : null}
        </div>
        <Button type="submit">Zoeken</Button>
      </Form>
      {customers === null ? null : customers.length === 0 ? (
        <p className="mt-6" role="status">
          Geen klanten gevonden.
        </p>
      ) : (
        <TableScroll className="mt-6">
          <table className="w-full text-left">
            <caption className="sr-only">Gevonden klanten</caption>
            <thead>
              <tr>
                <th scope="col">Naam</th>
                <th scope="col">E-mailadres</th>
                <th scope="col">Rol</th>
                <th scope="col">Aangemaakt</th>
                <th scope="col">Bevestigd</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id} className="border-t border-ink/10 align-top">
                  <td className="py-2 pr-3">
                    <Link to={`${BACKOFFICE_PATHS.customers}/${encodeURIComponent(customer.id)}`} className="underline">
                      {customer.name}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{customer.email}</td>
                  <td className="py-2 pr-3">{CUSTOMER_ROLE_LABELS[customer.role]}</td>
                  <td className="py-2 pr-3">{day(customer.createdAt)}</td>
                  <td className="py-2">{customer.emailVerified ? 'Ja' : 'Nee'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
