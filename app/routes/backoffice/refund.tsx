import { data, Form, Link } from 'react-router';
import type { Route } from './+types/refund';
import { scopeContext } from '#app/context.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import { refundOrder } from '#app/modules/backoffice-orders/index.server.ts';
import {
  creditNotePagePath,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  REFUND_STATUS_LABELS,
  refundOrderSchema,
} from '#app/modules/refunds/index.ts';
import { orderRefunds, REFUND_REFUSAL_STATUS } from '#app/modules/refunds/index.server.ts';
import { orderNumberParamsSchema } from '#app/modules/shop/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { FieldError, fieldClass } from '#app/ui/primitives/text-field.tsx';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: pageTitle(`Terugbetalen ${params.number}`) },
  { name: 'robots', content: 'noindex' },
];

const money = (cents: number) => formatMoney(cents, { full: true });
const NOT_FOUND = 'Deze bestelling bestaat niet.';

/** `/beheer/bestellingen/:number/terugbetalen` (BACKOFFICE_ACCESS.listRefunds; the layout's guard ran). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = orderNumberParamsSchema.safeParse(params);
  if (!parsed.success) throw data(NOT_FOUND, { status: 404 });
  const result = await orderRefunds(context.get(scopeContext), parsed.data.number);
  if (!result.ok) throw data(result.message, { status: 404 });
  return { order: result.value };
}

type Answer =
  | { ok: true; message: string; creditNote: string }
  | { ok: false; message: string; errors: Record<string, string[]>; values: Record<string, string> };

/** "Terugbetalen": the refund (BACKOFFICE_ACCESS.refundOrder, checked again) with its credit note. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'refundOrder');
  if (!access.ok) throw data(access.message, { status: 403 });
  const number = orderNumberParamsSchema.safeParse(params);
  if (!number.success) throw data(NOT_FOUND, { status: 404 });
  const form = await request.formData();
  const values = Object.fromEntries([...form].map(([key, value]) => [key, String(value)]));
  const submission = parseForm(form, { schema: refundOrderSchema });
  if (submission.status !== 'success') {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).flatMap(([field, messages]) =>
        messages?.length ? [[field, messages]] : [],
      ),
    );
    const message = Object.values(errors)[0]?.[0] ?? 'Controleer het formulier.';
    return data<Answer>({ ok: false, message, errors, values }, { status: 400 });
  }
  const result = await refundOrder(scope, access.value, number.data.number, submission.value);
  if (!result.ok) {
    const field = 'field' in result && result.field ? result.field.replace(/^lines\.(\d+)\./, 'lines[$1].') : 'form';
    return data<Answer>(
      { ok: false, message: result.message, errors: { [field]: [result.message] }, values },
      { status: REFUND_REFUSAL_STATUS[result.reason] },
    );
  }
  return { ok: true, message: result.value.message, creditNote: result.value.creditNote.number } satisfies Answer;
}

export default function RefundPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const typed = (name: string, fallback: string) => failed?.values[name] ?? fallback;
  const error = (name: string) => failed?.errors[name];
  const paid = order.status === 'paid';
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-brand-dark">Terugbetalen: bestelling {order.orderNumber}</h1>
      <p className="mt-2">
        Betaald {money(order.paidCents)} · nog terug te betalen {money(order.leftCents)}
      </p>
      {actionData ? (
        <p
          role={actionData.ok ? 'status' : 'alert'}
          className={`mt-4 rounded-xl px-4 py-3 font-semibold ${actionData.ok ? 'bg-brand/10' : 'bg-danger/10 text-danger'}`}
        >
          {actionData.message}{' '}
          {actionData.ok ? (
            <Link to={creditNotePagePath(actionData.creditNote)} className="underline">
              Creditnota {actionData.creditNote} bekijken
            </Link>
          ) : null}
        </p>
      ) : null}
      {paid ? (
        <Form method="post" className="mt-6 grid max-w-3xl gap-4" noValidate>
          <table className="w-full text-left">
            <caption className="sr-only">Producten van de bestelling en wat terug te betalen is</caption>
            <thead>
              <tr className="border-b border-ink/20">
                <th scope="col" className="py-2">
                  Product
                </th>
                <th scope="col" className="py-2 text-right">
                  Besteld
                </th>
                <th scope="col" className="py-2 text-right">
                  Terugbetaald
                </th>
                <th scope="col" className="py-2 text-right">
                  Betaald (na korting)
                </th>
                <th scope="col" className="py-2 pl-4">
                  Aantal terugbetalen
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, index) => {
                const left = line.quantity - line.refunded;
                const name = `lines[${index}].quantity`;
                const errors = error(name);
                return (
                  <tr key={line.position} className="border-b border-ink/10">
                    <td className="py-2 pr-2">
                      {line.name}
                      <span className="block text-xs text-ink-soft">
                        {line.sku} · btw {line.vatRatePercent}%
                      </span>
                    </td>
                    <td className="py-2 text-right">{line.quantity}</td>
                    <td className="py-2 text-right">{line.refunded}</td>
                    <td className="py-2 text-right">{money(line.paidCents)}</td>
                    <td className="py-2 pl-4">
                      <input type="hidden" name={`lines[${index}].position`} value={line.position} />
                      <label htmlFor={`refund-${index}`} className="sr-only">
                        Aantal terugbetalen van {line.name} (hoogstens {left})
                      </label>
                      <input
                        id={`refund-${index}`}
                        name={name}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={left}
                        defaultValue={typed(name, '0')}
                        disabled={left === 0}
                        className={`${fieldClass} max-w-24`}
                        aria-invalid={errors ? true : undefined}
                        aria-describedby={errors ? `refund-${index}-error` : undefined}
                      />
                      <FieldError id={`refund-${index}-error`} errors={errors} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {order.shippingCents > 0 ? (
            <div>
              <label className="flex items-center gap-2 font-semibold">
                <input
                  type="checkbox"
                  name="shipping"
                  defaultChecked={typed('shipping', '') === 'on'}
                  disabled={order.shippingRefunded}
                  aria-invalid={error('shipping') ? true : undefined}
                />
                Verzendkosten ({money(order.shippingCents)}) terugbetalen
                {order.shippingRefunded ? ' (al terugbetaald)' : ''}
              </label>
              <FieldError id="refund-shipping-error" errors={error('shipping')} />
            </div>
          ) : null}
          <div>
            <label htmlFor="refund-reason" className="block font-semibold">
              Reden
            </label>
            <select
              id="refund-reason"
              name="reason"
              defaultValue={typed('reason', '')}
              className={fieldClass}
              aria-invalid={error('reason') ? true : undefined}
              aria-describedby={error('reason') ? 'refund-reason-error' : undefined}
            >
              <option value="">Kies een reden</option>
              {REFUND_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REFUND_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
            <FieldError id="refund-reason-error" errors={error('reason')} />
          </div>
          <div>
            <label htmlFor="refund-note" className="block font-semibold">
              Toelichting (niet verplicht)
            </label>
            <textarea
              id="refund-note"
              name="note"
              rows={3}
              maxLength={500}
              defaultValue={typed('note', '')}
              className={fieldClass}
              aria-invalid={error('note') ? true : undefined}
            />
            <FieldError id="refund-note-error" errors={error('note')} />
          </div>
          <div>
            <Button type="submit">Terugbetalen en creditnota maken</Button>
          </div>
        </Form>
      ) : (
        <p className="mt-6 rounded-xl bg-surface px-4 py-3 font-semibold">
          Deze bestelling is niet betaald; er valt niets terug te betalen.
        </p>
      )}
      <h2 className="mt-10 text-xl font-bold">Eerdere terugbetalingen</h2>
      {order.refunds.length === 0 ? (
        <p className="mt-2">Nog geen terugbetalingen.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Eerdere terugbetalingen, nieuwste eerst</caption>
          <thead>
            <tr className="border-b border-ink/20">
              <th scope="col" className="py-2">
                Datum
              </th>
              <th scope="col" className="py-2">
                Status
              </th>
              <th scope="col" className="py-2">
                Reden
              </th>
              <th scope="col" className="py-2 text-right">
                Bedrag
              </th>
              <th scope="col" className="py-2 pl-4">
                Creditnota
              </th>
            </tr>
          </thead>
          <tbody>
            {order.refunds.map((refund) => (
              <tr key={refund.id} className="border-b border-ink/10">
                <td className="py-2">
                  {new Date(refund.createdAt).toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam' })}
                </td>
                <td className="py-2">{REFUND_STATUS_LABELS[refund.status] ?? refund.status}</td>
                <td className="py-2">
                  {REFUND_REASON_LABELS[refund.reason]}
                  {refund.note ? ` · ${refund.note}` : ''}
                </td>
                <td className="py-2 text-right">{money(refund.amountCents)}</td>
                <td className="py-2 pl-4">
                  {refund.creditNoteNumber ? (
                    <Link to={creditNotePagePath(refund.creditNoteNumber)} className="font-semibold underline">
                      {refund.creditNoteNumber}
                    </Link>
                  ) : (
                    '–'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
