import { data, Form, Link } from 'react-router';
import type { Route } from './+types/stock-product';
import { scopeContext } from '#app/context.ts';
import { mayUse } from '#app/modules/backoffice/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import {
  STOCK_CHANGE_KIND_LABELS,
  STOCK_MESSAGES,
  STOCK_PATHS,
  stockAdjustSchema,
  stockChangesQuerySchema,
  stockParamsSchema,
  type StockChangeView,
} from '#app/modules/backoffice-stock/index.ts';
import {
  adjustProductStock,
  STOCK_REFUSAL_STATUS,
  stockChangesOf,
} from '#app/modules/backoffice-stock/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { FieldError, fieldClass } from '#app/ui/primitives/text-field.tsx';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Voorraad ${loaderData.product.name}` : 'Voorraad') },
  { name: 'robots', content: 'noindex' },
];

/**
 * `/beheer/voorraad/:productId` (BACKOFFICE_ACCESS.listStock; the layout's guard ran): the product's stock, its
 * history (newest first, 50 a page) and, for the roles that may (adjustStock), the form that adjusts it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const id = stockParamsSchema.safeParse(params);
  if (!id.success) throw data(STOCK_MESSAGES.NOT_FOUND, { status: 404 });
  const query = stockChangesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(STOCK_MESSAGES.PAGE, { status: 404 });
  const [found, access] = await Promise.all([
    stockChangesOf(scope, id.data.productId, query.data.before),
    staffAccess(scope, request.headers, 'listStock'),
  ]);
  if (!found.ok) throw data(found.message, { status: 404 });
  return {
    ...found.value,
    older: query.data.before !== undefined,
    mayAdjust: access.ok && mayUse(access.value.role, 'adjustStock'),
  };
}

type Answer =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Record<string, string[]>; values: Record<string, string> };

/** "Voorraad aanpassen" (BACKOFFICE_ACCESS.adjustStock, checked again): the new stock or a change, with a reason. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'adjustStock');
  if (!access.ok) throw data(access.message, { status: 403 });
  const id = stockParamsSchema.safeParse(params);
  if (!id.success) throw data(STOCK_MESSAGES.NOT_FOUND, { status: 404 });
  const form = await request.formData();
  const values = Object.fromEntries([...form].map(([key, value]) => [key, String(value)]));
  // "+5" is how people write an increase; the schema reads plain integers.
  const parsedForm = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    parsedForm.set(
      key,
      key === 'delta' ? value.trim().replace(/^\+(?=\d)/, '') : key === 'quantity' ? value.trim() : value,
    );
  }
  const submission = parseForm(parsedForm, { schema: stockAdjustSchema });
  if (submission.status !== 'success') {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).flatMap(([field, messages]) =>
        messages?.length ? [[field || 'form', messages]] : [],
      ),
    );
    const message = Object.values(errors)[0]?.[0] ?? STOCK_MESSAGES.REASON;
    return data<Answer>({ ok: false, message, errors, values }, { status: 400 });
  }
  const result = await adjustProductStock(scope, access.value, id.data.productId, submission.value);
  if (!result.ok) {
    return data<Answer>(
      { ok: false, message: result.message, errors: { [result.field ?? 'form']: [result.message] }, values },
      { status: STOCK_REFUSAL_STATUS[result.reason] },
    );
  }
  return { ok: true, message: result.value.message } satisfies Answer;
}

const when = (iso: string) => new Date(iso).toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam' });
const who = (change: StockChangeView) =>
  change.staff ?? (change.kind === 'adjustment' ? 'Systeem' : STOCK_CHANGE_KIND_LABELS[change.kind]);
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`.replace('-', '−'));

export default function StockProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, changes, next, older, mayAdjust } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const typed = (name: string) => failed?.values[name] ?? '';
  const error = (name: string) => failed?.errors[name];
  const described = (name: string, hint?: string) =>
    [hint, error(name) ? `stock-${name}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <section>
      <p>
        <Link to={STOCK_PATHS.list} className="underline">
          Terug naar de voorraad
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark">{product.name}</h1>
      <dl className="mt-4 grid max-w-xl grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">SKU</dt>
        <dd className="font-mono">{product.sku}</dd>
        <dt className="font-semibold">Voorraad</dt>
        <dd>
          <strong className="text-xl tabular-nums">{product.quantity}</strong>
          {!product.orderable ? ' (niet te bestellen)' : product.low ? ' · lage voorraad' : ''}
        </dd>
      </dl>
      {actionData ? (
        <p
          role={actionData.ok ? 'status' : 'alert'}
          className={`mt-4 rounded-xl px-4 py-3 font-semibold ${actionData.ok ? 'bg-brand/10' : 'bg-danger/10 text-danger'}`}
        >
          {actionData.message}
        </p>
      ) : null}
      {mayAdjust ? (
        <>
          <h2 className="mt-10 text-xl font-bold">Voorraad aanpassen</h2>
          <Form method="post" className="mt-3 grid max-w-2xl gap-4" noValidate key={actionData?.ok ? 'done' : 'form'}>
            <p id="stock-how" className="text-sm">
              Vul de nieuwe voorraad in, of hoeveel erbij of eraf gaat (bijvoorbeeld 20 of -3). Een reden is verplicht.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="stock-quantity" className="block font-semibold">
                  Nieuwe voorraad
                </label>
                <input
                  id="stock-quantity"
                  name="quantity"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={typed('quantity')}
                  className={fieldClass}
                  aria-invalid={error('quantity') ? true : undefined}
                  aria-describedby={described('quantity', 'stock-how')}
                />
                <FieldError id="stock-quantity-error" errors={error('quantity')} />
              </div>
              <div>
                <label htmlFor="stock-delta" className="block font-semibold">
                  Of: wijziging (+/−)
                </label>
                <input
                  id="stock-delta"
                  name="delta"
                  type="text"
                  autoComplete="off"
                  defaultValue={typed('delta')}
                  className={fieldClass}
                  aria-invalid={error('delta') ? true : undefined}
                  aria-describedby={described('delta', 'stock-how')}
                />
                <FieldError id="stock-delta-error" errors={error('delta')} />
              </div>
            </div>
            <div>
              <label htmlFor="stock-reason" className="block font-semibold">
                Reden
              </label>
              <textarea
                id="stock-reason"
                name="reason"
                required
                minLength={3}
                maxLength={500}
                rows={2}
                defaultValue={typed('reason')}
                className={fieldClass}
                aria-invalid={error('reason') ? true : undefined}
                aria-describedby={described('reason')}
              />
              <FieldError id="stock-reason-error" errors={error('reason')} />
            </div>
            <div>
              <Button type="submit">Voorraad aanpassen</Button>
            </div>
          </Form>
        </>
      ) : null}
      <h2 className="mt-10 text-xl font-bold">Geschiedenis</h2>
      {changes.length === 0 ? (
        <p className="mt-3">{older ? 'Geen oudere wijzigingen.' : 'Nog geen wijzigingen.'}</p>
      ) : (
        <table className="mt-3 w-full text-left">
          <caption className="sr-only">Voorraadwijzigingen, nieuwste eerst</caption>
          <thead>
            <tr>
              <th scope="col">Tijdstip</th>
              <th scope="col">Door</th>
              <th scope="col">Van → naar</th>
              <th scope="col">Wijziging</th>
              <th scope="col">Reden</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.id} className="border-t border-ink/10 align-top">
                <td className="py-2 pr-3">{when(change.at)}</td>
                <td className="py-2 pr-3">{who(change)}</td>
                <td className="py-2 pr-3 tabular-nums">
                  {change.from} → {change.to}
                </td>
                <td className="py-2 pr-3 tabular-nums">{signed(change.delta)}</td>
                <td className="py-2">{change.reason ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next ? (
        <p className="mt-6">
          <Link to={`${STOCK_PATHS.product(product.productId)}?before=${next}`} className="font-semibold underline">
            Oudere wijzigingen
          </Link>
        </p>
      ) : null}
    </section>
  );
}
