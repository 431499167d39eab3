import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/index';
import { requireAreaUser, scopeContext } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import {
  CLASS_MESSAGES,
  classIdParamsSchema,
  gradeShareSchema,
  joinCodeSchema,
  schoolYearLabel,
  type JoinedClassView,
  type TaughtClassView,
} from '#app/modules/classes/index.ts';
import {
  classesPage,
  CLASS_REFUSAL_STATUS,
  joinClass,
  leaveClass,
  setClassGradeShare,
  setTeacherWeeklyMail,
} from '#app/modules/classes/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { levelLabel } from '#app/platform/levels.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button, ButtonLink } from '#app/ui/primitives/button.tsx';
import { fieldClass, FieldError } from '#app/ui/primitives/text-field.tsx';
import { ErrorSummary, summaryErrors, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mijn klassen') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ context }: Route.LoaderArgs) {
  return classesPage(context.get(scopeContext), requireAreaUser(context));
}

interface JoinAnswer {
  intent: 'join' | 'leave' | 'weekly' | 'grade-share';
  message?: string;
  formError?: string;
  errors?: Record<string, string>;
  typed?: string;
}

/**
 * The page's forms: join with a code (the API's POST …/classes/join), leave a class (its DELETE), share one's
 * grades with a class or stop (its PUT …/grade-share), and a teacher's weekly mail.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const formData = await request.formData();
  if (formData.get('intent') === 'grade-share') {
    const parsed = classIdParamsSchema.safeParse({ id: formData.get('classId') });
    if (!parsed.success) {
      return data<JoinAnswer>({ intent: 'grade-share', formError: CLASS_MESSAGES.NOT_FOUND }, { status: 404 });
    }
    const submission = parseForm(formData, { schema: gradeShareSchema });
    if (submission.status !== 'success') {
      return data<JoinAnswer>({ intent: 'grade-share', formError: CLASS_MESSAGES.GRADE_SHARE }, { status: 400 });
    }
    const shared = await setClassGradeShare(scope, user, parsed.data.id, submission.value.share);
    if (!shared.ok) {
      return data<JoinAnswer>(
        { intent: 'grade-share', formError: shared.message },
        { status: CLASS_REFUSAL_STATUS[shared.reason] },
      );
    }
    return { intent: 'grade-share', message: shared.value.message } satisfies JoinAnswer;
  }
  if (formData.get('intent') === 'weekly') {
    const on = formData.get('weekly');
    if (on !== 'on' && on !== 'off')
      return data<JoinAnswer>({ intent: 'weekly', formError: 'Kies aan of uit.' }, { status: 400 });
    return { intent: 'weekly', ...(await setTeacherWeeklyMail(scope, user, on === 'on')) } satisfies JoinAnswer;
  }
  if (formData.get('intent') === 'leave') {
    const parsed = classIdParamsSchema.safeParse({ id: formData.get('classId') });
    if (!parsed.success) {
      return data<JoinAnswer>({ intent: 'leave', formError: CLASS_MESSAGES.NOT_A_MEMBER }, { status: 404 });
    }
    const left = await leaveClass(scope, user, parsed.data.id);
    if (!left.ok) {
      return data<JoinAnswer>(
        { intent: 'leave', formError: left.message },
        { status: CLASS_REFUSAL_STATUS[left.reason] },
      );
    }
    return { intent: 'leave', message: left.value.message } satisfies JoinAnswer;
  }
  const typed = String(formData.get('code') ?? '').slice(0, 40);
  const submission = parseForm(formData, { schema: joinCodeSchema });
  if (submission.status !== 'success') {
    const message = submission.error?.code?.[0] ?? CLASS_MESSAGES.JOIN_CODE;
    return data<JoinAnswer>({ intent: 'join', errors: { code: message }, typed }, { status: 400 });
  }
  const joined = await joinClass(scope, user, submission.value.code);
  if (!joined.ok) {
    return data<JoinAnswer>(
      { intent: 'join', errors: { code: joined.message }, typed },
      { status: CLASS_REFUSAL_STATUS[joined.reason] },
    );
  }
  return { intent: 'join', message: joined.value.message } satisfies JoinAnswer;
}

function Subjects({ subjects }: { subjects: { name: string }[] }) {
  return <p className="text-ink-soft">{subjects.map((subject) => subject.name).join(', ')}</p>;
}

function TeacherClasses({ classes, weeklyMail }: { classes: TaughtClassView[]; weeklyMail: boolean }) {
  return (
    <>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={`${AREA_PATHS.classes}/nieuw`}>Nieuwe klas</ButtonLink>
      </div>
      {classes.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-surface p-6">
          <p className="font-semibold">Je hebt nog geen klassen.</p>
          <p className="mt-1 text-ink-soft">
            Maak een klas en geef je leerlingen de klascode. Dan zie je per onderwerp wie op schema ligt voor de dag van
            het examen.
          </p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {classes.map((c) => (
            <li key={c.id} className="relative rounded-2xl border-2 border-ink/10 bg-white p-5 hover:border-brand">
              <h2 className="text-lg font-bold">
                <Link
                  to={`${AREA_PATHS.classes}/${c.id}`}
                  className="after:absolute after:inset-0 focus-visible:outline-3 focus-visible:outline-focus"
                >
                  {c.name}
                </Link>
              </h2>
              <p className="text-ink-soft">
                {levelLabel(c.level)} · examen {c.examYear} · {c.school.name}
              </p>
              <Subjects subjects={c.subjects} />
              <p className="mt-3 flex flex-wrap gap-2 text-sm">
                <span className="rounded-full bg-surface px-3 py-1 font-semibold">
                  {c.pupils} {c.pupils === 1 ? 'leerling' : 'leerlingen'}
                </span>
                {c.waiting > 0 ? (
                  <span className="rounded-full bg-accent/30 px-3 py-1 font-semibold">
                    {c.waiting} wacht op toelating
                  </span>
                ) : null}
                {c.archived ? (
                  <span className="rounded-full bg-surface px-3 py-1 font-semibold">Gearchiveerd</span>
                ) : null}
                {c.role === 'co' ? <span className="rounded-full bg-surface px-3 py-1">Medebeheerder</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mt-10 max-w-xl rounded-2xl bg-surface p-5">
        <h2 className="text-xl font-bold">Wekelijkse mail</h2>
        <p className="mt-1">
          {weeklyMail
            ? 'Elke maandagochtend mailen we je per klas wie achterloopt en welke opdrachten nog open staan.'
            : 'Wil je elke maandagochtend per klas horen wie achterloopt en welke opdrachten nog open staan?'}
        </p>
        <input type="hidden" name="intent" value="weekly" />
        <input type="hidden" name="weekly" value={weeklyMail ? 'off' : 'on'} />
        <Button type="submit" variant="secondary" size="small" className="mt-3">
          {weeklyMail ? 'Wekelijkse mail uitzetten' : 'Wekelijkse mail aanzetten'}
        </Button>
      </Form>
    </>
  );
}

function PupilClasses({ classes, answer }: { classes: JoinedClassView[]; answer: JoinAnswer | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const codeError = answer?.intent === 'join' ? answer.errors?.code : undefined;
  return (
    <>
      <Form method="post" className="mt-6 max-w-md rounded-2xl bg-surface p-5" noValidate aria-labelledby="join-title">
        <h2 id="join-title" className="text-xl font-bold">
          Lid worden van een klas
        </h2>
        <input type="hidden" name="intent" value="join" />
        <label htmlFor="code" className="mt-3 block font-semibold">
          Klascode
        </label>
        <p id="code-hint" className="text-sm text-ink-soft">
          8 tekens, van je docent. Hoofdletters en streepjes maken niet uit.
        </p>
        <input
          id="code"
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={20}
          defaultValue={answer?.intent === 'join' && codeError ? answer.typed : ''}
          key={answer?.intent === 'join' && !codeError ? 'joined' : 'typing'}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? 'code-hint code-error' : 'code-hint'}
          className={fieldClass}
        />
        <FieldError id="code-error" errors={codeError ? [codeError] : undefined} />
        <Button type="submit" className="mt-4" disabled={busy}>
          Lid worden
        </Button>
      </Form>
      <h2 className="mt-10 text-xl font-bold">Jouw klassen</h2>
      {classes.length === 0 ? (
        <p className="mt-3 text-ink-soft">Je zit nog niet in een klas.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {classes.map((c) => (
            <li key={c.id} className="rounded-2xl border-2 border-ink/10 bg-white p-5">
              <h3 className="text-lg font-bold">{c.name}</h3>
              <p className="text-ink-soft">
                {c.school.name} · {schoolYearLabel(c.schoolYear)}
              </p>
              <Subjects subjects={c.subjects} />
              <p className="mt-1 text-sm">
                Docent{c.teachers.length === 1 ? '' : 'en'}: {c.teachers.map((t) => t.name).join(', ')}
              </p>
              <p className="mt-3 text-sm font-semibold">
                {c.status === 'pending' ? (
                  <span className="rounded-full bg-accent/30 px-3 py-1">Wacht op toelating door je docent</span>
                ) : c.archived ? (
                  <span className="rounded-full bg-surface px-3 py-1">Gearchiveerd</span>
                ) : (
                  <span className="rounded-full bg-success-soft px-3 py-1 text-success">Je zit in deze klas</span>
                )}
              </p>
              {c.status === 'active' ? (
                <p className="mt-3">
                  <Link to={`${AREA_PATHS.classes}/${c.id}/wat-ziet-mijn-docent`} className="font-semibold underline">
                    Wat ziet mijn docent?
                  </Link>
                </p>
              ) : null}
              {c.status === 'active' && !c.archived ? <GradeShareForm joined={c} busy={busy} /> : null}
              {c.archived ? null : (
                <Form method="post" className="mt-4">
                  <input type="hidden" name="intent" value="leave" />
                  <input type="hidden" name="classId" value={c.id} />
                  <Button type="submit" variant="secondary" size="small" disabled={busy}>
                    {c.status === 'pending' ? 'Aanmelding intrekken' : `${c.name} verlaten`}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-8 max-w-prose text-sm text-ink-soft">
        In een klas ziet je docent per onderwerp hoe ver je bent en wat je op de dag van het examen nog weet: je
        voornaam met de eerste letter van je achternaam, nooit je e-mailadres of je antwoorden. Je cijfers alleen als je
        ze met die klas deelt.
      </p>
    </>
  );
}

/**
 * A pupil's grade share with one class (issue 31): on or off, with what its teachers then see. A plain post
 * (works without JavaScript), the API's PUT /v1/users/me/classes/{id}/grade-share.
 */
