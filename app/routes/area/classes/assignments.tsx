import { useEffect, useState } from 'react';
import { data, Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/assignments';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import {
  ASSIGNMENT_KIND_LABELS,
  ASSIGNMENT_KINDS,
  ASSIGNMENT_STATUS_LABELS,
  ASSIGNMENT_STATUSES,
  assignmentCreateSchema,
  CLASS_MESSAGES,
  classIdParamsSchema,
  CLASS_LIMITS,
} from '#app/modules/classes/index.ts';
import {
  assignmentsPage,
  CLASS_REFUSAL_STATUS,
  createAssignment,
  removeAssignment,
} from '#app/modules/classes/index.server.ts';
import { ClassHeader } from '#app/modules/classes/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass, FieldError } from '#app/ui/primitives/text-field.tsx';
import { ErrorSummary, summaryErrors, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `${loaderData.class.name}: opdrachten` : 'Opdrachten') },
  { name: 'robots', content: 'noindex' },
];

const classIdOf = (params: { classId?: string }) => {
  const parsed = classIdParamsSchema.safeParse({ id: params.classId });
  if (!parsed.success) refusePage({ status: 404, message: CLASS_MESSAGES.NOT_FOUND });
  return parsed.data.id;
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await assignmentsPage(context.get(scopeContext), requireAreaUser(context), classIdOf(params));
  if (!page.ok) refusePage({ status: CLASS_REFUSAL_STATUS[page.reason], message: page.message });
  return page.value;
}

interface AssignmentAnswer {
  intent: 'create' | 'delete';
  message?: string;
  formError?: string;
  errors?: Record<string, string>;
  typed?: Record<string, string>;
}

/** The form's own fields (not the write's): dropped before the shared schema parses the rest. */
const FORM_ONLY = ['intent', 'targetPercent', 'cardsTopicId', 'keepTopicId'];

