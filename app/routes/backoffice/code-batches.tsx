import { data, Form } from 'react-router';
import type { Route } from './+types/code-batches';
import { scopeContext } from '#app/context.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import {
  batchProducts,
  createLicenseCodeBatch,
  LICENSE_CODE_REFUSAL_STATUS,
  listLicenseCodeBatches,
} from '#app/modules/backoffice-codes/index.server.ts';
import { codeBatchSchema, MAX_BATCH_CODES } from '#app/modules/licenses/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';
import { TableScroll } from '#app/ui/primitives/table-scroll.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Codereeksen') },
  { name: 'robots', content: 'noindex' },
];

/** The CSV of a batch: the API's endpoint (the same guard, the staff session's cookie). */
const csvHref = (id: number) => `/api/v1/backoffice/license-code-batches/${id}/codes.csv`;

/** `/beheer/codes/batches` (BACKOFFICE_ACCESS.listLicenseCodeBatches): generate a batch, the batches, their CSV. */
export async function loader({ context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const [batches, products] = await Promise.all([listLicenseCodeBatches(scope), batchProducts(scope)]);
  return { batches, products };
}

type Answer = { ok: boolean; message: string; errors?: Record<string, string>; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'createLicenseCodeBatch');
  if (!access.ok) throw data(access.message, { status: 403 });
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  // An empty optional number is no number: leave it out, as the API's JSON would.
  for (const key of ['seats', 'examYear']) if (!values[key]) form.delete(key);
  if (values.kind !== 'class') form.delete('seats');
  const submission = parseForm(form, { schema: codeBatchSchema });
  if (submission.status !== 'success') {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).flatMap(([field, messages]) =>
        messages?.[0] ? [[field || 'label', messages[0]]] : [],
      ),
    );
    return data<Answer>({ ok: false, message: 'Controleer de velden hieronder.', errors, values }, { status: 400 });
  }
  const made = await createLicenseCodeBatch(scope, access.value, submission.value);
  if (!made.ok) {
    const errors = { productId: made.message };
    return data<Answer>(
      { ok: false, message: made.message, errors, values },
      { status: LICENSE_CODE_REFUSAL_STATUS[made.reason] },
    );
  }
  return { ok: true, message: made.value.message } satisfies Answer;
}

function Field({
  name,
  label,
  answer,
  children,
}: {
  name: string;
  label: string;
  answer: Answer | undefined;
  children: (props: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    defaultValue?: string;
  }) => React.ReactNode;
}) {
  const id = `batch-${name}`;
  const error = answer?.errors?.[name];
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}),
        ...(answer && !answer.ok ? { defaultValue: answer.values?.[name] ?? '' } : {}),
      })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function CodeBatchesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { batches, products } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-brand-dark">Codereeksen</h1>
      {actionData ? (
        <p
          role={actionData.ok ? 'status' : 'alert'}
          className={`mt-4 rounded-xl px-4 py-3 font-semibold ${actionData.ok ? 'bg-brand/10' : 'bg-danger/10 text-danger'}`}
        >
          {actionData.message}
        </p>
      ) : null}
      <h2 className="mt-8 text-xl font-bold">Reeks maken</h2>
      <p className="mt-2 max-w-2xl">
        Voor een drukrun (één leerling per code) of voor klaslicenties van een school (een aantal plaatsen per code).
        Daarna download je de codes als CSV-bestand voor Excel.
      </p>
      <Form method="post" className="mt-3 grid max-w-xl gap-4" noValidate key={actionData?.ok ? 'done' : 'form'}>
        <Field name="label" label="Naam van de reeks" answer={actionData}>
          {(props) => <input {...props} name="label" type="text" maxLength={100} required className={fieldClass} />}
        </Field>
        <Field name="productId" label="Product" answer={actionData}>
          {(props) => (
            <select {...props} name="productId" required className={fieldClass} defaultValue={props.defaultValue ?? ''}>
              <option value="" disabled>
                Kies een examenbundel
              </option>
              {products.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name} ({product.sku})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="kind" label="Soort codes" answer={actionData}>
          {(props) => (
            <select {...props} name="kind" required className={fieldClass} defaultValue={props.defaultValue ?? 'print'}>
              <option value="print">Drukwerk: één leerling per code</option>
              <option value="class">Klaslicenties: plaatsen per code</option>
            </select>
          )}
        </Field>
        <Field
          name="count"
          label={`Aantal codes (1 tot ${MAX_BATCH_CODES.toLocaleString('nl-NL')})`}
          answer={actionData}
        >
          {(props) => (
            <input
              {...props}
              name="count"
              type="number"
              min={1}
              max={MAX_BATCH_CODES}
              required
              className={fieldClass}
            />
          )}
        </Field>
        <Field name="seats" label="Plaatsen per klaslicentie (alleen bij klaslicenties)" answer={actionData}>
          {(props) => <input {...props} name="seats" type="number" min={1} max={1000} className={fieldClass} />}
        </Field>
        <Field name="examYear" label="Examenjaar (alleen bij klaslicenties; leeg: elk jaar)" answer={actionData}>
          {(props) => <input {...props} name="examYear" type="number" min={2020} max={2100} className={fieldClass} />}
        </Field>
        <div>
          <Button type="submit">Reeks maken</Button>
        </div>
      </Form>
      <h2 className="mt-10 text-xl font-bold">Reeksen</h2>
      {batches.length === 0 ? (
        <p className="mt-3">Er zijn nog geen reeksen.</p>
      ) : (
        <TableScroll className="mt-3">
          <table className="w-full text-left [&_td]:py-1 [&_td]:pr-3 [&_th]:pr-3">
            <caption className="sr-only">Codereeksen, nieuwste eerst</caption>
            <thead>
              <tr>
                <th scope="col">Naam</th>
                <th scope="col">Product</th>
                <th scope="col">Codes</th>
                <th scope="col">Geactiveerd</th>
                <th scope="col">Ingetrokken</th>
                <th scope="col">Gemaakt</th>
                <th scope="col">Bestand</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((batch) => (
                <tr key={batch.id} className="border-t border-ink/10 align-top">
                  <td className="py-2 pr-3">{batch.label}</td>
                  <td className="py-2 pr-3">
                    {batch.product}
                    {batch.seats
                      ? ` (klaslicenties, ${batch.seats} plaatsen${batch.examYear ? `, examen ${batch.examYear}` : ''})`
                      : ''}
                  </td>
                  <td className="py-2 pr-3">{batch.count}</td>
                  <td className="py-2 pr-3">{batch.redeemed}</td>
                  <td className="py-2 pr-3">{batch.revoked}</td>
                  <td className="py-2 pr-3">
                    {new Date(batch.createdAt).toLocaleDateString('nl-NL', { timeZone: 'Europe/Amsterdam' })}
                  </td>
                  <td className="py-2">
                    <a href={csvHref(batch.id)} download className="font-semibold underline">
                      CSV downloaden<span className="sr-only"> van {batch.label}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
