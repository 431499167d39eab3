import { useEffect } from 'react';
import { data, useRevalidator } from 'react-router';
import type { Route } from './+types/confirmation';
import { AREA_PATH, pageTitle } from '#app/platform/brand.ts';
import { paymentStatusText, PAYMENT_PATH, orderAccessSchema, ORDER_MESSAGES } from '#app/modules/shop/index.ts';
import { notifyCartChanged, OrderLinesTable } from '#app/modules/shop/ui.ts';
import { type PaymentStatus } from '#app/platform/payments.ts';
import { scopeContext } from '#app/context.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { CheckIcon } from '#app/ui/primitives/icons.tsx';
import { findViewableOrder } from '#app/modules/shop/index.server.ts';
import { orderWithCodes, unlockedSubjects } from '#app/modules/licenses/index.server.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';

const PERSONAL = { 'Cache-Control': 'private, no-store' };
/** While a payment is still open, the page asks again this often (and at most this many times). */
const POLL_MS = 3000;
const POLL_TIMES = 20;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Bevestiging') },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => PERSONAL;

/** Shows the order's state, nothing more: the state changes only by the provider's webhook. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const parsed = orderAccessSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const order = parsed.success ? await findViewableOrder(scope, request.headers, parsed.data) : null;
  if (!order) throw data(ORDER_MESSAGES.UNKNOWN_ORDER, { status: 404, headers: PERSONAL });
  const [view, unlocked] = await Promise.all([orderWithCodes(scope, order), unlockedSubjects(scope, order)]);
  return data({ order: view, unlocked }, { headers: PERSONAL });
}

function useWhileWaiting(waiting: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    let times = 0;
    const timer = setInterval(() => {
      times += 1;
      if (times > POLL_TIMES) clearInterval(timer);
      else void revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidate]);
}

export default function ConfirmationRoute({ loaderData }: Route.ComponentProps) {
  const { order, unlocked } = loaderData;
  const paid = order.status === 'paid';
  const failed = !paid && order.paymentStatus !== null && ['failed', 'canceled', 'expired'].includes(order.paymentStatus);
  // Also while the paid order's access is being granted (the fulfilment job runs in a moment).
  const waiting = (order.status === 'pending' && !failed) || (paid && !unlocked.ready);
  useWhileWaiting(waiting);
  // The cart was emptied when the order was placed.
  useEffect(() => notifyCartChanged(), []);

  return (
    <section className="container-page py-10 md:py-14">
      <div className="mx-auto max-w-3xl">
        {paid ? (
          <>
            <p className="flex items-center gap-2 font-bold text-success">
              <CheckIcon width={24} height={24} aria-hidden="true" /> Betaling ontvangen
            </p>
            <h1 className="mt-2 text-4xl font-extrabold text-brand-dark md:text-5xl">Bedankt voor je bestelling!</h1>
            <p className="mt-4 text-lg">
              Je bestelnummer is <strong data-testid="order-number">{order.number}</strong>. We hebben een bevestiging
              gestuurd naar <strong>{order.email}</strong>.
            </p>
          </>
        ) : order.status === 'cancelled' ? (
          <>
            <h1 className="text-4xl font-extrabold text-brand-dark md:text-5xl">Bestelling geannuleerd</h1>
            <p className="mt-4 text-lg">{ORDER_MESSAGES.CANCELLED}</p>
          </>
        ) : failed ? (
          <>
            <h1 className="text-4xl font-extrabold text-brand-dark md:text-5xl">Betaling niet gelukt</h1>
            <p role="alert" className="mt-4 text-lg">
              {paymentStatusText(order.paymentStatus as PaymentStatus)} Je bestelling <strong>{order.number}</strong>{' '}
              {ORDER_MESSAGES.HELD}
            </p>
            <ButtonLink to={`${PAYMENT_PATH}${order.accessQuery}`} className="mt-6">
              Opnieuw betalen
            </ButtonLink>
          </>
        ) : (
          <>
            <h1 className="text-4xl font-extrabold text-brand-dark md:text-5xl">We wachten op je betaling</h1>
            <p role="status" className="mt-4 text-lg">
              {paymentStatusText((order.paymentStatus ?? 'open') as PaymentStatus)} Deze pagina werkt zichzelf bij zodra
              de betaling binnen is.
            </p>
            <p className="mt-2">
              <AppLink to={`${PAYMENT_PATH}${order.accessQuery}`} className="font-semibold underline underline-offset-4">
                Nog niet betaald? Betaal je bestelling
              </AppLink>
            </p>
          </>
        )}

        {paid ? (
          <section aria-labelledby="next-steps" className="mt-8 rounded-2xl bg-surface p-6">
            <h2 id="next-steps" className="text-xl font-bold">
              Wat gebeurt er nu?
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5">
              <li>
                We pakken je bestelling in en geven haar aan PostNL. Verwacht:{' '}
                <strong>{order.expectedDelivery ?? 'binnen 2 werkdagen'}</strong>.
              </li>
              <li>PostNL mailt je de track-and-trace-code.</li>
              {unlocked.subjects.length > 0 ? (
                <li data-testid="unlocked-subjects">
                  {unlocked.ready
                    ? 'Je examenbundel staat al klaar in Mijn Slaagbundel:'
                    : 'We zetten je examenbundel nu klaar in Mijn Slaagbundel. Dat duurt een paar tellen:'}
                  <ul className="mt-1 space-y-1">
                    {unlocked.subjects.map((subject) => (
                      <li key={subject.href}>
                        <AppLink to={subject.href} className="font-semibold underline underline-offset-4">
                          {subject.title} in Mijn Slaagbundel
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : null}
              {order.licenseCodes.length > 0 ? (
                <li data-testid="redeem-codes">
                  {order.licenseCodes.length === 1 ? 'Met de licentiecode' : 'Met de licentiecodes'} hieronder zet je een
                  examenbundel klaar in{' '}
                  <AppLink to={AREA_PATH} className="font-semibold underline underline-offset-4">
                    Mijn Slaagbundel
                  </AppLink>
                  : log in of maak een gratis account aan en vul de code in bij{' '}
                  <AppLink to={AREA_PATHS.subjectsAndBooks} className="font-semibold underline underline-offset-4">
                    Account › Mijn vakken en boeken
                  </AppLink>
                  . Je vindt de codes ook in de bevestigingsmail. Bestel je voor je kind? Geef de code door, dan vult je kind hem in.
                </li>
              ) : null}
            </ol>
            {order.licenseCodes.length > 0 ? (
              <ul className="mt-4 space-y-1" aria-label="Licentiecodes">
                {order.licenseCodes.map((c) => (
                  <li key={c.code}>
                    <code className="rounded bg-white px-2 py-1 font-mono font-bold">{c.code}</code> {c.productName}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby="order-lines" className="mt-8 rounded-2xl bg-white p-6 shadow-md ring-1 ring-ink/10">
          <h2 id="order-lines" className="text-xl font-bold">
            Bestelling {order.number}
          </h2>
          <OrderLinesTable order={order} variant="confirmation" />
          <p className="mt-4 text-sm">
            Bezorgen bij {order.name}, {order.deliveryAddress.join(', ')}.
          </p>
        </section>
        <p className="mt-8">
          <AppLink to="/examentips" className="font-semibold text-brand-dark underline underline-offset-4">
            Lees intussen onze examentips
          </AppLink>
        </p>
      </div>
    </section>
  );
}
