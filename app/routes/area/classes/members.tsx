import { useState } from 'react';
import { data, Form, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/members';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import {
  CLASS_MESSAGES,
  classIdParamsSchema,
  coTeacherSchema,
  MEMBER_STATUS_LABELS,
  type MemberView,
  CLASS_LIMITS,
} from '#app/modules/classes/index.ts';
import {
  addCoTeacher,
  approveMember,
  freeSeat,
  redeemClassLicense,
  CLASS_REFUSAL_STATUS,
  getTaughtClass,
  removeMember,
  renewJoinCode,
} from '#app/modules/classes/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { formatDutchDateWithYear } from '#app/platform/dates.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { licenseCodeSchema } from '#app/modules/licenses/index.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { ClassHeader } from '#app/modules/classes/ui.ts';
import { fieldClass, FieldError } from '#app/ui/primitives/text-field.tsx';
import { ErrorSummary, summaryErrors, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';

export const meta: Route.MetaFunction = ({ loaderData: page }) => [
  { title: pageTitle(page ? `${page.class.name}: leerlingen en klascode` : 'Klas') },
  { name: 'robots', content: 'noindex' },
];

const classIdOf = (params: { classId?: string }) => {
  const parsed = classIdParamsSchema.safeParse({ id: params.classId });
  if (!parsed.success) refusePage({ status: 404, message: CLASS_MESSAGES.NOT_FOUND });
  return parsed.data.id;
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await getTaughtClass(context.get(scopeContext), requireAreaUser(context), classIdOf(params));
  if (!found.ok) refusePage({ status: CLASS_REFUSAL_STATUS[found.reason], message: found.message });
  return found.value;
}

interface ClassAnswer {
  intent: string;
  message?: string;
  formError?: string;
  errors?: Record<string, string>;
  typed?: Record<string, string>;
}

/** The class's forms, each the API's write through the same use case: approve, remove, a colleague, a new code. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const classId = classIdOf(params);
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const pupilId = String(formData.get('userId') ?? '').slice(0, 64);
  const answer = (
    result:
      | Awaited<ReturnType<typeof approveMember>>
      | Awaited<ReturnType<typeof removeMember>>
      | Awaited<ReturnType<typeof freeSeat>>,
  ) =>
    result.ok
      ? ({ intent, message: result.value.message } satisfies ClassAnswer)
      : data<ClassAnswer>({ intent, formError: result.message }, { status: CLASS_REFUSAL_STATUS[result.reason] });
  if (intent === 'approve') return answer(await approveMember(scope, user, classId, pupilId));
  if (intent === 'remove') return answer(await removeMember(scope, user, classId, pupilId));
  if (intent === 'free-seat') return answer(await freeSeat(scope, user, classId, pupilId));
  if (intent === 'license') {
    const typedCode = { code: String(formData.get('code') ?? '').slice(0, 40) };
    const parsed = parseForm(formData, { schema: licenseCodeSchema });
    if (parsed.status !== 'success') {
      return data<ClassAnswer>(
        { intent, errors: { code: parsed.error?.code?.[0] ?? CLASS_MESSAGES.LICENSE_CODE }, typed: typedCode },
        { status: 400 },
      );
    }
    const redeemed = await redeemClassLicense(scope, user, classId, parsed.value.code);
    if (!redeemed.ok) {
      const errors = redeemed.field ? { [redeemed.field]: redeemed.message } : undefined;
      return data<ClassAnswer>(
        { intent, typed: typedCode, ...(errors ? { errors } : { formError: redeemed.message }) },
        { status: CLASS_REFUSAL_STATUS[redeemed.reason] },
      );
    }
    return { intent, message: redeemed.value.message } satisfies ClassAnswer;
  }
  if (intent === 'renew') {
    const renewed = await renewJoinCode(scope, user, classId);
    return renewed.ok
      ? ({ intent, message: renewed.value.message } satisfies ClassAnswer)
      : data<ClassAnswer>({ intent, formError: renewed.message }, { status: CLASS_REFUSAL_STATUS[renewed.reason] });
  }
  const typed = { email: String(formData.get('email') ?? '').slice(0, 254) };
  const submission = parseForm(formData, { schema: coTeacherSchema });
  if (submission.status !== 'success') {
    return data<ClassAnswer>(
      { intent: 'teacher', errors: { email: submission.error?.email?.[0] ?? CLASS_MESSAGES.EMAIL }, typed },
      { status: 400 },
    );
  }
  const added = await addCoTeacher(scope, user, classId, submission.value.email);
  if (!added.ok) {
    const errors = added.field ? { [added.field]: added.message } : undefined;
    return data<ClassAnswer>(
      { intent: 'teacher', typed, ...(errors ? { errors } : { formError: added.message }) },
      { status: CLASS_REFUSAL_STATUS[added.reason] },
    );
  }
  return { intent: 'teacher', message: added.value.message } satisfies ClassAnswer;
}

/** The code with a copy button (with JavaScript; without it the code is there to read and select). */
function JoinCode({ code, until, archived }: { code: string; until: string; archived: boolean }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-labelledby="code-title" className="rounded-2xl bg-surface p-5">
      <h2 id="code-title" className="text-xl font-bold">
        Klascode
      </h2>
      <p className="mt-2 font-mono text-3xl font-extrabold tracking-widest" data-testid="join-code">
        {code}
      </p>
      <p className="mt-2 text-sm text-ink-soft">
        {new Date(until).getTime() > Date.now()
          ? `Leerlingen komen er direct mee in de klas tot en met ${formatDutchDateWithYear(new Date(until))}. Daarna laat jij ze eerst toe.`
          : `De code is ouder dan ${CLASS_LIMITS.freeJoinDays} dagen: wie zich nu aanmeldt, laat jij eerst toe.`}
      </p>
      {archived ? null : (
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              void navigator.clipboard?.writeText(code).then(() => setCopied(true));
            }}
          >
            Code kopiëren
          </Button>
          <Form method="post">
            <input type="hidden" name="intent" value="renew" />
            <Button type="submit" variant="tertiary" size="small">
              Nieuwe code maken
            </Button>
          </Form>
          <p role="status" className="self-center text-sm font-semibold text-success">
            {copied ? 'Gekopieerd' : ''}
          </p>
        </div>
      )}
    </section>
  );
}

