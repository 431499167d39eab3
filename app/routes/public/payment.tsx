import { parseForm } from '#app/platform/schemas/form.ts';
import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/payment';
import { pageTitle } from '#app/platform/brand.ts';
import { formatMoney } from '#app/platform/sales.ts';
import {
  CHECKOUT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  paymentStatusText,
  CONFIRMATION_PATH,
  orderAccessSchema,
  paymentStartSchema,
  ORDER_MESSAGES,
} from '#app/modules/shop/index.ts';
import { PAYMENT_METHODS, type PaymentStatus } from '#app/platform/payments.ts';
import { scopeContext } from '#app/context.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { findViewableOrder, ORDER_REFUSAL_STATUS, startPayment } from '#app/modules/shop/index.server.ts';
import { orderWithCodes } from '#app/modules/licenses/index.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Betalen') },
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => PERSONAL;

async function viewableOrder(scope: Scope, request: Request) {
  const parsed = orderAccessSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const order = parsed.success ? await findViewableOrder(scope, request.headers, parsed.data) : null;
  if (!order) throw data(ORDER_MESSAGES.UNKNOWN_ORDER, { status: 404, headers: PERSONAL });
  return order;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const order = await viewableOrder(scope, request);
  const view = await orderWithCodes(scope, order);
  // A paid order has nothing left to pay: its confirmation says so.
  if (order.status === 'paid') throw redirect(`${CONFIRMATION_PATH}${view.accessQuery}`, { headers: PERSONAL });
  return data({ order: view }, { headers: PERSONAL });
}

/** Starts a payment at the provider for the order's own amount and sends the buyer there. */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const order = await viewableOrder(scope, request);
  const submission = parseForm(await request.formData(), { schema: paymentStartSchema });
  if (submission.status !== 'success') {
    return data({ message: CHECKOUT_MESSAGES.PAYMENT_METHOD }, { status: 400, headers: PERSONAL });
  }
  const started = await startPayment(scope, order, submission.value.method);
  if (!started.ok) {
    return data({ message: started.message }, { status: ORDER_REFUSAL_STATUS[started.reason], headers: PERSONAL });
  }
  return redirect(started.value.checkoutUrl, { status: 303, headers: PERSONAL });
}

export default function PaymentRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const retry = order.paymentStatus && ['failed', 'canceled', 'expired'].includes(order.paymentStatus);
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-4xl font-extrabold text-brand-dark md:text-5xl">Betalen</h1>
      <ol className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm font-semibold text-ink-soft" aria-label="Stappen">
        <li>1. Winkelwagen</li>
        <li>2. Gegevens</li>
        <li aria-current="step" className="text-brand-dark">
          3. Betalen
        </li>
        <li>4. Bevestiging</li>
      </ol>
      <div className="mt-8 grid max-w-4xl gap-8 md:grid-cols-[1fr_18rem]">
        <div>
          {order.status === 'cancelled' ? (
            <p role="alert" className="rounded-xl bg-danger/10 p-4 font-semibold text-danger">
              {ORDER_MESSAGES.CANCELLED}
            </p>
          ) : (
            <Form method="post" className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-ink/10 sm:p-6">
              {retry ? (
                <p role="alert" className="mb-5 rounded-xl bg-danger/10 p-4 font-semibold text-danger">
                  {paymentStatusText(order.paymentStatus as PaymentStatus)} Je bestelling staat nog voor je klaar: probeer
                  het opnieuw, eventueel met een andere betaalmethode.
                </p>
              ) : null}
              {actionData?.message ? (
                <p role="alert" className="mb-5 rounded-xl bg-danger/10 p-4 font-semibold text-danger">
                  {actionData.message}
                </p>
              ) : null}
              <fieldset>
                <legend className="text-xl font-bold">Kies hoe je betaalt</legend>
                <div className="mt-4 grid gap-3">
                  {PAYMENT_METHODS.map((method, i) => (
                    <label
                      key={method}
                      className="flex min-h-12 items-center gap-3 rounded-xl border-2 border-ink/15 px-4 py-3 has-checked:border-brand has-checked:bg-brand-soft"
                    >
                      <input type="radio" name="method" value={method} defaultChecked={i === 0} className="h-5 w-5 accent-brand-dark" />
                      <span className="font-semibold">{PAYMENT_METHOD_LABELS[method]}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <Button type="submit" disabled={busy} className="mt-6 w-full">
                {busy ? 'Bezig…' : `Betaal ${formatMoney(order.totalCents, { full: true })}`}
              </Button>
              <p className="mt-3 text-sm text-ink-soft">
                Je gaat naar de beveiligde betaalpagina van onze betaalprovider en komt daarna vanzelf hier terug.
              </p>
            </Form>
          )}
        </div>
        <aside aria-labelledby="pay-summary" className="h-fit rounded-2xl bg-surface p-5">
          <h2 id="pay-summary" className="text-lg font-bold">
            Bestelling {order.number}
          </h2>
          <ul className="mt-2 text-sm">
            {order.lines.map((line) => (
              <li key={line.sku}>
                {line.quantity} × {line.name}
              </li>
            ))}
          </ul>
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
            {order.discountCents > 0 ? (
              <>
                <dt>Stapelkorting ({order.discountPercent}%)</dt>
                <dd className="text-right text-success">− {formatMoney(order.discountCents, { full: true })}</dd>
              </>
            ) : null}
            <dt>Verzendkosten</dt>
            <dd className="text-right">{order.shippingCents ? formatMoney(order.shippingCents, { full: true }) : 'Gratis'}</dd>
            <dt className="text-base font-bold">Te betalen</dt>
            <dd className="text-right text-base font-bold" data-testid="amount-due">
              {formatMoney(order.totalCents, { full: true })}
            </dd>
            <dt className="text-ink-soft">Waarvan 9% btw</dt>
            <dd className="text-right text-ink-soft">{formatMoney(order.vatCents, { full: true })}</dd>
          </dl>
          <p className="mt-4 text-sm">
            Bezorgen bij {order.name}, {order.deliveryAddress.join(', ')}.
          </p>
        </aside>
      </div>
    </section>
  );
}
