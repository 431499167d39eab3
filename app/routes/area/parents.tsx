import { data, Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/parents';
import { requireAreaUser, scopeContext } from '#app/context.ts';
import {
  GUARDIAN_MESSAGES,
  parentGradeShareSchema,
  parentInviteSchema,
  parentLinkIdParamsSchema,
  type ParentLinkView,
} from '#app/modules/guardians/index.ts';
import {
  endParentLink,
  GUARDIAN_REFUSAL_STATUS,
  inviteParent,
  listMyParents,
  setParentGradeShare,
} from '#app/modules/guardians/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { formatDutchDateWithYear } from '#app/platform/dates.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass, FieldError } from '#app/ui/primitives/text-field.tsx';
import { ErrorSummary, summaryErrors, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mijn ouders') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { parents: await listMyParents(context.get(scopeContext), requireAreaUser(context).id) };
}

interface ParentsAnswer {
  intent: 'invite' | 'end' | 'grade-share';
  message?: string;
  formError?: string;
  errors?: Record<string, string>;
  typed?: { email: string; under16: boolean };
}

/**
 * Invite a parent (the API's POST /v1/users/me/parents), end a link (its DELETE), and share one's grades with a
 * linked parent or stop (its PUT …/grade-share).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const formData = await request.formData();
  if (formData.get('intent') === 'grade-share') {
    const parsed = parentLinkIdParamsSchema.safeParse({ id: formData.get('linkId') });
    if (!parsed.success) {
      return data<ParentsAnswer>({ intent: 'grade-share', formError: GUARDIAN_MESSAGES.NOT_FOUND }, { status: 404 });
    }
    const submission = parseForm(formData, { schema: parentGradeShareSchema });
    if (submission.status !== 'success') {
      return data<ParentsAnswer>({ intent: 'grade-share', formError: GUARDIAN_MESSAGES.GRADE_SHARE }, { status: 400 });
    }
    const shared = await setParentGradeShare(scope, user, parsed.data.id, submission.value.share);
    if (!shared.ok) {
      return data<ParentsAnswer>(
        { intent: 'grade-share', formError: shared.message },
        { status: GUARDIAN_REFUSAL_STATUS[shared.reason] },
      );
    }
    return { intent: 'grade-share', message: shared.value.message } satisfies ParentsAnswer;
  }
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

/**
 * A pupil's grade share with one parent (issue 31): on or off, with what the parent then sees; only once the
 * parent accepted (the pupil then knows who it is). A plain post, the API's PUT …/parents/{id}/grade-share.
 */
function GradeShare({ link, busy }: { link: ParentLinkView; busy: boolean }) {
  if (link.status !== 'active') {
    return (
      <p className="w-full text-sm text-ink-soft">
        Je cijfers delen kan zodra deze uitnodiging is geaccepteerd: dan weet je wie ze ziet.
      </p>
    );
  }
  const name = link.parentName ?? link.email;
  const id = `cijfers-delen-${link.id}`;
  return (
    <Form method="post" className="w-full rounded-xl bg-surface p-3" aria-labelledby={id}>
      <p id={id} className="text-sm font-semibold">
        {link.sharesGrades ? `Je deelt je cijfers met ${name}.` : `${name} ziet je cijfers niet.`}
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        {link.sharesGrades
          ? `${name} ziet je SE-cijfers, je verwachte CE-cijfers, je oude examens en je slaagkans, maar kan niets veranderen. In de wekelijkse mail staan nooit cijfers.`
          : `Deel je ze, dan ziet ${name} op “Mijn kinderen” je SE-cijfers, je verwachte CE-cijfers, je oude examens en je slaagkans. Je kunt altijd stoppen.`}
      </p>
      <input type="hidden" name="intent" value="grade-share" />
      <input type="hidden" name="linkId" value={link.id} />
      <input type="hidden" name="share" value={link.sharesGrades ? 'false' : 'true'} />
      <Button type="submit" variant="secondary" size="small" className="mt-2" disabled={busy}>
        {link.sharesGrades ? 'Stop met delen' : 'Deel mijn cijfers'}
        <span className="sr-only"> ({name})</span>
      </Button>
    </Form>
  );
}

/** "Mijn ouders" (issue 31): the pupil invites a parent or carer, sees who follows them, and ends a link. */
export default function ParentsPage() {
  const { parents } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ParentsAnswer | undefined;
  // Issue 34: one error summary, focused after a refused submit, listing the form's and its fields' messages.
  const summary = useErrorSummary({
    refusal: answer?.formError || answer?.errors ? answer : null,
    errors: summaryErrors(
      { ...(answer?.formError ? { '': answer.formError } : {}), ...answer?.errors },
      (name) => name,
    ),
  });
  const busy = useNavigation().state === 'submitting';
  const emailError = answer?.intent === 'invite' ? answer.errors?.email : undefined;
  const typed = answer?.intent === 'invite' && answer.errors ? answer.typed : undefined;
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Mijn ouders</h1>
      <p className="mt-2 max-w-prose text-lg text-ink-soft">
        Een ouder of verzorger die je uitnodigt, ziet per vak of je op schema ligt voor de examendag, hoeveel minuten je
        per week leert en wanneer je examens zijn. Je antwoorden ziet die nooit, je cijfers alleen als je ze met die
        ouder deelt. Je kunt een koppeling altijd beëindigen.
      </p>
      {answer?.message ? (
        <p role="status" className="mt-6 rounded-xl bg-success-soft px-4 py-3 font-semibold text-success">
          {answer.message}
        </p>
      ) : null}
      <ErrorSummary {...summary} className="mt-6" />
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
              <GradeShare link={p} busy={busy} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
