import { useEffect, useState } from 'react';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/new';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { classCreateSchema, schoolYearLabel, CLASS_LIMITS } from '#app/modules/classes/index.ts';
import { CLASS_REFUSAL_STATUS, createClass, newClassPage } from '#app/modules/classes/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass, FieldError } from '#app/ui/primitives/text-field.tsx';
import { ErrorSummary, summaryErrors, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Nieuwe klas') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const page = await newClassPage(context.get(scopeContext), requireAreaUser(context));
  if (!page.ok) refusePage({ status: CLASS_REFUSAL_STATUS[page.reason], message: page.message });
  return page.value;
}

interface CreateAnswer {
  errors: Record<string, string>;
  typed: Record<string, string | string[]>;
}

/** The form's text as typed, to give back with its errors (the subjects as the list of ticked ids). */
function typedValues(formData: FormData): CreateAnswer['typed'] {
  const typed: CreateAnswer['typed'] = {};
  for (const [key, value] of formData) {
    if (typeof value !== 'string') continue;
    if (key === 'subjectIds') typed.subjectIds = [...((typed.subjectIds as string[] | undefined) ?? []), value];
    else typed[key] = value.slice(0, 200);
  }
  return typed;
}

/** The API's POST /v1/classes: the shared schema → one use case; the new class's page after it. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const formData = await request.formData();
  const typed = typedValues(formData);
  const submission = parseForm(formData, { schema: classCreateSchema });
  if (submission.status !== 'success') {
    const errors: Record<string, string> = {};
    for (const [path, messages] of Object.entries(submission.error ?? {})) {
      const field = path.replace(/\[\d+\]$/, '');
      if (messages?.[0] && !errors[field]) errors[field] = messages[0];
    }
    return data<CreateAnswer>({ errors, typed }, { status: 400 });
  }
  const created = await createClass(context.get(scopeContext), user, submission.value);
  if (!created.ok) {
    return data<CreateAnswer>(
      { errors: { [created.field ?? 'name']: created.message }, typed },
      { status: CLASS_REFUSAL_STATUS[created.reason] },
    );
  }
  return redirect(`${AREA_PATHS.classes}/${created.value.id}/leden?nieuw=1`);
}

/** "Nieuwe klas" (issue 31): name, level, exam year, school year, subjects and the school. */
export default function NewClass() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CreateAnswer | undefined;
  const busy = useNavigation().state === 'submitting';
  const errors = answer?.errors ?? {};
  const typed = answer?.typed ?? {};
  const text = (name: string, fallback = '') => (typeof typed[name] === 'string' ? (typed[name] as string) : fallback);
  const ticked = new Set((typed.subjectIds as string[] | undefined) ?? []);
  const [level, setLevel] = useState<string>(text('level', page.levels.find((l) => l.level === 'havo')?.level ?? ''));
  // Without JavaScript every level's subjects show (the select cannot hide them); once hydrated, the chosen level's.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Issue 34: one error summary, focused after a refused submit, a link to each field.
  const summary = useErrorSummary({
    refusal: Object.keys(errors).length > 0 ? answer : null,
    errors: summaryErrors(errors, (name) => name),
  });
  const describedBy = (name: string, hint = false) =>
    [hint ? `${name}-hint` : '', errors[name] ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Nieuwe klas</h1>
      <p className="mt-2 max-w-prose text-lg text-ink-soft">
        Je leerlingen worden lid met een klascode. Je ziet daarna per onderwerp wie op schema ligt voor de dag van het
        examen.
      </p>
      <ErrorSummary {...summary} className="mt-6" />
      <Form method="post" className="mt-8 grid max-w-2xl gap-5" noValidate>
        <div>
          <label htmlFor="name" className="font-semibold">
            Naam van de klas
          </label>
          <p id="name-hint" className="text-sm text-ink-soft">
            Zoals je leerlingen de klas kennen, bijvoorbeeld H5 Wiskunde B.
          </p>
          <input
            id="name"
            name="name"
            type="text"
            maxLength={CLASS_LIMITS.maxName}
            defaultValue={text('name')}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name', true)}
            className={fieldClass}
          />
          <FieldError id="name-error" errors={errors.name ? [errors.name] : undefined} />
        </div>
        <div className="grid gap-5 sm:grid-cols-3">
          <div>
            <label htmlFor="level" className="font-semibold">
              Niveau
            </label>
            <select
              id="level"
              name="level"
              value={level}
              onChange={(event) => setLevel(event.target.value)}
              aria-invalid={errors.level ? true : undefined}
              aria-describedby={describedBy('level')}
              className={fieldClass}
            >
              {page.levels.map((l) => (
                <option key={l.level} value={l.level}>
                  {l.label}
                </option>
              ))}
            </select>
            <FieldError id="level-error" errors={errors.level ? [errors.level] : undefined} />
          </div>
          <div>
            <label htmlFor="examYear" className="font-semibold">
              Examenjaar
            </label>
            <select
              id="examYear"
              name="examYear"
              defaultValue={text('examYear', String(page.examYears[0]))}
              aria-invalid={errors.examYear ? true : undefined}
              aria-describedby={describedBy('examYear')}
              className={fieldClass}
            >
              {page.examYears.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
            <FieldError id="examYear-error" errors={errors.examYear ? [errors.examYear] : undefined} />
          </div>
          <div>
            <label htmlFor="schoolYear" className="font-semibold">
              Schooljaar
            </label>
            <select
              id="schoolYear"
              name="schoolYear"
              defaultValue={text('schoolYear', String(page.schoolYears[0]))}
              aria-invalid={errors.schoolYear ? true : undefined}
              aria-describedby={describedBy('schoolYear')}
              className={fieldClass}
            >
              {page.schoolYears.map((year) => (
                <option key={year} value={year}>
                  {schoolYearLabel(year)}
                </option>
              ))}
            </select>
            <FieldError id="schoolYear-error" errors={errors.schoolYear ? [errors.schoolYear] : undefined} />
          </div>
        </div>
        <fieldset aria-describedby={describedBy('subjectIds', true)}>
          <legend className="font-semibold">Vakken</legend>
          <p id="subjectIds-hint" className="text-sm text-ink-soft">
            Een tot {CLASS_LIMITS.maxSubjects} vakken van het niveau van de klas.
          </p>
          <FieldError id="subjectIds-error" errors={errors.subjectIds ? [errors.subjectIds] : undefined} />
          {page.levels.map((group) => (
            // Without JavaScript every level's subjects show; with it, those of the chosen level.
            <div key={group.level} className="mt-3" data-level={group.level} hidden={hydrated && level !== group.level}>
              <p className="text-sm font-semibold text-ink-soft">{group.label}</p>
              <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                {group.subjects.map((subject) => (
                  <li key={subject.id}>
                    <label className="flex items-center gap-2 py-1">
                      <input
                        type="checkbox"
                        name="subjectIds"
                        value={subject.id}
                        defaultChecked={ticked.has(String(subject.id))}
                        className="size-5"
                      />
                      {subject.name}
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </fieldset>
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
          <div>
            <label htmlFor="schoolName" className="font-semibold">
              School
            </label>
            <input
              id="schoolName"
              name="schoolName"
              type="text"
              autoComplete="organization"
              maxLength={CLASS_LIMITS.maxSchoolName}
              defaultValue={text('schoolName', page.school?.name ?? '')}
              aria-invalid={errors.schoolName ? true : undefined}
              aria-describedby={describedBy('schoolName')}
              className={fieldClass}
            />
            <FieldError id="schoolName-error" errors={errors.schoolName ? [errors.schoolName] : undefined} />
          </div>
          <div>
            <label htmlFor="brin" className="font-semibold">
              BRIN-code <span className="font-normal text-ink-soft">(niet verplicht)</span>
            </label>
            <input
              id="brin"
              name="brin"
              type="text"
              maxLength={4}
              autoCapitalize="characters"
              defaultValue={text('brin', page.school?.brin ?? '')}
              aria-invalid={errors.brin ? true : undefined}
              aria-describedby={describedBy('brin')}
              className={fieldClass}
            />
            <FieldError id="brin-error" errors={errors.brin ? [errors.brin] : undefined} />
          </div>
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            Klas aanmaken
          </Button>
        </div>
      </Form>
    </section>
  );
}
