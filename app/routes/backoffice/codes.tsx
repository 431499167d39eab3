import { Form, Link } from 'react-router';
import type { Route } from './+types/codes';
import { scopeContext } from '#app/context.ts';
import { BACKOFFICE_PATHS, mayUse } from '#app/modules/backoffice/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import { searchLicenseCodes } from '#app/modules/backoffice-codes/index.server.ts';
import { CODE_ADMIN_MESSAGES, CODE_STATUS_LABELS, codeSearchSchema } from '#app/modules/licenses/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';
import { TableScroll } from '#app/ui/primitives/table-scroll.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Licentiecodes') },
  { name: 'robots', content: 'noindex' },
];

/** `/beheer/codes` (BACKOFFICE_ACCESS.listLicenseCodes): search by code, order number or e-mail address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = codeSearchSchema.safeParse(params);
  const q = typeof params.q === 'string' ? params.q : '';
  if (!parsed.success) return { q, invalid: CODE_ADMIN_MESSAGES.QUERY, codes: [], next: null, csv: null };
  if (!parsed.data.q) return { q, invalid: null, codes: null, next: null, csv: null };
  const [page, access] = await Promise.all([
    searchLicenseCodes(scope, parsed.data),
    staffAccess(scope, request.headers, 'listLicenseCodes'),
  ]);
  const next = page.next ? new URLSearchParams({ q: parsed.data.q, after: page.next }).toString() : null;
  const mayExport = access.ok && mayUse(access.value.role, 'exportLicenseCodes') && page.codes.length > 0;
  const csv = mayExport ? `/api/v1/backoffice/license-codes.csv?${new URLSearchParams({ q: parsed.data.q })}` : null;
  return { q, invalid: null, codes: page.codes, next, csv };
}

export default function CodesPage({ loaderData }: Route.ComponentProps) {
  const { q, invalid, codes, next, csv } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-brand-dark">Licentiecodes</h1>
      <Form method="get" className="mt-6 flex max-w-2xl flex-wrap items-end gap-3" role="search">
        <div className="grow">
          <label htmlFor="codes-q" className="block font-semibold">
            Code, bestelnummer of e-mailadres
          </label>
          <input
            id="codes-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={254}
            className={fieldClass}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? 'codes-q-error' : 'codes-q-hint'}
          />
          <p id="codes-q-hint" className="mt-1 text-sm">
            Bijvoorbeeld SB-7KQ4-MX9P-2HTD, SB26-000123 of naam@example.nl (van een bestelling of van wie de code
            activeerde).
          </p>
          {invalid ? (
            <p id="codes-q-error" role="alert" className="mt-1 font-semibold text-danger">
              {invalid}
            </p>
          ) : null}
        </div>
        <Button type="submit">Zoeken</Button>
      </Form>
      {codes === null ? null : codes.length === 0 ? (
        <p className="mt-6" role="status">
          Geen codes gevonden.
        </p>
      ) : (
        <TableScroll className="mt-6">
          <table className="w-full text-left">
            <caption className="sr-only">Gevonden licentiecodes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Product</th>
                <th scope="col">Bestelling</th>
                <th scope="col">Status</th>
                <th scope="col">Aangemaakt</th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code.code} className="border-t border-ink/10 align-top">
                  <td className="py-2 pr-3 font-mono">
                    <Link to={`${BACKOFFICE_PATHS.codes}/${encodeURIComponent(code.code)}`} className="underline">
                      {code.code}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">
                    {code.product}
                    {code.seats ? ` (klaslicentie, ${code.seats} plaatsen)` : ''}
                  </td>
                  <td className="py-2 pr-3">{code.orderNumber ?? '–'}</td>
                  <td className="py-2 pr-3">{CODE_STATUS_LABELS[code.status]}</td>
                  <td className="py-2">
                    {new Date(code.createdAt).toLocaleDateString('nl-NL', { timeZone: 'Europe/Amsterdam' })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {csv ? (
        <p className="mt-4">
          <a href={csv} download className="font-semibold underline">
            Gevonden codes downloaden als CSV
          </a>
        </p>
      ) : null}
      {next ? (
        <p className="mt-6">
          <Link to={`${BACKOFFICE_PATHS.codes}?${next}`} className="font-semibold underline">
            Volgende codes
          </Link>
        </p>
      ) : null}
    </section>
  );
}
