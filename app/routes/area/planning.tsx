import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/planning';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import {
  formatExamDate,
  MAX_DAILY_MINUTES,
  MIN_DAILY_MINUTES,
  planResetFormSchema,
  planSettingsSchema,
} from '#app/modules/planner/index.ts';
import { planningPage } from '#app/modules/study/index.server.ts';
import { resetSubjectPlan, PLAN_REFUSAL_STATUS, savePlanSettings } from '#app/modules/planner/index.server.ts';
import { AREA_PATH, pageTitle } from '#app/platform/brand.ts';
import { levelLabel } from '#app/platform/levels.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button, ButtonLink } from '#app/ui/primitives/button.tsx';
import { ErrorSummary, summaryErrors, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';
import { fieldClass, FieldError } from '#app/ui/primitives/text-field.tsx';
import { PLANNER_MESSAGES } from '#app/modules/planner/index.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mijn planning') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  // A teacher's area is a teacher's (issue 31): no plan of their own; their pupils' plans show in their classes.
  if (user.educationRole === 'teacher') throw redirect(AREA_PATHS.classes);
  return planningPage(context.get(scopeContext), user);
}

/** What the page answers a form with: a message, or the errors per field with what was typed. */
interface PlanAnswer {
  intent: 'save' | 'reset';
  message?: string;
  formError?: string;
  errors?: Record<string, string>;
  typed?: Record<string, string>;
}

/** The form's fields as the API's body: `examDates[i].subjectId` and `examDates[i].date`. */
function typedValues(formData: FormData): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === 'string') typed[key] = value;
  return typed;
}

/** 'examDates[2].date' and 'examDates.2.date' are the same field. */
const fieldName = (path: string) => path.replace(/\.(\d+)\./g, '[$1].');