function GradeShareForm({ joined, busy }: { joined: JoinedClassView; busy: boolean }) {
  const id = `cijfers-delen-${joined.id}`;
  return (
    <Form method="post" className="mt-4 rounded-xl bg-surface p-3" aria-labelledby={id}>
      <p id={id} className="text-sm font-semibold">
        {joined.sharesGrades ? 'Je deelt je cijfers met deze klas.' : 'Je cijfers zijn privé.'}
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        {joined.sharesGrades
          ? 'Je docenten zien je SE-cijfers, je verwachte CE-cijfers, je oude examens en je slaagkans. Ze kunnen niets veranderen.'
          : 'Deel je ze, dan zien je docenten je SE-cijfers, je verwachte CE-cijfers, je oude examens en je slaagkans. Ze kunnen niets veranderen, en je kunt altijd stoppen.'}
      </p>
      <input type="hidden" name="intent" value="grade-share" />
      <input type="hidden" name="classId" value={joined.id} />
      <input type="hidden" name="share" value={joined.sharesGrades ? 'false' : 'true'} />
      <Button type="submit" variant="secondary" size="small" className="mt-2" disabled={busy}>
        {joined.sharesGrades ? 'Stop met delen' : 'Deel mijn cijfers met deze klas'}
        <span className="sr-only"> ({joined.name})</span>
      </Button>
    </Form>
  );
}

/** "Mijn klassen" (issue 31): a teacher's classes first; a pupil joins with a code and sees their classes. */
export default function ClassesIndex() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as JoinAnswer | undefined;
  // Issue 34: one error summary, focused after a refused submit, listing the form's and its fields' messages.
  const summary = useErrorSummary({
    refusal: answer?.formError || answer?.errors ? answer : null,
    errors: summaryErrors(
      { ...(answer?.formError ? { '': answer.formError } : {}), ...answer?.errors },
      (name) => name,
    ),
  });
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Mijn klassen</h1>
      <p className="mt-2 text-lg text-ink-soft">Schooljaar {schoolYearLabel(page.schoolYear)}</p>
      {answer?.message ? (
        <p role="status" className="mt-6 rounded-xl bg-success-soft px-4 py-3 font-semibold text-success">
          {answer.message}
        </p>
      ) : null}
      <ErrorSummary {...summary} className="mt-6" />
      {page.role === 'teacher' ? (
        <TeacherClasses classes={page.classes} weeklyMail={page.weeklyMail} />
      ) : (
        <PupilClasses classes={page.classes} answer={answer} />
      )}
    </section>
  );
}
