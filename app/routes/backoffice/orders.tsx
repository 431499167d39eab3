import { Form, Link } from 'react-router';
import type { Route } from './+types/orders';
import { scopeContext } from '#app/context.ts';
import { BACKOFFICE_PATHS } from '#app/modules/backoffice/index.ts';
import { orderQuerySchema, type OrderQuery } from '#app/modules/backoffice-orders/index.ts';
import { listOrders } from '#app/modules/backoffice-orders/index.server.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '#app/modules/shop/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { DEFAULT_TIME_ZONE } from '#app/platform/dates.ts';
import { PAYMENT_METHODS } from '#app/platform/payments.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';
import { TableScroll } from '#app/ui/primitives/table-scroll.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Bestellingen') },
  { name: 'robots', content: 'noindex' },
];

/** '30-11-2026 14:05': short enough for a column on a phone. */
const placed = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: DEFAULT_TIME_ZONE,
});

const METHOD_LABELS: Record<string, string> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  creditcard: 'Creditcard',
  paypal: 'PayPal',
};

/** `/beheer/bestellingen` (BACKOFFICE_ACCESS.listOrders; the layout's guard ran): filtered, newest first, by keyset. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = orderQuerySchema.safeParse(params);
  const query: OrderQuery = parsed.success ? parsed.data : orderQuerySchema.parse({});
  const scope = context.get(scopeContext);
  const page = await listOrders(scope, query);
  const next = page.next ? new URLSearchParams({ ...params, before: String(page.next) }).toString() : null;
  const mayExport = (await staffAccess(scope, request.headers, 'exportOrders')).ok;
  return {
    orders: page.orders,
    next,
    invalid: !parsed.success,
    values: params,
    paged: query.before !== undefined,
    mayExport,
  };
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, next, invalid, values, paged, mayExport } = loaderData;
  const selection = new URLSearchParams(Object.entries(values).filter(([key]) => key !== 'before')).toString();
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-brand-dark">Bestellingen</h1>
      <Form method="get" className="mt-6 grid gap-4 md:grid-cols-3" aria-label="Bestellingen zoeken">
        <div className="md:col-span-3">
          <label htmlFor="orders-q" className="block font-semibold">
            Bestelnummer of e-mailadres
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={values.q ?? ''}
            placeholder="SB26-000123 of naam@voorbeeld.nl"
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="orders-status" className="block font-semibold">
            Status
          </label>
          <select id="orders-status" name="status" defaultValue={values.status ?? ''} className={fieldClass}>
            <option value="">Alle</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-method" className="block font-semibold">
            Betaalmethode
          </label>
          <select id="orders-method" name="method" defaultValue={values.method ?? ''} className={fieldClass}>
            <option value="">Alle</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {METHOD_LABELS[method] ?? method}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <label className="flex items-center gap-2 font-semibold">
            <input type="checkbox" name="flagged" value="1" defaultChecked={values.flagged === '1'} />
            Alleen met een open dubbele betaling
          </label>
        </div>
        <div>
          <label htmlFor="orders-from" className="block font-semibold">
            Vanaf (datum)
          </label>
          <input id="orders-from" name="from" type="date" defaultValue={values.from ?? ''} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="orders-until" className="block font-semibold">
            Tot en met (datum)
          </label>
          <input id="orders-until" name="until" type="date" defaultValue={values.until ?? ''} className={fieldClass} />
        </div>
        <div className="flex items-end gap-3">
          <Button type="submit">Zoeken</Button>
          <Link to={BACKOFFICE_PATHS.orders} className="font-semibold underline">
            Wissen
          </Link>
        </div>
      </Form>
      {invalid ? (
        <p role="alert" className="mt-4 rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
          Dit filter klopt niet; je ziet de nieuwste bestellingen.
        </p>
      ) : null}
      {orders.length === 0 ? (
        <p role="status" className="mt-6">
          Geen bestellingen gevonden.
        </p>
      ) : (
        <TableScroll className="mt-6">
          <table className="w-full text-left">
            <caption className="sr-only">Bestellingen, nieuwste eerst</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-3">
                  Nummer
                </th>
                <th scope="col" className="pr-3">
                  Geplaatst
                </th>
                <th scope="col" className="pr-3">
                  E-mailadres
                </th>
                <th scope="col" className="pr-3">
                  Status
                </th>
                <th scope="col" className="pr-3">
                  Methode
                </th>
                <th scope="col" className="pr-3 text-right">
                  Totaal
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.number} className="border-t border-ink/10 align-top">
                  <td className="py-2 pr-3">
                    <Link to={`${BACKOFFICE_PATHS.orders}/${order.number}`} className="font-semibold underline">
                      {order.number}
                    </Link>
                    {order.flagged ? (
                      <span className="ml-2 rounded bg-danger/10 px-2 text-sm font-semibold text-danger">
                        Dubbel betaald
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap py-2 pr-3">{placed.format(new Date(order.createdAt))}</td>
                  <td className="break-all py-2 pr-3">{order.email}</td>
                  <td className="py-2 pr-3">{order.statusLabel}</td>
                  <td className="py-2 pr-3">{order.method ? (METHOD_LABELS[order.method] ?? order.method) : '–'}</td>
                  <td className="py-2 pr-3 text-right">{formatMoney(order.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {mayExport ? (
        <section aria-labelledby="exports" className="mt-8 rounded-xl border border-ink/10 p-4">
          <h2 id="exports" className="text-xl font-bold">
            Exports voor de boekhouding
          </h2>
          <p className="mt-2">
            <a href={`/api/v1/backoffice/orders.csv?${selection}`} className="font-semibold underline">
              Deze selectie als CSV downloaden
            </a>
          </p>
          <form
            method="get"
            action="/api/v1/backoffice/credit-notes.csv"
            className="mt-4 flex flex-wrap items-end gap-4"
          >
            <div>
              <label htmlFor="export-from" className="block font-semibold">
                Creditnota’s vanaf
              </label>
              <input id="export-from" name="from" type="date" required className={fieldClass} />
            </div>
            <div>
              <label htmlFor="export-until" className="block font-semibold">
                tot en met
              </label>
              <input id="export-until" name="until" type="date" required className={fieldClass} />
            </div>
            <Button type="submit">Creditnota’s als CSV downloaden</Button>
          </form>
        </section>
      ) : null}
      <p className="mt-6 flex gap-6">
        {paged ? (
          <Link to={`${BACKOFFICE_PATHS.orders}?${selection}`} className="font-semibold underline">
            Terug naar de nieuwste
          </Link>
        ) : null}
        {next ? (
          <Link to={`${BACKOFFICE_PATHS.orders}?${next}`} className="font-semibold underline">
            Oudere bestellingen
          </Link>
        ) : null}
      </p>
    </section>
  );
}
