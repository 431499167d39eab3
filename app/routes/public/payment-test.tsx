import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/payment-test';
import { formatMoney } from '#app/platform/sales.ts';
import { scopeContext } from '#app/context.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { DEMO_OUTCOME_LABELS } from '#app/modules/shop/index.ts';
import { demoPaymentPage, settleDemoPayment } from '#app/modules/demo-payments/index.server.ts';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

export const meta: Route.MetaFunction = () => [{ title: 'Testbetaling | Slaagbundel' }, { name: 'robots', content: 'noindex' }];
export const headers: Route.HeadersFunction = () => PERSONAL;

/** The demo provider's checkout page; a 404 when a real provider is configured. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const payment = await demoPaymentPage(context.get(scopeContext), params.paymentId);
  if (!payment) throw data('Deze betaling bestaat niet.', { status: 404, headers: PERSONAL });
  return data({ payment }, { headers: PERSONAL });
}

/** The developer's choice: the provider settles the payment, calls our webhook and sends the buyer back. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const outcome = (await request.formData()).get('outcome');
  const back = await settleDemoPayment(context.get(scopeContext), params.paymentId, String(outcome));
  if (!back) throw data('Deze betaling bestaat niet.', { status: 404, headers: PERSONAL });
  return redirect(back, { status: 303, headers: PERSONAL });
}

export default function PaymentTestRoute({ loaderData }: Route.ComponentProps) {
  const { payment } = loaderData;
  return (
    <section className="container-page py-10 md:py-14">
      <div className="mx-auto max-w-lg rounded-3xl bg-white p-6 shadow-lg ring-1 ring-ink/10 sm:p-8">
        <p className="inline-block rounded-full bg-accent px-3 py-1 text-sm font-bold">Testomgeving</p>
        <h1 className="mt-3 text-3xl font-extrabold">Testbetaling</h1>
        <p className="mt-2 text-ink-soft">
          Dit is de betaalpagina van de demo-betaalprovider. Er wordt geen echt geld afgeschreven. Kies hoe de betaling
          afloopt.
        </p>
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-surface p-4">
          <dt className="font-semibold">Omschrijving</dt>
          <dd>{payment.description}</dd>
          <dt className="font-semibold">Bedrag</dt>
          <dd data-testid="test-amount">{formatMoney(payment.amountCents, { full: true })}</dd>
          <dt className="font-semibold">Status</dt>
          <dd>{payment.status}</dd>
        </dl>
        {payment.final ? (
          <p className="mt-5 font-semibold">Deze betaling is al afgerond.</p>
        ) : (
          <Form method="post" className="mt-6 grid gap-3">
            {Object.entries(DEMO_OUTCOME_LABELS).map(([outcome, label], i) => (
              <Button key={outcome} type="submit" name="outcome" value={outcome} variant={i === 0 ? 'primary' : 'secondary'}>
                {label}
              </Button>
            ))}
          </Form>
        )}
      </div>
    </section>
  );
}