function MemberRow({ member, archived, busy }: { member: MemberView; archived: boolean; busy: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-b border-ink/10 py-3">
      <span>
        <span className="font-semibold">{member.name}</span>{' '}
        <span className="text-sm text-ink-soft">
          {MEMBER_STATUS_LABELS[member.status]} · sinds {formatDutchDateWithYear(new Date(member.joinedAt))}
          {member.seat ? ' · heeft een licentieplaats' : ''}
        </span>
      </span>
      {archived ? null : (
        <span className="flex gap-2">
          {member.status !== 'active' ? (
            <Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="userId" value={member.userId} />
              <Button type="submit" size="small" disabled={busy} aria-label={`${member.name} toelaten`}>
                Toelaten
              </Button>
            </Form>
          ) : null}
          {member.status === 'removed' && member.seat ? (
            <Form method="post">
              <input type="hidden" name="intent" value="free-seat" />
              <input type="hidden" name="userId" value={member.userId} />
              <Button
                type="submit"
                variant="secondary"
                size="small"
                disabled={busy}
                aria-label={`Plaats vrijgeven: ${member.name}`}
              >
                Plaats vrijgeven
              </Button>
            </Form>
          ) : null}
          {member.status !== 'removed' ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="userId" value={member.userId} />
              <Button
                type="submit"
                variant="secondary"
                size="small"
                disabled={busy}
                aria-label={
                  member.status === 'pending' ? `${member.name} weigeren` : `${member.name} uit de klas halen`
                }
              >
                {member.status === 'pending' ? 'Weigeren' : 'Uit de klas halen'}
              </Button>
            </Form>
          ) : null}
        </span>
      )}
    </li>
  );
}

