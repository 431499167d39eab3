import type { Route } from './+types/orders';
import { areaContext, scopeContext } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { orderDate, OrderStatusBadge } from '#app/modules/shop/ui.ts';
import { listMyOrders } from '#app/modules/licenses/index.server.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Bestellingen') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const area = context.get(areaContext);
  return { orders: area ? await listMyOrders(context.get(scopeContext), area.user.id) : [] };
}

/** The account's order history: each order's state, total and a link to its invoice. */
export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="text-2xl font-bold">
        Bestellingen
      </h2>
      {orders.length === 0 ? (
        <div className="mt-4 rounded-2xl bg-surface p-6">
          <p>Je hebt nog niets besteld terwijl je was ingelogd.</p>
          <ButtonLink to="/producten" className="mt-4">
            Bekijk de producten
          </ButtonLink>
        </div>
      ) : (
        <ul className="mt-4 grid gap-3">
          {orders.map((order) => (
            <li key={order.number} className="rounded-2xl border-2 border-ink/10 bg-white p-5">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 className="text-lg font-bold">
                  <AppLink to={`${AREA_PATHS.orders}/${order.number}`} className="hover:underline">
                    Bestelling {order.number}
                  </AppLink>
                </h3>
                <OrderStatusBadge order={order} />
              </div>
              <p className="mt-1 text-ink-soft">
                {orderDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? 'product' : 'producten'} ·{' '}
                <strong className="text-ink">{formatMoney(order.totalCents, { full: true })}</strong>
              </p>
              {order.status === 'pending' ? (
                <p className="mt-2">
                  <AppLink
                    to={`/afrekenen/betalen${order.accessQuery}`}
                    className="font-semibold text-brand-dark underline"
                  >
                    Nu betalen
                  </AppLink>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
