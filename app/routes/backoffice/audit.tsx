import { Form, Link } from 'react-router';
import type { Route } from './+types/audit';
import { scopeContext } from '#app/context.ts';
import { auditQuerySchema, BACKOFFICE_PATHS, mayUse, type AuditQuery } from '#app/modules/backoffice/index.ts';
import { listAudit, staffAccess, verifyAuditChain } from '#app/modules/backoffice/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Auditlog') },
  { name: 'robots', content: 'noindex' },
];

const FILTERS = [
  { name: 'actor', label: 'Medewerker (gebruikers-id)', type: 'text' },
  { name: 'action', label: 'Actie', type: 'text' },
  { name: 'objectType', label: 'Soort object', type: 'text' },
  { name: 'objectId', label: 'Object-id', type: 'text' },
  { name: 'from', label: 'Vanaf (datum)', type: 'date' },
  { name: 'until', label: 'Tot en met (datum)', type: 'date' },
] as const;

/** `/beheer/audit` (BACKOFFICE_ACCESS.listAudit): the filtered log, newest first, by keyset; the chain's check. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = auditQuerySchema.safeParse(params);
  const query: AuditQuery = parsed.success ? parsed.data : auditQuerySchema.parse({});
  const page = await listAudit(scope, query);
  const access = await staffAccess(scope, request.headers, 'verifyAudit');
  const verify = params.controle === '1' && access.ok && mayUse(access.value.role, 'verifyAudit');
  const next = page.next ? new URLSearchParams({ ...params, before: String(page.next) }).toString() : null;
  return {
    entries: page.entries,
    next,
    invalid: !parsed.success,
    values: params,
    check: verify ? await verifyAuditChain(scope) : null,
  };
}

const json = (value: unknown) => (value === null ? '–' : JSON.stringify(value));

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { entries, next, invalid, values, check } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-brand-dark">Auditlog</h1>
      <Form method="get" className="mt-6 grid gap-4 md:grid-cols-3">
        {FILTERS.map((filter) => (
          <div key={filter.name}>
            <label htmlFor={`filter-${filter.name}`} className="block font-semibold">
              {filter.label}
            </label>
            <input
              id={`filter-${filter.name}`}
              name={filter.name}
              type={filter.type}
              defaultValue={values[filter.name] ?? ''}
              className={fieldClass}
            />
          </div>
        ))}
        <div className="flex items-end gap-3">
          <Button type="submit">Filteren</Button>
        </div>
      </Form>
      {invalid ? (
        <p role="alert" className="mt-4 rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
          Dit filter klopt niet; je ziet de nieuwste regels.
        </p>
      ) : null}
      <p className="mt-4">
        <Link to={`${BACKOFFICE_PATHS.audit}?controle=1`} className="font-semibold underline">
          Keten controleren
        </Link>
      </p>
      {check ? (
        <p role="status" className="mt-2 rounded-xl bg-surface px-4 py-3 font-semibold">
          {check.ok
            ? `De keten is heel: ${check.checked} regels gecontroleerd.`
            : `De keten is verbroken bij regel ${check.brokenAt} (na ${check.checked} goede regels).`}
        </p>
      ) : null}
      <table className="mt-6 w-full text-left text-sm">
        <caption className="sr-only">Auditlog, nieuwste eerst</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Tijdstip</th>
            <th scope="col">Medewerker</th>
            <th scope="col">Actie</th>
            <th scope="col">Object</th>
            <th scope="col">Voor</th>
            <th scope="col">Na</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-ink/10 align-top">
              <td className="py-2 pr-3">{entry.id}</td>
              <td className="py-2 pr-3">
                {new Date(entry.at).toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam' })}
              </td>
              <td className="py-2 pr-3 break-all">
                {entry.actorUserId ?? 'opdrachtregel'} {entry.actorRole ? `(${entry.actorRole})` : ''}
              </td>
              <td className="py-2 pr-3">{entry.action}</td>
              <td className="py-2 pr-3 break-all">
                {entry.objectType} {entry.objectId}
              </td>
              <td className="py-2 pr-3 font-mono break-all">{json(entry.before)}</td>
              <td className="py-2 font-mono break-all">{json(entry.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length === 0 ? <p className="mt-4">Geen regels gevonden.</p> : null}
      {next ? (
        <p className="mt-6">
          <Link to={`${BACKOFFICE_PATHS.audit}?${next}`} className="font-semibold underline">
            Oudere regels
          </Link>
        </p>
      ) : null}
    </section>
  );
}