/** The API's POST and DELETE …/assignments through the same use cases. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const classId = classIdOf(params);
  const formData = await request.formData();
  if (formData.get('intent') === 'delete') {
    const assignmentId = Number(formData.get('assignmentId'));
    const removed = await removeAssignment(scope, user, classId, Number.isSafeInteger(assignmentId) ? assignmentId : 0);
    return removed.ok
      ? ({ intent: 'delete', message: removed.value.message } satisfies AssignmentAnswer)
      : data<AssignmentAnswer>(
          { intent: 'delete', formError: removed.message },
          { status: CLASS_REFUSAL_STATUS[removed.reason] },
        );
  }
  const typed: Record<string, string> = {};
  for (const [k, v] of formData) if (typeof v === 'string') typed[k] = v.slice(0, 100);
  // The form asks the target in percent and the topic per kind; the write takes a share and one topic.
  const kind = String(formData.get('kind') ?? '');
  const topic = formData.get(kind === 'keep_ready' ? 'keepTopicId' : 'cardsTopicId');
  const percent = String(formData.get('targetPercent') ?? '').trim();
  for (const name of FORM_ONLY) formData.delete(name);
  if (kind !== 'check' && typeof topic === 'string' && topic) formData.set('topicId', topic);
  if (kind !== 'check') formData.delete('testId');
  if (kind === 'keep_ready') formData.delete('dueOn');
  formData.delete('targetRecall');
  const submission = parseForm(formData, { schema: assignmentCreateSchema });
  const fieldOf = (path: string) =>
    path === 'topicId' ? (kind === 'keep_ready' ? 'keepTopicId' : 'cardsTopicId') : path;
  const errors: Record<string, string> = {};
  if (submission.status !== 'success') {
    for (const [path, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.[0] && !errors[fieldOf(path)]) errors[fieldOf(path)] = messages[0];
    }
  }
  // The target is asked in whole percents (50–95); the write takes it as a share.
  let targetRecall: number | undefined;
  if (kind === 'keep_ready' && percent !== '') {
    const share = /^\d{1,3}$/.test(percent) ? Number(percent) / 100 : Number.NaN;
    if (share >= CLASS_LIMITS.minTarget && share <= CLASS_LIMITS.maxTarget) targetRecall = share;
    else errors.targetPercent = CLASS_MESSAGES.ASSIGNMENT_TARGET;
  }
  if (submission.status !== 'success' || Object.keys(errors).length > 0) {
    return data<AssignmentAnswer>({ intent: 'create', errors, typed }, { status: 400 });
  }
  const input = targetRecall === undefined ? submission.value : { ...submission.value, targetRecall };
  const created = await createAssignment(scope, user, classId, input);
  if (!created.ok) {
    const field = created.field ? fieldOf(created.field) : undefined;
    return data<AssignmentAnswer>(
      {
        intent: 'create',
        typed,
        ...(field ? { errors: { [field]: created.message } } : { formError: created.message }),
      },
      { status: CLASS_REFUSAL_STATUS[created.reason] },
    );
  }
  return {
    intent: 'create',
    message: CLASS_MESSAGES.ASSIGNMENT_CREATED(created.value.title),
  } satisfies AssignmentAnswer;
}

const STATUS_TONES = {
  not_started: 'bg-surface text-ink',
  busy: 'bg-accent/30 text-ink',
  done: 'bg-success-soft text-success',
  reopened: 'bg-danger-soft text-danger',
} as const;

/** A teacher's assignments for the class (issue 31): give one, and see each pupil's status. */
export default function ClassAssignments() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as AssignmentAnswer | undefined;
  // Issue 34: one error summary, focused after a refused submit, listing the form's and its fields' messages.
  const summary = useErrorSummary({
    refusal: answer?.formError || answer?.errors ? answer : null,
    errors: summaryErrors(
      { ...(answer?.formError ? { '': answer.formError } : {}), ...answer?.errors },
      (name) => name,
    ),
  });
  const busy = useNavigation().state === 'submitting';
  const c = page.class;
  const errors = answer?.intent === 'create' ? (answer.errors ?? {}) : {};
  const typed = answer?.intent === 'create' && answer.errors ? (answer.typed ?? {}) : {};
  const [subjectId, setSubjectId] = useState(typed.subjectId ?? String(page.subjects[0]?.id ?? ''));
  const [kind, setKind] = useState(typed.kind ?? 'keep_ready');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const subject = page.subjects.find((s) => String(s.id) === subjectId) ?? page.subjects[0];
  // Without JavaScript every field shows (the form cannot hide what does not apply); with it, the kind's own.
  const shows = (field: 'topic' | 'keepTopic' | 'check' | 'due' | 'target') =>
    !hydrated ||
    (field === 'topic' && kind === 'cards') ||
    (field === 'keepTopic' && kind === 'keep_ready') ||
    (field === 'check' && kind === 'check') ||
    (field === 'due' && kind !== 'keep_ready') ||
    (field === 'target' && kind === 'keep_ready');
  const err = (name: string) => (errors[name] ? [errors[name]] : undefined);
  const described = (name: string, hint?: string) =>
    [hint, errors[name] ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  const topicOptions = (name: 'cardsTopicId' | 'keepTopicId', label: string) => (
    <div>
      <label htmlFor={name} className="font-semibold">
        {label}
      </label>
      <select
        id={name}
        name={name}
        defaultValue={typed[name]}
        key={`${name}-${subject?.id}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={described(name)}
        className={fieldClass}
      >
        {(hydrated ? [subject!] : page.subjects).flatMap((s) =>
          s.chapters.map((chapter) => (
            <optgroup key={`${s.id}-${chapter.id}`} label={hydrated ? chapter.name : `${s.name}: ${chapter.name}`}>
              <option value={chapter.id}>{chapter.name} (hele hoofdstuk)</option>
              {chapter.topics.map((topic) => (
                <option key={topic.id} value={topic.id}>
                  {topic.name}
                </option>
              ))}
            </optgroup>
          )),
        )}
      </select>
      <FieldError id={`${name}-error`} errors={err(name)} />
    </div>
  );
  return (
    <section className="container-page py-10 md:py-14">
      <ClassHeader c={c} />
      {answer?.message ? (
        <p role="status" className="mt-6 rounded-xl bg-success-soft px-4 py-3 font-semibold text-success">
          {answer.message}
        </p>
      ) : null}
      <ErrorSummary {...summary} className="mt-6" />
      <div className="mt-8 grid gap-10 lg:grid-cols-[2fr_3fr]">
        {c.archived ? null : (
          <Form
            method="post"
            className="grid content-start gap-4 rounded-2xl bg-surface p-5"
            noValidate
            aria-labelledby="new-title"
          >
            <h2 id="new-title" className="text-xl font-bold">
              Nieuwe opdracht
            </h2>
            <input type="hidden" name="intent" value="create" />
            <div>
              <label htmlFor="subjectId" className="font-semibold">
                Vak
              </label>
              <select
                id="subjectId"
                name="subjectId"
                value={subjectId}
                onChange={(e) => setSubjectId(e.target.value)}
                aria-describedby={described('subjectId')}
                className={fieldClass}
              >
                {page.subjects.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              <FieldError id="subjectId-error" errors={err('subjectId')} />
            </div>
            <fieldset>
              <legend className="font-semibold">Wat moet de klas doen?</legend>
              {ASSIGNMENT_KINDS.map((k) => (
                <label key={k} className="mt-1 flex items-center gap-2">
                  <input
                    type="radio"
                    name="kind"
                    value={k}
                    checked={kind === k}
                    onChange={() => setKind(k)}
                    className="size-5"
                  />
                  {ASSIGNMENT_KIND_LABELS[k]}
                </label>
              ))}
              <FieldError id="kind-error" errors={err('kind')} />
            </fieldset>
            {shows('keepTopic') ? topicOptions('keepTopicId', 'Onderwerp om klaar te houden') : null}
            {shows('topic') ? topicOptions('cardsTopicId', 'Onderwerp om te leren') : null}
            {shows('check') ? (
              <div>
                <label htmlFor="testId" className="font-semibold">
                  Examencheck
                </label>
                <select
                  id="testId"
                  name="testId"
                  defaultValue={typed.testId}
                  key={`check-${subject?.id}`}
                  aria-invalid={errors.testId ? true : undefined}
                  aria-describedby={described('testId')}
                  className={fieldClass}
                >
                  {(hydrated ? [subject!] : page.subjects).flatMap((s) =>
                    s.checks.map((check) => (
                      <option key={check.id} value={check.id}>
                        {hydrated ? check.title : `${s.name}: ${check.title}`}
                      </option>
                    )),
                  )}
                </select>
                <FieldError id="testId-error" errors={err('testId')} />
              </div>
            ) : null}
            {shows('due') ? (
              <div>
                <label htmlFor="dueOn" className="font-semibold">
                  Klaar op
                </label>
                <p id="dueOn-hint" className="text-sm text-ink-soft">
                  Voor kaarten en examenchecks.
                </p>
                <input
                  id="dueOn"
                  name="dueOn"
                  type="date"
                  defaultValue={typed.dueOn}
                  aria-invalid={errors.dueOn ? true : undefined}
                  aria-describedby={described('dueOn', 'dueOn-hint')}
                  className={fieldClass}
                />
                <FieldError id="dueOn-error" errors={err('dueOn')} />
              </div>
            ) : null}
            {shows('target') ? (
              <div>
                <label htmlFor="targetPercent" className="font-semibold">
                  Doel op de examendag (%)
                </label>
                <p id="targetPercent-hint" className="text-sm text-ink-soft">
                  De opdracht gaat vanzelf weer open zodra de voorspelde kans op de examendag onder dit doel zakt.
                </p>
                <input
                  id="targetPercent"
                  name="targetPercent"
                  type="number"
                  inputMode="numeric"
                  min={50}
                  max={95}
                  defaultValue={typed.targetPercent ?? String(Math.round(CLASS_LIMITS.keepReadyTarget * 100))}
                  aria-invalid={errors.targetPercent ? true : undefined}
                  aria-describedby={described('targetPercent', 'targetPercent-hint')}
                  className={fieldClass}
                />
                <FieldError id="targetPercent-error" errors={err('targetPercent')} />
              </div>
            ) : null}
            <div>
              <Button type="submit" disabled={busy}>
                Opdracht geven
              </Button>
            </div>
          </Form>
        )}
        <section aria-labelledby="list-title">
          <h2 id="list-title" className="text-xl font-bold">
            Opdrachten ({page.assignments.length})
          </h2>
          {page.assignments.length === 0 ? (
            <p className="mt-3 text-ink-soft">Je hebt deze klas nog geen opdrachten gegeven.</p>
          ) : (
            <ul className="mt-3 grid gap-4">
              {page.assignments.map((a) => (
                <li key={a.id} className="rounded-2xl border-2 border-ink/10 p-4">
                  <p className="font-semibold">{a.title}</p>
                  <p className="text-sm text-ink-soft">
                    {a.subject.name} · van {a.teacher || 'een docent'}
                  </p>
                  <p className="mt-2 flex flex-wrap gap-2 text-sm">
                    {ASSIGNMENT_STATUSES.map((status) => (
                      <span key={status} className={`rounded-full px-3 py-1 ${STATUS_TONES[status]}`}>
                        {ASSIGNMENT_STATUS_LABELS[status]}: {a.counts[status] ?? 0}
                      </span>
                    ))}
                  </p>
                  <details className="mt-2">
                    <summary className="cursor-pointer font-semibold">Per leerling</summary>
                    <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                      {a.pupils.map((p) => (
                        <li key={p.userId} className="flex justify-between gap-2 text-sm">
                          <span>{p.name}</span>
                          <span className={`rounded-full px-2 ${STATUS_TONES[p.status]}`}>
                            {ASSIGNMENT_STATUS_LABELS[p.status]}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </details>
                  {c.archived ? null : (
                    <Form method="post" className="mt-3">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="assignmentId" value={a.id} />
                      <Button type="submit" variant="tertiary" size="small" disabled={busy}>
                        Verwijderen
                      </Button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
