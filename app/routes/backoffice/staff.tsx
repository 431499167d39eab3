import { data, Form } from 'react-router';
import type { Route } from './+types/staff';
import { scopeContext } from '#app/context.ts';
import {
  changeStaffRoleSchema,
  inviteStaffSchema,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  staffUserParamsSchema,
  type BackofficeOperation,
} from '#app/modules/backoffice/index.ts';
import {
  changeStaffRole,
  disableStaff,
  inviteStaff,
  listStaff,
  staffAccess,
} from '#app/modules/backoffice/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';
import { TableScroll } from '#app/ui/primitives/table-scroll.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Medewerkers') },
  { name: 'robots', content: 'noindex' },
];

/** `/beheer/medewerkers` (BACKOFFICE_ACCESS.listStaff; the layout's guard ran). */
export async function loader({ context }: Route.LoaderArgs) {
  return { staff: await listStaff(context.get(scopeContext)) };
}

type Answer = { ok: boolean; message: string; field?: string };

/** Invite, change a role, block: each checks its own operation's roles (BACKOFFICE_ACCESS) again. */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const operation: BackofficeOperation =
    intent === 'role' ? 'changeStaffRole' : intent === 'disable' ? 'disableStaff' : 'inviteStaff';
  const access = await staffAccess(scope, request.headers, operation);
  if (!access.ok) throw data(access.message, { status: 403 });
  if (operation === 'inviteStaff') {
    const submission = parseForm(form, { schema: inviteStaffSchema });
    if (submission.status !== 'success') {
      const [field, messages] = Object.entries(submission.error ?? {}).find(([, m]) => m?.length) ?? ['email', []];
      return data<Answer>({ ok: false, message: messages?.[0] ?? 'Controleer het formulier.', field }, { status: 400 });
    }
    const invited = await inviteStaff(scope, access.value, submission.value);
    if (!invited.ok) return data<Answer>({ ok: false, message: invited.message, field: 'email' }, { status: 409 });
    return { ok: true, message: invited.value.message } satisfies Answer;
  }
  const target = staffUserParamsSchema.safeParse({ userId: form.get('userId') });
  if (!target.success) return data<Answer>({ ok: false, message: 'Deze medewerker bestaat niet.' }, { status: 404 });
  if (operation === 'changeStaffRole') {
    const role = changeStaffRoleSchema.safeParse({ role: form.get('role') });
    if (!role.success) return data<Answer>({ ok: false, message: 'Kies een rol.' }, { status: 400 });
    const changed = await changeStaffRole(scope, access.value, target.data.userId, role.data.role);
    if (!changed.ok) return data<Answer>({ ok: false, message: changed.message }, { status: 409 });
    return { ok: true, message: 'De rol is gewijzigd.' } satisfies Answer;
  }
  const disabled = await disableStaff(scope, access.value, target.data.userId);
  if (!disabled.ok) return data<Answer>({ ok: false, message: disabled.message }, { status: 409 });
  return { ok: true, message: 'De medewerker is geblokkeerd.' } satisfies Answer;
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const emailError = actionData && !actionData.ok && actionData.field === 'email' ? actionData.message : null;
  const roleError = actionData && !actionData.ok && actionData.field === 'role' ? actionData.message : null;
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-brand-dark">Medewerkers</h1>
      {actionData ? (
        <p
          role={actionData.ok ? 'status' : 'alert'}
          className={`mt-4 rounded-xl px-4 py-3 font-semibold ${actionData.ok ? 'bg-brand/10' : 'bg-danger/10 text-danger'}`}
        >
          {actionData.message}
        </p>
      ) : null}
      <h2 className="mt-8 text-xl font-bold">Medewerker uitnodigen</h2>
      <Form method="post" className="mt-3 grid max-w-xl gap-4" noValidate>
        <input type="hidden" name="intent" value="invite" />
        <div>
          <label htmlFor="invite-email" className="block font-semibold">
            E-mailadres
          </label>
          <input
            id="invite-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            className={fieldClass}
            aria-invalid={emailError ? true : undefined}
          />
        </div>
        <div>
          <label htmlFor="invite-role" className="block font-semibold">
            Rol
          </label>
          <select
            id="invite-role"
            name="role"
            required
            defaultValue=""
            className={fieldClass}
            aria-invalid={roleError ? true : undefined}
          >
            <option value="" disabled>
              Kies een rol
            </option>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Uitnodiging versturen</Button>
      </Form>
      <h2 className="mt-10 text-xl font-bold">Alle medewerkers</h2>
      <TableScroll className="mt-3">
        <table className="w-full text-left [&_td]:py-1 [&_td]:pr-3 [&_th]:pr-3">
          <caption className="sr-only">Medewerkers met hun rol</caption>
          <thead>
            <tr>
              <th scope="col">Naam</th>
              <th scope="col">E-mailadres</th>
              <th scope="col">Rol</th>
              <th scope="col">Status</th>
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.staff.map((member) => (
              <tr key={member.userId} className="border-t border-ink/10 align-top">
                <td className="py-2 pr-3">{member.name}</td>
                <td className="py-2 pr-3">{member.email}</td>
                <td className="py-2 pr-3">{STAFF_ROLE_LABELS[member.role]}</td>
                <td className="py-2 pr-3">{member.disabledAt ? 'Geblokkeerd' : 'Actief'}</td>
                <td className="py-2">
                  {member.disabledAt ? null : (
                    <div className="flex flex-wrap gap-2">
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="userId" value={member.userId} />
                        <label className="sr-only" htmlFor={`role-${member.userId}`}>
                          Nieuwe rol voor {member.name}
                        </label>
                        <select
                          id={`role-${member.userId}`}
                          name="role"
                          defaultValue={member.role}
                          className="rounded-lg border-2 border-ink/20 px-2"
                        >
                          {STAFF_ROLES.map((role) => (
                            <option key={role} value={role}>
                              {STAFF_ROLE_LABELS[role]}
                            </option>
                          ))}
                        </select>
                        <Button type="submit" variant="secondary" size="small">
                          Rol wijzigen
                        </Button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="disable" />
                        <input type="hidden" name="userId" value={member.userId} />
                        <Button type="submit" variant="secondary" size="small" aria-label={`${member.name} blokkeren`}>
                          Blokkeren
                        </Button>
                      </Form>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
