import { data, Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/parents';
import { requireAreaUser, scopeContext } from '#app/context.ts';
import { GUARDIAN_MESSAGES, parentInviteSchema, parentLinkIdParamsSchema } from '#app/modules/guardians/index.ts';
import {
  endParentLink,
  GUARDIAN_REFUSAL_STATUS,
  inviteParent,
  listMyParents,
} from '#app/modules/guardians/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { formatDutchDateWithYear } from '#app/platform/dates.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass, FieldError } from '#app/ui/primitives/text-field.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mijn ouders') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { parents: await listMyParents(context.get(scopeContext), requireAreaUser(context).id) };
}

interface ParentsAnswer {
  intent: 'invite' | 'end';
  message?: string;
  formError?: string;
  errors?: Record<string, string>;
  typed?: { email: string; under16: boolean };
}

/** Invite a parent (the API's POST /v1/users/me/parents) and end a link (its DELETE). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const formData = await request.formData();
  if (formData.get('intent') === 'end') {
    const parsed = parentLinkIdParamsSchema.safeParse({ id: formData.get('linkId') });
    const ended = parsed.success ? await endParentLink(scope, user.id, parsed.data.id) : null;
    if (!ended?.ok) {
      return data<ParentsAnswer>({ intent: 'end', formError: GUARDIAN_MESSAGES.NOT_FOUND }, { status: 404 });
    }
    return { intent: 'end', message: ended.value.message } satisfies ParentsAnswer;
  }
  formData.delete('intent');
  const typed = { email: String(formData.get('email') ?? '').slice(0, 254), under16: formData.get('under16') === 'on' };
  const submission = parseForm(formData, { schema: parentInviteSchema });
  if (submission.status !== 'success') {
    return data<ParentsAnswer>(
      { intent: 'invite', errors: { email: submission.error?.email?.[0] ?? GUARDIAN_MESSAGES.EMAIL }, typed },
      { status: 400 },
    );
  }
  const invited = await inviteParent(scope, user, submission.value);
  if (!invited.ok) {
    const status = invited.reason === 'rate_limited' ? 429 : GUARDIAN_REFUSAL_STATUS[invited.reason];
    const errors = invited.field ? { [invited.field]: invited.message } : undefined;
    return data<ParentsAnswer>(
      { intent: 'invite', typed, ...(errors ? { errors } : { formError: invited.message }) },
      { status },
    );
  }
  return { intent: 'invite', message: invited.value.message } satisfies ParentsAnswer;
}

/** "Mijn ouders" (issue 31): the pupil invites a parent or carer, sees who follows them, and ends a link. */
export default function ParentsPage() {
  const { parents } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ParentsAnswer | undefined;
  const busy = useNavigation().state === 'submitting';
  const emailError = answer?.intent === 'invite' ? answer.errors?.email : undefined;
  const typed = answer?.intent === 'invite' && answer.errors ? answer.typed : undefined;
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Mijn ouders</h1>
      <p className="mt-2 max-w-prose text-lg text-ink-soft">
        Een ouder of verzorger die je uitnodigt, ziet per vak of je op schema ligt voor de examendag, hoeveel minuten je
        per week leert en wanneer je examens zijn. Je antwoorden en cijfers ziet die niet. Je kunt een koppeling altijd
        beëindigen.
      </p>
      {answer?.message ? (
        <p role="status" className="mt-6 rounded-xl bg-success-soft px-4 py-3 font-semibold text-success">
          {answer.message}
        </p>
      ) : null}
      {answer?.formError ? (
        <p role="alert" className="mt-6 rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
          {answer.formError}
        </p>
      ) : null}
      <Form
        method="post"
        className="mt-8 max-w-md rounded-2xl bg-surface p-5"
        noValidate
        aria-labelledby="invite-title"
      >
        <h2 id="invite-title" className="text-xl font-bold">
          Ouder uitnodigen
        </h2>
        <input type="hidden" name="intent" value="invite" />
        <label htmlFor="email" className="mt-3 block font-semibold">
          E-mailadres van je ouder of verzorger
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="off"
          defaultValue={typed?.email ?? ''}
          key={answer?.intent === 'invite' && answer.message ? 'sent' : 'typing'}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'email-error' : undefined}
          className={fieldClass}
        />
        <FieldError id="email-error" errors={emailError ? [emailError] : undefined} />
        <label className="mt-3 flex items-start gap-2">
          <input type="checkbox" name="under16" defaultChecked={typed?.under16} className="mt-1 size-5" />
          <span>
            Ik ben jonger dan 16 jaar
            <span className="block text-sm text-ink-soft">Dan vragen we je ouder om toestemming voor je account.</span>
          </span>
        </label>
        <Button type="submit" className="mt-4" disabled={busy}>
          Uitnodiging versturen
        </Button>
      </Form>
      <h2 className="mt-10 text-xl font-bold">Gekoppeld en uitgenodigd</h2>
      {parents.length === 0 ? (
        <p className="mt-3 text-ink-soft">Nog niemand volgt je voorbereiding.</p>
      ) : (
        <ul className="mt-3 grid max-w-2xl gap-3">
          {parents.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border-2 border-ink/10 p-4"
            >
              <span>
                <span className="font-semibold">{p.parentName ?? p.email}</span>
                <span className="block text-sm text-ink-soft">
                  {p.status === 'active'
                    ? `Volgt je voorbereiding (${p.email})`
                    : `Uitgenodigd op ${formatDutchDateWithYear(new Date(p.invitedAt))}`}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="linkId" value={p.id} />
                <Button type="submit" variant="secondary" size="small" disabled={busy}>
                  {p.status === 'active' ? 'Koppeling beëindigen' : 'Uitnodiging intrekken'}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
