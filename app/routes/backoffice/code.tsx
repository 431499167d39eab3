import { data, Form, Link } from 'react-router';
import type { Route } from './+types/code';
import { scopeContext } from '#app/context.ts';
import { BACKOFFICE_PATHS, mayUse, type BackofficeOperation } from '#app/modules/backoffice/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import {
  getLicenseCode,
  LICENSE_CODE_REFUSAL_STATUS,
  reissueLicenseCode,
  revokeLicenseCode,
} from '#app/modules/backoffice-codes/index.server.ts';
import {
  CODE_ADMIN_MESSAGES,
  CODE_EVENT_LABELS,
  CODE_STATUS_LABELS,
  codeReasonSchema,
} from '#app/modules/licenses/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: pageTitle(`Code ${params.code}`) },
  { name: 'robots', content: 'noindex' },
];

/** `/beheer/codes/:code` (BACKOFFICE_ACCESS.showLicenseCode): the code, who has it, its history, and its actions. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const found = await getLicenseCode(scope, params.code);
  if (!found.ok) throw data(found.message, { status: 404 });
  const access = await staffAccess(scope, request.headers, 'showLicenseCode');
  const role = access.ok ? access.value.role : null;
  return {
    code: found.value,
    mayRevoke: role !== null && mayUse(role, 'revokeLicenseCode'),
    mayReissue: role !== null && mayUse(role, 'reissueLicenseCode'),
  };
}

type Answer = { ok: boolean; intent: string; message: string; reason?: string; newCode?: string };

/** Revoke or reissue, with the reason: each checks its own operation's roles (BACKOFFICE_ACCESS) again. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const form = await request.formData();
  const intent = form.get('intent') === 'reissue' ? 'reissue' : 'revoke';
  const operation: BackofficeOperation = intent === 'reissue' ? 'reissueLicenseCode' : 'revokeLicenseCode';
  const access = await staffAccess(scope, request.headers, operation);
  if (!access.ok) throw data(access.message, { status: 403 });
  const reason = String(form.get('reason') ?? '');
  const submission = parseForm(form, { schema: codeReasonSchema });
  if (submission.status !== 'success') {
    return data<Answer>({ ok: false, intent, message: CODE_ADMIN_MESSAGES.REASON, reason }, { status: 400 });
  }
  const result =
    intent === 'reissue'
      ? await reissueLicenseCode(scope, access.value, params.code, submission.value.reason)
      : await revokeLicenseCode(scope, access.value, params.code, submission.value.reason);
  if (!result.ok) {
    const status = LICENSE_CODE_REFUSAL_STATUS[result.reason];
    return data<Answer>({ ok: false, intent, message: result.message, reason }, { status });
  }
  const answer: Answer = { ok: true, intent, message: result.value.message };
  const replacedBy = (result.value as { replacedBy?: string }).replacedBy;
  if (replacedBy) answer.newCode = replacedBy;
  return answer;
}

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam' }) : '–';

function detailsText(details: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof details.reason === 'string') parts.push(`Reden: ${details.reason}`);
  if (typeof details.newCode === 'string') parts.push(`Nieuwe code: ${details.newCode}`);
  if (typeof details.replaces === 'string') parts.push(`Vervangt: ${details.replaces}`);
  if (details.accessTaken === true) parts.push('Toegang weggenomen');
  return parts.join(' · ');
}

function ReasonForm({
  intent,
  label,
  button,
  answer,
}: {
  intent: 'revoke' | 'reissue';
  label: string;
  button: string;
  answer: Answer | undefined;
}) {
  const error = answer && !answer.ok && answer.intent === intent ? answer.message : null;
  const id = `reason-${intent}`;
  return (
    <Form method="post" className="mt-3 grid max-w-xl gap-3" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <div>
        <label htmlFor={id} className="block font-semibold">
          {label}
        </label>
        <textarea
          id={id}
          name="reason"
          required
          minLength={3}
          maxLength={500}
          rows={2}
          defaultValue={error ? (answer?.reason ?? '') : ''}
          className={fieldClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 font-semibold text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" variant="secondary">
          {button}
        </Button>
      </div>
    </Form>
  );
}

export default function CodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { code, mayRevoke, mayReissue } = loaderData;
  const rows: [string, React.ReactNode][] = [
    ['Product', code.product],
    ['Vak', code.subject],
    ['Status', CODE_STATUS_LABELS[code.status]],
    ...(code.seats
      ? [['Klaslicentie', `${code.seats} plaatsen, examenjaar ${code.examYear ?? 'elk'}`] as [string, string]]
      : []),
    ['Bestelling', code.orderNumber ? `${code.orderNumber} (${code.orderEmail ?? ''})` : '–'],
    ['Reeks', code.batch ?? '–'],
    ['Geactiveerd door', code.redeemer ? `${code.redeemer.name} (${code.redeemer.email})` : '–'],
    ['Geactiveerd op', when(code.redeemedAt)],
    ['Ingetrokken op', code.revokedAt ? `${when(code.revokedAt)} – ${code.revokedReason ?? ''}` : '–'],
    ['Vervangt', code.replaces ? <Link to={`${BACKOFFICE_PATHS.codes}/${code.replaces}`}>{code.replaces}</Link> : '–'],
    [
      'Vervangen door',
      code.replacedBy ? <Link to={`${BACKOFFICE_PATHS.codes}/${code.replacedBy}`}>{code.replacedBy}</Link> : '–',
    ],
  ];
  const open = code.status !== 'revoked';
  return (
    <section>
      <p>
        <Link to={BACKOFFICE_PATHS.codes} className="underline">
          Terug naar zoeken
        </Link>
      </p>
      <h1 className="mt-2 font-mono text-3xl font-extrabold text-brand-dark">{code.code}</h1>
      {actionData ? (
        <div
          role={actionData.ok ? 'status' : 'alert'}
          className={`mt-4 rounded-xl px-4 py-3 font-semibold ${actionData.ok ? 'bg-brand/10' : 'bg-danger/10 text-danger'}`}
        >
          <p>{actionData.message}</p>
          {actionData.newCode ? (
            <p className="mt-1">
              <Link to={`${BACKOFFICE_PATHS.codes}/${actionData.newCode}`} className="underline">
                Naar de nieuwe code {actionData.newCode}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <dl className="mt-6 grid max-w-3xl grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="[&_a]:underline">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-10 text-xl font-bold">Geschiedenis</h2>
      <table className="mt-3 w-full text-left">
        <caption className="sr-only">Geschiedenis van de code, oudste eerst</caption>
        <thead>
          <tr>
            <th scope="col">Tijdstip</th>
            <th scope="col">Gebeurtenis</th>
            <th scope="col">Door</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {code.history.map((event, index) => (
            <tr key={index} className="border-t border-ink/10 align-top">
              <td className="py-2 pr-3">{when(event.at)}</td>
              <td className="py-2 pr-3">{CODE_EVENT_LABELS[event.kind]}</td>
              <td className="py-2 pr-3">{event.staff ?? 'Webwinkel of klant'}</td>
              <td className="py-2">{detailsText(event.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {open && mayReissue ? (
        <>
          <h2 className="mt-10 text-xl font-bold">Opnieuw uitgeven</h2>
          <p className="mt-2 max-w-2xl">
            De code wordt ingetrokken (de toegang die hij gaf vervalt) en er komt een nieuwe code voor hetzelfde
            product. Die mailen we naar{' '}
            {code.orderEmail ?? code.redeemer?.email ?? 'niemand: er is geen e-mailadres bekend'}.
          </p>
          <ReasonForm
            intent="reissue"
            label="Reden voor opnieuw uitgeven"
            button="Opnieuw uitgeven"
            answer={actionData}
          />
        </>
      ) : null}
      {open && mayRevoke ? (
        <>
          <h2 className="mt-10 text-xl font-bold">Intrekken</h2>
          <p className="mt-2 max-w-2xl">
            De code werkt daarna niet meer en de toegang die hij gaf vervalt. Toegang uit een bestelling, een andere
            code of een klaslicentie blijft.
          </p>
          <ReasonForm intent="revoke" label="Reden voor intrekken" button="Code intrekken" answer={actionData} />
        </>
      ) : null}
    </section>
  );
}