/**
 * Two forms: the settings (the API's PUT: the shared schema → one use case) and a subject's reset (the
 * API's DELETE, with a confirmation tick). A refused form keeps what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const formData = await request.formData();
  if (formData.get('intent') === 'reset') {
    const submission = parseForm(formData, { schema: planResetFormSchema });
    if (submission.status !== 'success') {
      // The tick's message stands beside the tick of the subject the pupil pressed reset for.
      const unticked = submission.error?.confirm?.[0];
      const errors = unticked ? { [`confirm-${String(formData.get('subjectId'))}`]: unticked } : undefined;
      const formError = submission.error?.subjectId?.[0];
      return data<PlanAnswer>({ intent: 'reset', ...(errors ? { errors } : { formError }) }, { status: 400 });
    }
    const reset = await resetSubjectPlan(scope, user.id, submission.value.subjectId);
    if (!reset.ok) {
      return data<PlanAnswer>(
        { intent: 'reset', formError: reset.message },
        { status: PLAN_REFUSAL_STATUS[reset.reason] },
      );
    }
    return { intent: 'reset', message: reset.value.message } satisfies PlanAnswer;
  }
  const typed = typedValues(formData);
  // The form's own field, not part of the write.
  formData.delete('intent');
  const submission = parseForm(formData, { schema: planSettingsSchema });
  if (submission.status !== 'success') {
    const errors: Record<string, string> = {};
    let formError: string | undefined;
    for (const [path, messages] of Object.entries(submission.error ?? {})) {
      if (!messages?.[0]) continue;
      if (path) errors[fieldName(path)] = messages[0];
      else formError = messages[0];
    }
    return data<PlanAnswer>({ intent: 'save', errors, typed, ...(formError ? { formError } : {}) }, { status: 400 });
  }
  const saved = await savePlanSettings(scope, user, submission.value);
  if (!saved.ok) {
    const errors = saved.field ? { [fieldName(saved.field)]: saved.message } : undefined;
    return data<PlanAnswer>(
      { intent: 'save', typed, ...(errors ? { errors } : { formError: saved.message }) },
      { status: PLAN_REFUSAL_STATUS[saved.reason] },
    );
  }
  return { intent: 'save', message: PLANNER_MESSAGES.PLAN_SAVED } satisfies PlanAnswer;
}

const SOURCE_LABELS = { pupil: 'Jouw datum', timetable: 'Examendatum', estimate: 'Geschat' } as const;

export default function PlanningPage() {
  const { view, chart } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PlanAnswer | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const errors = answer?.errors ?? {};
  const typed = answer?.intent === 'save' ? answer.typed : undefined;
  const errorId = (name: string) => (errors[name] ? `${name}-error` : undefined);
  const refusedAs = (intent: PlanAnswer['intent']) =>
    answer?.intent === intent && (answer.formError || answer.errors) ? answer : null;
  // The controls the summaries link to: the minutes, each subject's exam date (named by its subject), a reset's tick.
  const subjects = view?.subjects ?? [];
  const dateName = (i: number) => `examDates[${i}].date`;
  const controlId = (name: string) => {
    const i = subjects.findIndex((_, index) => dateName(index) === name);
    return i < 0 ? name : `exam-date-${subjects[i]!.subject.id}`;
  };
  const labels = Object.fromEntries([
    ['dailyMinutes', 'Minuten per dag'],
    ...subjects.map((entry, i) => [dateName(i), `Examendatum ${entry.subject.name}`]),
  ]);
  const withFormError = (refusal: PlanAnswer | null) =>
    refusal ? { ...(refusal.formError ? { '': refusal.formError } : {}), ...refusal.errors } : {};
  const settingsRefusal = refusedAs('save');
  const settings = useErrorSummary({
    refusal: settingsRefusal,
    errors: summaryErrors(withFormError(settingsRefusal), controlId, labels),
  });
  const resetRefusal = refusedAs('reset');
  const reset = useErrorSummary({
    refusal: resetRefusal,
    errors: summaryErrors(withFormError(resetRefusal), (name) => name),
  });
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Mijn planning</h1>
      {!view ? (
        <div className="mt-4 rounded-2xl bg-surface p-6">
          <p>{PLANNER_MESSAGES.PLAN_NO_EXAM_YEAR}</p>
          <ButtonLink to={AREA_PATHS.profile} className="mt-4">
            Naar je profiel
          </ButtonLink>
        </div>
      ) : (
        <>
          <p className="mt-2 max-w-prose text-lg text-ink-soft">
            Je planning richt je herhalingen op de ochtend van elk examen in {view.examYear}: dan moet je het nog weten,
            niet alleen vandaag. Elke dag zetten we klaar wat in je minuten past, en eerst wat op je examenochtenden het
            meeste oplevert. Is een examen dichtbij, dan gaan de kaarten van dat vak die je nog niet las voor een
            herhaling die weinig toevoegt. Een kaart die je tot je examen goed genoeg onthoudt, herhaal je pas als dat
            weer iets oplevert: vraagt je planning vandaag minder tijd dan je koos, dan is dat genoeg.
          </p>
          {answer?.message ? (
            <p role="status" className="mt-6 rounded-xl bg-success-soft px-4 py-3 font-semibold text-success">
              {answer.message}
            </p>
          ) : null}

          <Form method="post" className="mt-8 max-w-2xl" noValidate aria-labelledby="plan-settings">
            <h2 id="plan-settings" className="text-xl font-bold">
              Instellingen
            </h2>
            <ErrorSummary {...settings} />
            <input type="hidden" name="intent" value="save" />
            <div className="mt-4">
              <label htmlFor="dailyMinutes" className="font-semibold">
                Minuten per dag
              </label>
              <p id="dailyMinutes-hint" className="text-sm text-ink-soft">
                Hoeveel tijd je op een gewone dag wilt leren ({MIN_DAILY_MINUTES} tot {MAX_DAILY_MINUTES}; we rekenen
                met {view.defaultMinutes} tot je iets kiest).
              </p>
              <input
                id="dailyMinutes"
                name="dailyMinutes"
                // Text, not type="number": a browser's number field drops what it cannot read ('12,5' became 125,
                // letters vanished); the server reads Dutch notation and says what is wrong.
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
                defaultValue={typed?.dailyMinutes ?? String(view.dailyMinutes)}
                aria-describedby={['dailyMinutes-hint', errorId('dailyMinutes')].filter(Boolean).join(' ')}
                aria-invalid={errors.dailyMinutes ? true : undefined}
                className={`${fieldClass} max-w-40`}
              />
              <FieldError id="dailyMinutes-error" errors={errors.dailyMinutes ? [errors.dailyMinutes] : undefined} />
            </div>

            <fieldset className="mt-6">
              <legend className="font-semibold">Examendata</legend>
              <p className="text-sm text-ink-soft">
                Weet je van je school wanneer een examen is? Vul het in. Laat je het leeg, dan plannen we naar de datum
                hieronder.
              </p>
              <ul className="mt-3 grid gap-4">
                {view.subjects.map((entry, i) => {
                  const name = `examDates[${i}].date`;
                  const own = entry.examDate.source === 'pupil' ? entry.examDate.date : '';
                  return (
                    <li key={entry.subject.id} className="rounded-2xl border-2 border-ink/10 bg-white p-4">
                      <input type="hidden" name={`examDates[${i}].subjectId`} value={entry.subject.id} />
                      <label htmlFor={`exam-date-${entry.subject.id}`} className="font-semibold">
                        {entry.subject.name} ({levelLabel(entry.subject.level)})
                      </label>
                      <p id={`exam-date-${entry.subject.id}-note`} className="text-sm text-ink-soft">
                        <span className="font-semibold text-ink">
                          {SOURCE_LABELS[entry.examDate.source]}: {formatExamDate(entry.examDate.date)}.
                        </span>{' '}
                        {entry.examDate.source === 'pupil' ? '' : entry.examDate.note}
                      </p>
                      <input
                        id={`exam-date-${entry.subject.id}`}
                        name={name}
                        type="date"
                        defaultValue={typed ? (typed[name] ?? '') : own}
                        aria-describedby={[`exam-date-${entry.subject.id}-note`, errorId(name)]
                          .filter(Boolean)
                          .join(' ')}
                        aria-invalid={errors[name] ? true : undefined}
                        className={`${fieldClass} max-w-56`}
                      />
                      <FieldError id={`${name}-error`} errors={errors[name] ? [errors[name]] : undefined} />
                      <p className="mt-2 text-sm">
                        {entry.afterExam
                          ? 'Dit examen is voorbij: je herhaalt dit vak niet meer.'
                          : `Nog ${entry.daysLeft} ${entry.daysLeft === 1 ? 'dag' : 'dagen'}. ${entry.cards} kaarten, waarvan ${entry.unseen} nog niet gelezen${entry.newPerDay ? ` (${entry.newPerDay} nieuwe per dag)` : ''}.`}
                      </p>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <Button type="submit" className="mt-6" disabled={busy}>
              Planning opslaan
            </Button>
          </Form>

          {chart ? (
            <section aria-labelledby="plan-workload" className="mt-12 max-w-2xl">
              <h2 id="plan-workload" className="text-xl font-bold">
                Je tijd tot de examens
              </h2>
              <p className="mt-1 text-sm text-ink-soft">
                Zo veel minuten per dag vraagt je planning, als je elke kaart goed weet. Wat je vergeet, komt erbij.
              </p>
              {/* Server-rendered SVG (plan-charts.server.ts): escaped text, no script. */}
              <div
                className="mt-3 rounded-2xl border-2 border-ink/10 bg-white p-2 sm:p-4"
                dangerouslySetInnerHTML={{ __html: chart }}
              />
            </section>
          ) : null}

          <section aria-labelledby="plan-data" className="mt-12 max-w-2xl">
            <h2 id="plan-data" className="text-xl font-bold">
              Je gegevens
            </h2>
            <p className="mt-2">
              Elke keer dat je een kaart beoordeelt, bewaren we je keuze, het moment en hoe lang je erover deed. Daaruit
              rekenen we wanneer je een kaart weer moet zien.
            </p>
            <p className="mt-3">
              <a
                href="/api/v1/users/me/reviews"
                download="slaagbundel-beoordelingen.json"
                className="font-semibold text-brand-dark underline underline-offset-4"
              >
                Download al je beoordelingen (JSON)
              </a>
            </p>
            <h3 className="mt-6 font-bold">Een vak opnieuw beginnen</h3>
            <p className="mt-1 text-sm text-ink-soft">
              Je beoordelingen van dat vak worden gewist en de kaarten zijn weer nieuw. Wat je als geleerd hebt
              gemarkeerd, blijft staan.
            </p>
            <ErrorSummary {...reset} />
            <ul className="mt-3 grid gap-3">
              {view.subjects.map((entry) => {
                const confirm = `confirm-${entry.subject.id}`;
                return (
                  <li key={entry.subject.id}>
                    <Form method="post" className="flex flex-wrap items-center gap-3" noValidate>
                      <input type="hidden" name="intent" value="reset" />
                      <input type="hidden" name="subjectId" value={entry.subject.id} />
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          name="confirm"
                          id={confirm}
                          className="size-5"
                          aria-describedby={errorId(confirm)}
                          aria-invalid={errors[confirm] ? true : undefined}
                        />
                        Ja, begin {entry.subject.name} opnieuw
                      </label>
                      <Button type="submit" variant="secondary" size="small" disabled={busy}>
                        Opnieuw beginnen
                      </Button>
                      <FieldError id={`${confirm}-error`} errors={errors[confirm] ? [errors[confirm]] : undefined} />
                    </Form>
                  </li>
                );
              })}
            </ul>
          </section>
          <p className="mt-10">
            <ButtonLink to={AREA_PATH} variant="tertiary">
              Terug naar Mijn Slaagbundel
            </ButtonLink>
          </p>
        </>
      )}
    </section>
  );
}