/** A teacher's class (issue 31): its code, who waits, its pupils and its teachers. */
export default function ClassMembers() {
  const { class: c, members, licenses } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ClassAnswer | undefined;
  // Issue 34: one error summary, focused after a refused submit, listing the form's and its fields' messages.
  const summary = useErrorSummary({
    refusal: answer?.formError || answer?.errors ? answer : null,
    errors: summaryErrors(
      { ...(answer?.formError ? { '': answer.formError } : {}), ...answer?.errors },
      (name) => name,
    ),
  });
  const busy = useNavigation().state === 'submitting';
  const [search] = useSearchParams();
  const waiting = members.filter((m) => m.status === 'pending');
  const active = members.filter((m) => m.status === 'active');
  const removed = members.filter((m) => m.status === 'removed');
  const emailError = answer?.intent === 'teacher' ? answer.errors?.email : undefined;
  const codeError = answer?.intent === 'license' ? answer.errors?.code : undefined;
  return (
    <section className="container-page py-10 md:py-14">
      <ClassHeader c={c} />
      {search.get('nieuw') && !answer ? (
        <p role="status" className="mt-6 rounded-xl bg-success-soft px-4 py-3 font-semibold text-success">
          {CLASS_MESSAGES.CREATED(c.name)}
        </p>
      ) : null}
      {answer?.message ? (
        <p role="status" className="mt-6 rounded-xl bg-success-soft px-4 py-3 font-semibold text-success">
          {answer.message}
        </p>
      ) : null}
      <ErrorSummary {...summary} className="mt-6" />
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_2fr]">
        <div className="grid content-start gap-6">
          <JoinCode code={c.joinCode} until={c.joinsFreelyUntil} archived={c.archived} />
          <section aria-labelledby="teachers-title" className="rounded-2xl border-2 border-ink/10 p-5">
            <h2 id="teachers-title" className="text-xl font-bold">
              Docenten
            </h2>
            <ul className="mt-2">
              {c.teachers.map((t) => (
                <li key={`${t.name}-${t.role}`}>
                  {t.name}{' '}
                  <span className="text-sm text-ink-soft">{t.role === 'owner' ? '(eigenaar)' : '(collega)'}</span>
                </li>
              ))}
            </ul>
            {c.role === 'owner' && !c.archived ? (
              <Form method="post" className="mt-4" noValidate>
                <input type="hidden" name="intent" value="teacher" />
                <label htmlFor="email" className="font-semibold">
                  Collega toevoegen
                </label>
                <p id="email-hint" className="text-sm text-ink-soft">
                  Het e-mailadres van het docentaccount van je collega.
                </p>
                <input
                  id="email"
                  name="email"
                  type="email"
                  autoComplete="off"
                  defaultValue={emailError ? (answer?.typed?.email ?? '') : ''}
                  key={answer?.intent === 'teacher' && answer.message ? 'added' : 'typing'}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? 'email-hint email-error' : 'email-hint'}
                  className={fieldClass}
                />
                <FieldError id="email-error" errors={emailError ? [emailError] : undefined} />
                <Button type="submit" variant="secondary" size="small" className="mt-3" disabled={busy}>
                  Toevoegen
                </Button>
              </Form>
            ) : null}
          </section>
          <section aria-labelledby="licenses-title" className="rounded-2xl border-2 border-ink/10 p-5">
            <h2 id="licenses-title" className="text-xl font-bold">
              Klaslicenties
            </h2>
            {licenses.length === 0 ? (
              <p className="mt-2 text-ink-soft">
                Met een klaslicentie van je school krijgen je leerlingen volledige toegang tot het vak, tot en met 31
                juli.
              </p>
            ) : (
              <ul className="mt-2 grid gap-1">
                {licenses.map((l) => (
                  <li key={l.code}>
                    <span className="font-semibold">{l.subject}</span>{' '}
                    <span className="text-sm text-ink-soft">
                      {l.used} van {l.seats} plaatsen in gebruik · {l.code}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {c.archived ? null : (
              <Form method="post" className="mt-4" noValidate>
                <input type="hidden" name="intent" value="license" />
                <label htmlFor="license-code" className="font-semibold">
                  Klaslicentie activeren
                </label>
                <p id="license-code-hint" className="text-sm text-ink-soft">
                  De code op de bevestiging van je school, zoals SB-KLAS-…
                </p>
                <input
                  id="license-code"
                  name="code"
                  type="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  maxLength={40}
                  defaultValue={codeError ? (answer?.typed?.code ?? '') : ''}
                  key={answer?.intent === 'license' && answer.message ? 'redeemed' : 'typing'}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={codeError ? 'license-code-hint license-code-error' : 'license-code-hint'}
                  className={fieldClass}
                />
                <FieldError id="license-code-error" errors={codeError ? [codeError] : undefined} />
                <Button type="submit" variant="secondary" size="small" className="mt-3" disabled={busy}>
                  Activeren
                </Button>
              </Form>
            )}
          </section>
        </div>
        <div>
          {waiting.length > 0 ? (
            <section aria-labelledby="waiting-title" className="mb-8">
              <h2 id="waiting-title" className="text-xl font-bold">
                Wachten op toelating ({waiting.length})
              </h2>
              <ul className="mt-2">
                {waiting.map((m) => (
                  <MemberRow key={m.userId} member={m} archived={c.archived} busy={busy} />
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="pupils-title">
            <h2 id="pupils-title" className="text-xl font-bold">
              Leerlingen ({active.length})
            </h2>
            {active.length === 0 ? (
              <p className="mt-2 text-ink-soft">Nog niemand. Geef je leerlingen de klascode.</p>
            ) : (
              <ul className="mt-2">
                {active.map((m) => (
                  <MemberRow key={m.userId} member={m} archived={c.archived} busy={busy} />
                ))}
              </ul>
            )}
          </section>
          {removed.length > 0 ? (
            <section aria-labelledby="removed-title" className="mt-8">
              <h2 id="removed-title" className="text-xl font-bold">
                Uit de klas gehaald ({removed.length})
              </h2>
              <ul className="mt-2">
                {removed.map((m) => (
                  <MemberRow key={m.userId} member={m} archived={c.archived} busy={busy} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </section>
  );
}
