import { parseForm } from '#app/platform/schemas/form.ts';
import { data, redirect } from 'react-router';
import type { Route } from './+types/checkout';
import { pageTitle } from '#app/platform/brand.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { CHECKOUT_PATH, checkoutSchema } from '#app/modules/shop/index.ts';
import { CartTotals, CheckoutForm, type CheckoutFormResult } from '#app/modules/shop/ui.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import {
  emptiedCartCookies,
  checkoutPageData,
  ORDER_REFUSAL_STATUS,
  paymentPath,
  placeOrder,
} from '#app/modules/shop/index.server.ts';

const PERSONAL = 'private, no-store';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: pageTitle('Afrekenen'),
    description: 'Rond je bestelling bij Slaagbundel af.',
    path: CHECKOUT_PATH,
    publicUrl: publicUrlOf(matches),
  }),
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': PERSONAL });
  for (const cookie of loaderHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { setCookies, ...page } = await checkoutPageData(context.get(scopeContext), request.headers);
  const headers = new Headers({ 'Cache-Control': PERSONAL });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return data(page, { headers });
}

/** Parse with the shared schema → place the order (priced on the server) → the payment step. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: checkoutSchema });
  if (submission.status !== 'success') {
    return data<CheckoutFormResult>({ result: submission.reply() }, { status: 400 });
  }
  const scope = context.get(scopeContext);
  const placed = await placeOrder(scope, request.headers, submission.value);
  if (!placed.ok) {
    // What was typed stays; the message says what to change in the cart.
    return data<CheckoutFormResult>(
      { result: submission.reply({ formErrors: [placed.message] }) },
      { status: ORDER_REFUSAL_STATUS[placed.reason] },
    );
  }
  const headers = new Headers({ 'Cache-Control': PERSONAL });
  // The cart is empty now: so is the header's count.
  for (const cookie of emptiedCartCookies(scope)) headers.append('Set-Cookie', cookie);
  return redirect(paymentPath(placed.value), { status: 303, headers });
}

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, defaults, deliveryText, guestLimitMessage } = loaderData;
  if (cart.lines.length === 0) {
    return (
      <section className="container-page py-10 md:py-14">
        <h1 className="text-4xl font-extrabold text-brand-dark md:text-5xl">Afrekenen</h1>
        <div className="mt-8 max-w-xl rounded-3xl bg-surface p-8">
          <p className="text-xl font-bold">Je winkelwagen is leeg.</p>
          <p className="mt-2 text-ink-soft">Voeg eerst een product toe, dan kun je hier afrekenen.</p>
          <ButtonLink to="/producten" className="mt-6">
            Bekijk alle producten
          </ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <section className="container-page py-10 md:py-14">
      <p>
        <AppLink to="/winkelwagen" className="font-semibold text-brand-dark underline underline-offset-4">
          Terug naar je winkelwagen
        </AppLink>
      </p>
      <h1 className="mt-3 text-4xl font-extrabold text-brand-dark md:text-5xl">Afrekenen</h1>
      <ol className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm font-semibold text-ink-soft" aria-label="Stappen">
        <li>1. Winkelwagen</li>
        <li aria-current="step" className="text-brand-dark">
          2. Gegevens
        </li>
        <li>3. Betalen</li>
        <li>4. Bevestiging</li>
      </ol>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <CheckoutForm
          lastResult={actionData}
          defaults={defaults}
          deliveryText={deliveryText}
          shippingText={cart.shippingCents === 0 ? 'Gratis' : formatMoney(cart.shippingCents, { full: true })}
        />
        <aside aria-labelledby="order-summary" className="h-fit rounded-2xl bg-surface p-5 lg:sticky lg:top-28">
          <h2 id="order-summary" className="text-xl font-bold">
            Je bestelling
          </h2>
          <ul className="mt-3 divide-y divide-ink/10">
            {cart.lines.map((line) => (
              <li key={line.productId} className="flex justify-between gap-3 py-2 text-sm">
                <span>
                  {line.quantity} × {line.name}
                </span>
                <span className="shrink-0 font-semibold">{formatMoney(line.lineTotalCents, { full: true })}</span>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <CartTotals cart={cart} />
          </div>
          {guestLimitMessage ? (
            <p role="alert" className="mt-4 rounded-xl bg-danger/10 p-3 text-sm font-semibold text-danger">
              {guestLimitMessage}{' '}
              <AppLink to="/winkelwagen" className="underline">
                Naar je winkelwagen
              </AppLink>
            </p>
          ) : null}
          {!cart.fullyOrderable ? (
            <p role="alert" className="mt-4 rounded-xl bg-danger/10 p-3 text-sm font-semibold text-danger">
              Niet alle producten zijn te bestellen. Pas eerst je{' '}
              <AppLink to="/winkelwagen" className="underline">
                winkelwagen
              </AppLink>{' '}
              aan.
            </p>
          ) : null}
        </aside>
      </div>
    </section>
  );
}
