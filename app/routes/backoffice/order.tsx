import { data, Form, Link } from 'react-router';
import type { Route } from './+types/order';
import { scopeContext } from '#app/context.ts';
import { BACKOFFICE_PATHS, mayUse, type BackofficeOperation } from '#app/modules/backoffice/index.ts';
import {
  cancelOrderSchema,
  doublePaymentHandledSchema,
  orderNumberParamsSchema,
  resendOrderMailSchema,
} from '#app/modules/backoffice-orders/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import {
  cancelOrderByStaff,
  markDoublePaymentHandled,
  resendOrderConfirmation,
  STAFF_ORDER_REFUSAL_STATUS,
  staffOrder,
} from '#app/modules/backoffice-orders/index.server.ts';
import { refundPagePath } from '#app/modules/refunds/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { formatDutchDateTime } from '#app/platform/dates.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';
import { TableScroll } from '#app/ui/primitives/table-scroll.tsx';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: pageTitle(`Bestelling ${params.number}`) },
  { name: 'robots', content: 'noindex' },
];

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/** `/beheer/bestellingen/{number}` (BACKOFFICE_ACCESS.viewOrder; the layout's guard ran). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const number = orderNumberParamsSchema.safeParse(params);
  const order = number.success ? await staffOrder(scope, number.data.number) : null;
  if (!order?.ok) throw data('Deze bestelling bestaat niet.', { status: 404, headers: PERSONAL });
  const access = await staffAccess(scope, request.headers, 'viewOrder');
  const role = access.ok ? access.value.role : null;
  const may = (operation: BackofficeOperation) => role !== null && mayUse(role, operation);
  return {
    order: order.value,
    may: {
      resend: may('resendOrderMail'),
      cancel: may('cancelOrder'),
      handle: may('markDoublePaymentHandled'),
      refund: may('listRefunds'),
      codes: may('showLicenseCode'),
    },
  };
}

type Answer = { ok: boolean; message: string; intent: string; field?: string; values?: Record<string, string> };

const OPERATIONS: Record<string, BackofficeOperation> = {
  resend: 'resendOrderMail',
  cancel: 'cancelOrder',
  handled: 'markDoublePaymentHandled',
};

/** Resend the confirmation, cancel, mark a double payment handled: each checks its own operation's roles again. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const operation = OPERATIONS[intent];
  if (!operation) return data<Answer>({ ok: false, intent, message: 'Kies een actie.' }, { status: 400 });
  const access = await staffAccess(scope, request.headers, operation);
  if (!access.ok) throw data(access.message, { status: 403, headers: PERSONAL });
  const number = orderNumberParamsSchema.safeParse(params);
  if (!number.success) throw data('Deze bestelling bestaat niet.', { status: 404, headers: PERSONAL });
  const values = Object.fromEntries([...form].map(([key, value]) => [key, String(value)]));
  const schema =
    intent === 'resend' ? resendOrderMailSchema : intent === 'cancel' ? cancelOrderSchema : doublePaymentHandledSchema;
  const submission = parseForm(form, { schema });
  if (submission.status !== 'success') {
    const [field, messages] = Object.entries(submission.error ?? {}).find(([, m]) => m?.length) ?? ['', []];
    const message = messages?.[0] ?? 'Controleer het formulier.';
    return data<Answer>({ ok: false, intent, message, field, values }, { status: 400 });
  }
  const input = submission.value as Record<string, string>;
  const done =
    intent === 'resend'
      ? await resendOrderConfirmation(scope, access.value, number.data.number, { to: input.to })
      : intent === 'cancel'
        ? await cancelOrderByStaff(scope, access.value, number.data.number, { reason: input.reason! })
        : await markDoublePaymentHandled(scope, access.value, number.data.number, {
            paymentId: input.paymentId!,
            note: input.note!,
          });
  if (!done.ok) {
    const status = STAFF_ORDER_REFUSAL_STATUS[done.reason];
    return data<Answer>({ ok: false, intent, message: done.message, values }, { status });
  }
  return { ok: true, intent, message: done.value.message } satisfies Answer;
}

function Notice({ answer, intent }: { answer: Answer | undefined; intent: string }) {
  if (!answer || answer.intent !== intent) return null;
  return (
    <p
      role={answer.ok ? 'status' : 'alert'}
      className={`mt-3 rounded-xl px-4 py-3 font-semibold ${answer.ok ? 'bg-brand/10' : 'bg-danger/10 text-danger'}`}
    >
      {answer.message}
    </p>
  );
}

const when = (iso: string) => formatDutchDateTime(new Date(iso));

export default function StaffOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, may } = loaderData;
  const answer = actionData as Answer | undefined;
  const kept = (intent: string, field: string) =>
    answer && !answer.ok && answer.intent === intent ? (answer.values?.[field] ?? '') : '';
  const invalid = (intent: string, field: string) =>
    answer && !answer.ok && answer.intent === intent && answer.field === field ? true : undefined;
  return (
    <section>
      <p>
        <Link to={BACKOFFICE_PATHS.orders} className="font-semibold underline">
          ← Alle bestellingen
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark">Bestelling {order.number}</h1>
      <dl className="mt-4 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Status</dt>
        <dd>{order.statusLabel}</dd>
        <dt className="font-semibold">Geplaatst</dt>
        <dd>{when(order.createdAt)}</dd>
        <dt className="font-semibold">Betaald</dt>
        <dd>{order.paidAt ? when(order.paidAt) : 'Nog niet'}</dd>
        <dt className="font-semibold">Klant</dt>
        <dd className="break-all">
          {order.name} · {order.email} {order.guest ? '(zonder account)' : ''}
        </dd>
        <dt className="font-semibold">Totaal</dt>
        <dd>
          {formatMoney(order.totalCents)} (waarvan btw {formatMoney(order.vatCents)}; verzending{' '}
          {formatMoney(order.shippingCents)}; korting {formatMoney(order.discountCents)})
        </dd>
      </dl>

      <h2 className="mt-8 text-xl font-bold">Producten</h2>
      <TableScroll className="mt-2">
        <table className="w-full text-left">
          <caption className="sr-only">Producten van deze bestelling</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-3">
                Product
              </th>
              <th scope="col" className="pr-3">
                Artikelnummer
              </th>
              <th scope="col" className="pr-3 text-right">
                Aantal
              </th>
              <th scope="col" className="pr-3 text-right">
                Bedrag
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.position} className="border-t border-ink/10">
                <td className="py-2 pr-3">{line.name}</td>
                <td className="py-2 pr-3">{line.sku}</td>
                <td className="py-2 pr-3 text-right">{line.quantity}</td>
                <td className="py-2 pr-3 text-right">{formatMoney(line.lineTotalCents - line.discountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      {order.licenseCodes.length > 0 ? (
        <>
          <h2 className="mt-8 text-xl font-bold">Licentiecodes</h2>
          <ul className="mt-2 list-disc pl-6">
            {order.licenseCodes.map((code) => (
              <li key={code.code}>
                {may.codes ? (
                  <Link to={`${BACKOFFICE_PATHS.codes}/${code.code}`} className="font-semibold underline">
                    <code>{code.code}</code>
                  </Link>
                ) : (
                  <code>{code.code}</code>
                )}{' '}
                · {code.productName} · {code.redeemed ? 'verzilverd' : 'nog niet verzilverd'}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {order.doublePayments.length > 0 ? (
        <>
          <h2 className="mt-8 text-xl font-bold">Dubbele betalingen</h2>
          <ul className="mt-2 grid gap-4">
            {order.doublePayments.map((extra) => (
              <li key={extra.paymentId} className="rounded-xl border border-ink/10 p-4">
                <p>
                  <strong>{extra.paymentId}</strong> · {formatMoney(extra.amountCents)} · terugbetaling{' '}
                  {extra.refundStatus}
                  {extra.lastError ? ` (${extra.lastError})` : ''}
                </p>
                {extra.handledAt ? (
                  <p>
                    Afgehandeld op {when(extra.handledAt)}: {extra.handledNote}
                  </p>
                ) : may.handle ? (
                  <Form method="post" className="mt-2 grid max-w-xl gap-2" noValidate>
                    <input type="hidden" name="intent" value="handled" />
                    <input type="hidden" name="paymentId" value={extra.paymentId} />
                    <label htmlFor={`note-${extra.paymentId}`} className="font-semibold">
                      Wat is er met deze betaling gedaan?
                    </label>
                    <textarea
                      id={`note-${extra.paymentId}`}
                      name="note"
                      rows={2}
                      required
                      defaultValue={kept('handled', 'note')}
                      aria-invalid={invalid('handled', 'note')}
                      className={fieldClass}
                    />
                    <Button type="submit">Markeren als afgehandeld</Button>
                  </Form>
                ) : (
                  <p>Nog niet afgehandeld.</p>
                )}
              </li>
            ))}
          </ul>
          <Notice answer={answer} intent="handled" />
        </>
      ) : null}

      {may.refund && order.status === 'paid' ? (
        <p className="mt-6">
          <Link to={refundPagePath(order.number)} className="font-semibold underline">
            Terugbetalen en creditnota’s
          </Link>
        </p>
      ) : null}

      {may.resend && order.status === 'paid' ? (
        <>
          <h2 className="mt-8 text-xl font-bold">Bevestiging opnieuw sturen</h2>
          <Form method="post" className="mt-2 grid max-w-xl gap-2" noValidate>
            <input type="hidden" name="intent" value="resend" />
            <label htmlFor="resend-to" className="font-semibold">
              Naar een ander e-mailadres (leeg: {order.email})
            </label>
            <input
              id="resend-to"
              name="to"
              type="email"
              autoComplete="off"
              defaultValue={kept('resend', 'to')}
              aria-invalid={invalid('resend', 'to')}
              className={fieldClass}
            />
            <Button type="submit">Bevestiging met licentiecodes opnieuw sturen</Button>
          </Form>
          <Notice answer={answer} intent="resend" />
        </>
      ) : null}

      {may.cancel && order.mayCancel ? (
        <>
          <h2 className="mt-8 text-xl font-bold">Bestelling annuleren</h2>
          <Form method="post" className="mt-2 grid max-w-xl gap-2" noValidate>
            <input type="hidden" name="intent" value="cancel" />
            <label htmlFor="cancel-reason" className="font-semibold">
              Reden
            </label>
            <textarea
              id="cancel-reason"
              name="reason"
              rows={2}
              required
              defaultValue={kept('cancel', 'reason')}
              aria-invalid={invalid('cancel', 'reason')}
              className={fieldClass}
            />
            <Button type="submit">Bestelling annuleren</Button>
          </Form>
          <Notice answer={answer} intent="cancel" />
        </>
      ) : null}

      <h2 className="mt-8 text-xl font-bold">Betalingen</h2>
      {order.payments.length === 0 ? (
        <p className="mt-2">Nog geen betaling gestart.</p>
      ) : (
        <ul className="mt-2 list-disc pl-6">
          {order.payments.map((payment) => (
            <li key={payment.id}>
              {payment.id} · {payment.provider} · {payment.method ?? 'methode onbekend'} ·{' '}
              {formatMoney(payment.amountCents)} · {payment.status}
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-8 text-xl font-bold">Tijdlijn</h2>
      <ol className="mt-2 grid gap-2 border-l-2 border-brand/30 pl-4">
        {order.timeline.map((item, index) => (
          <li key={`${item.at}-${index}`}>
            <time dateTime={item.at} className="block text-sm text-ink/70">
              {when(item.at)}
            </time>
            <span>{item.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
