import { data } from 'react-router';
import type { Route } from './+types/order';
import { areaContext, scopeContext } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { Invoice, OrderStatusBadge } from '#app/modules/shop/ui.ts';
import { orderNumberParamsSchema } from '#app/modules/shop/index.ts';
import { getMyOrder } from '#app/modules/licenses/index.server.ts';
import { creditNotesOfOrder } from '#app/modules/refunds/index.server.ts';
import { CreditNote } from '#app/modules/refunds/ui.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Bestelling ${loaderData.order.number}` : 'Bestelling') },
  { name: 'robots', content: 'noindex' },
];

/** One of the user's orders; anyone else's (or an unknown number) is the 404 page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const area = context.get(areaContext);
  const parsed = orderNumberParamsSchema.safeParse(params);
  const order =
    area && parsed.success ? await getMyOrder(context.get(scopeContext), area.user.id, parsed.data.number) : null;
  if (!order) throw data('Deze bestelling kennen we niet.', { status: 404 });
  // The credit notes of the order's refunds (issue 32), printed with the invoice.
  return { order, creditNotes: await creditNotesOfOrder(context.get(scopeContext), order.number) };
}

export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  const { order, creditNotes } = loaderData;
  return (
    <section aria-label={`Bestelling ${order.number}`}>
      <p className="print:hidden">
        <AppLink to={AREA_PATHS.orders} className="font-semibold text-brand-dark underline underline-offset-4">
          Alle bestellingen
        </AppLink>
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <OrderStatusBadge order={order} />
        <button type="button" onClick={() => window.print()} className="btn btn-secondary btn-small">
          Factuur printen of opslaan als pdf
        </button>
      </div>
      <div className="mt-4">
        <Invoice order={order} />
      </div>
      {creditNotes.map((note) => (
        <div key={note.number} className="mt-6">
          <CreditNote note={note} />
        </div>
      ))}
      {order.licenseCodes.length > 0 ? (
        <section aria-labelledby="codes-title" className="mt-6 rounded-2xl bg-surface p-5 print:hidden">
          <h3 id="codes-title" className="font-bold">
            Licentiecodes
          </h3>
          <ul className="mt-2 space-y-1">
            {order.licenseCodes.map((c) => (
              <li key={c.code}>
                <code className="font-mono font-bold">{c.code}</code> {c.productName}
                {c.redeemed ? ' (gebruikt)' : ''}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">
            Geef een code aan een klasgenoot, of activeer hem zelf bij{' '}
            <AppLink to={AREA_PATHS.subjectsAndBooks} className="underline">
              Mijn vakken en boeken
            </AppLink>
            .
          </p>
        </section>
      ) : null}
    </section>
  );
}
