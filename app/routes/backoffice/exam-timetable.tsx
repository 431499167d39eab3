import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/exam-timetable';
import { scopeContext } from '#app/context.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import {
  EXAM_DATA_MESSAGES as M,
  LEVEL_OPTIONS,
  proposeTimetableSchema,
  sortedExams,
  type ExamTimetable,
} from '#app/modules/exam-data/index.ts';
import { offeredSubjects, publishedTimetables, versionWithStatus } from '#app/modules/exam-data/index.server.ts';
import { EXAM_DATA_PATHS } from '#app/modules/backoffice-exam-data/index.ts';
import { EXAM_DATA_REFUSAL_STATUS, proposeChange } from '#app/modules/backoffice-exam-data/index.server.ts';
import {
  errorsByName,
  Field,
  fieldId,
  formAnswer,
  FormErrorSummary,
  sentValues,
  type FormRefusal,
} from '#app/modules/backoffice-exam-data/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { FieldError, fieldClass } from '#app/ui/primitives/text-field.tsx';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Examenrooster ${loaderData.examYear}` : 'Examenrooster') },
  { name: 'robots', content: 'noindex' },
];

/** Blank rows the form offers beyond the exams it has (more: save, then open the form again). */
const BLANK_ROWS = 4;

/** A timetable as the form's fields: its values by field name. */
function formValues(t: ExamTimetable): Record<string, string> {
  const values: Record<string, string> = {
    examYear: String(t.examYear),
    reference: t.reference,
    publishedOn: t.publishedOn ?? '',
    source: t.source,
    'firstPeriod.from': t.firstPeriod.from,
    'firstPeriod.to': t.firstPeriod.to,
    'secondPeriod.from': t.secondPeriod?.from ?? '',
    'secondPeriod.to': t.secondPeriod?.to ?? '',
    'flexibleDigital.from': t.flexibleDigital?.from ?? '',
    'flexibleDigital.to': t.flexibleDigital?.to ?? '',
  };
  sortedExams(t.exams).forEach((exam, i) => {
    values[`exams[${i}].subject`] = exam.subject;
    values[`exams[${i}].level`] = exam.level;
    values[`exams[${i}].date`] = exam.date;
    values[`exams[${i}].start`] = exam.start;
    values[`exams[${i}].end`] = exam.end;
  });
  return values;
}

/**
 * `/beheer/examengegevens/rooster?jaar=2027` (BACKOFFICE_ACCESS.proposeExamData): a new version of one exam year's
 * CvTE timetable, filled in from the published one when there is one. A year with a change waiting links to it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const asked = new URL(request.url).searchParams.get('jaar');
  const timetables = await publishedTimetables(scope);
  const latest = timetables.at(-1)?.examYear ?? new Date().getFullYear();
  const examYear = asked && /^\d{4}$/.test(asked) && +asked >= 2021 && +asked <= 2100 ? +asked : latest + 1;
  const [subjects, pending] = await Promise.all([
    offeredSubjects(scope),
    versionWithStatus(scope.db, 'timetable', String(examYear), 'pending'),
  ]);
  const published = timetables.find((t) => t.examYear === examYear) ?? null;
  return {
    examYear,
    published: published !== null,
    pendingId: pending?.id ?? null,
    defaults: published ? formValues(published) : { examYear: String(examYear) },
    rows: (published?.exams.length ?? 0) + BLANK_ROWS,
    digitalLevels: published?.flexibleDigital?.levels ?? [],
    subjects: [...subjects]
      .map(([slug, subject]) => ({ slug, ...subject }))
      .sort((a, b) => a.name.localeCompare(b.name, 'nl')),
  };
}

/** "Ter goedkeuring aanbieden": the version waits for a second staff member; its page shows what it does. */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'proposeExamData');
  if (!access.ok) throw data(access.message, { status: 403 });
  const form = await request.formData();
  const values = sentValues(form);
  const submission = parseForm(form, { schema: proposeTimetableSchema });
  if (submission.status !== 'success') {
    return data<FormRefusal>(
      { ok: false, message: M.FORM, errors: errorsByName(submission.error), values },
      { status: 400 },
    );
  }
  const result = await proposeChange(scope, access.value, 'timetable', submission.value);
  if (!result.ok) {
    return data<FormRefusal>(
      {
        ok: false,
        message: result.message,
        // The service names a row's field by its dotted path (as the API does); the form by Conform's name.
        errors: { [result.field?.replace(/\.(\d+)/g, '[$1]') ?? 'form']: [result.message] },
        values,
      },
      { status: EXAM_DATA_REFUSAL_STATUS[result.reason] },
    );
  }
  throw redirect(EXAM_DATA_PATHS.change(result.value.change.id));
}

const LABELS: Record<string, string> = {
  examYear: 'Examenjaar',
  reference: 'Regeling en kenmerk',
  publishedOn: 'Gepubliceerd op',
  source: 'Bron',
  'firstPeriod.from': 'Eerste tijdvak, begin',
  'firstPeriod.to': 'Eerste tijdvak, einde',
  'secondPeriod.from': 'Tweede tijdvak, begin',
  'secondPeriod.to': 'Tweede tijdvak, einde',
  'flexibleDigital.from': 'Digitale examens, begin',
  'flexibleDigital.to': 'Digitale examens, einde',
  'flexibleDigital.levels': 'Digitale examens, niveaus',
  note: 'Toelichting',
};
const COLUMN = { subject: 'vak', level: 'niveau', date: 'datum', start: 'begintijd', end: 'eindtijd' } as const;
const labelOf = (name: string) => {
  const row = /^exams\[(\d+)\]\.(\w+)$/.exec(name);
  if (row) return `Examen ${Number(row[1]) + 1}, ${COLUMN[row[2] as keyof typeof COLUMN] ?? row[2]}`;
  return LABELS[name];
};

export default function ExamTimetablePage({ loaderData, actionData }: Route.ComponentProps) {
  const { examYear, published, pendingId, defaults, rows, subjects, digitalLevels } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const { typed, typedAll, error } = formAnswer(refusal, defaults);
  const rowCount = Math.max(
    rows,
    ...Object.keys(refusal?.values ?? {}).map((name) => {
      const match = /^exams\[(\d+)\]/.exec(name);
      return match ? Number(match[1]) + 1 : 0;
    }),
  );
  const levels = typedAll('flexibleDigital.levels', digitalLevels);
  const field = (name: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field name={name} label={LABELS[name] ?? name} errors={error(name)} defaultValue={typed(name)} {...extra} />
  );
  return (
    <section className="max-w-5xl">
      <p>
        <Link to={EXAM_DATA_PATHS.list} className="underline">
          Terug naar de examengegevens
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark">Examenrooster {examYear}</h1>
      <p className="mt-3 max-w-3xl">
        {published
          ? 'Het gepubliceerde rooster staat hieronder ingevuld. Verwerk een wijzigingsregeling van het CvTE als nieuwe versie: pas aan wat verandert en noem de wijzigingsregeling.'
          : `Voor ${examYear} is nog geen rooster gepubliceerd: leerlingen plannen naar een schatting. Neem het rooster over uit de Regeling rooster centrale examens van het CvTE.`}{' '}
        Een tweede medewerker (content of beheerder) keurt de wijziging goed; pas dan gebruiken planningen hem.
      </p>
      <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="ed-year-pick" className="block font-semibold">
            Ander examenjaar
          </label>
          <input
            id="ed-year-pick"
            name="jaar"
            inputMode="numeric"
            defaultValue={String(examYear)}
            className={`${fieldClass} w-32`}
          />
        </div>
        <Button type="submit" variant="secondary">
          Openen
        </Button>
      </form>
      {pendingId !== null ? (
        <p role="status" className="mt-6 rounded-xl bg-brand/10 px-4 py-3 font-semibold">
          Er wacht al een wijziging van dit rooster op goedkeuring.{' '}
          <Link to={EXAM_DATA_PATHS.change(pendingId)} className="underline">
            Bekijk de wijziging
          </Link>
        </p>
      ) : (
        <Form method="post" noValidate className="mt-6 grid gap-6">
          <FormErrorSummary refusal={refusal} labels={labelOf} />
          {refusal?.errors.form ? (
            <p role="alert" className="rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
              {refusal.errors.form[0]}
            </p>
          ) : null}
          <input type="hidden" name="examYear" value={String(examYear)} />
          <fieldset className="grid gap-4">
            <legend className="text-xl font-bold">De regeling</legend>
            {field('reference', {
              hint: 'De titel met het kenmerk van het CvTE, bij een wijziging de wijzigingsregeling erbij.',
            })}
            <div className="grid gap-4 sm:grid-cols-2">
              {field('publishedOn', { type: 'date' })}
              {field('source', {
                type: 'url',
                inputMode: 'url',
                hint: 'Een https-adres op officielebekendmakingen.nl of examenblad.nl.',
              })}
            </div>
          </fieldset>
          <fieldset className="grid gap-4">
            <legend className="text-xl font-bold">Tijdvakken</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {field('firstPeriod.from', { type: 'date' })}
              {field('firstPeriod.to', { type: 'date' })}
              {field('secondPeriod.from', { type: 'date' })}
              {field('secondPeriod.to', { type: 'date' })}
              {field('flexibleDigital.from', {
                type: 'date',
                hint: 'Vmbo bb/kb: de school kiest de dag binnen deze periode. Leeg: geen.',
              })}
              {field('flexibleDigital.to', { type: 'date' })}
            </div>
            <fieldset id={fieldId('flexibleDigital.levels')}>
              <legend className="font-semibold">Niveaus met flexibele digitale examens</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {LEVEL_OPTIONS.map((option) => (
                  <label key={option.value} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      name="flexibleDigital.levels"
                      value={option.value}
                      defaultChecked={levels.includes(option.value)}
                    />
                    {option.label}
                  </label>
                ))}
              </div>
              <FieldError id={`${fieldId('flexibleDigital.levels')}-error`} errors={error('flexibleDigital.levels')} />
            </fieldset>
          </fieldset>
          <fieldset>
            <legend className="text-xl font-bold">Examens in het eerste tijdvak</legend>
            <p className="mt-1 max-w-3xl text-sm">
              Per vak en niveau de dag en de tijden zoals de regeling ze noemt. Lege rijen tellen niet mee; meer rijen
              nodig? Sla op en open het rooster opnieuw.
            </p>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full min-w-[44rem] text-left">
                <caption className="sr-only">Examens in het eerste tijdvak van {examYear}</caption>
                <thead>
                  <tr>
                    <th scope="col">Vak</th>
                    <th scope="col">Niveau</th>
                    <th scope="col">Datum</th>
                    <th scope="col">Begin</th>
                    <th scope="col">Einde</th>
                  </tr>
                </thead>
                <tbody>
                  {Array.from({ length: rowCount }, (_, i) => {
                    const name = (column: string) => `exams[${i}].${column}`;
                    const cell = (column: keyof typeof COLUMN, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
                      <td className="py-1 pr-2 align-top">
                        <Field
                          name={name(column)}
                          label={labelOf(name(column))!}
                          srOnlyLabel
                          errors={error(name(column))}
                          defaultValue={typed(name(column))}
                          {...extra}
                        />
                      </td>
                    );
                    return (
                      <tr key={i}>
                        {cell('subject', {
                          children: (
                            <>
                              <option value="">–</option>
                              {subjects.map((subject) => (
                                <option key={subject.slug} value={subject.slug}>
                                  {subject.name}
                                </option>
                              ))}
                            </>
                          ),
                        })}
                        {cell('level', {
                          children: (
                            <>
                              <option value="">–</option>
                              {LEVEL_OPTIONS.map((option) => (
                                <option key={option.value} value={option.value}>
                                  {option.label}
                                </option>
                              ))}
                            </>
                          ),
                        })}
                        {cell('date', { type: 'date' })}
                        {cell('start', { type: 'time' })}
                        {cell('end', { type: 'time' })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </fieldset>
          <div>
            <label htmlFor={fieldId('note')} className="block font-semibold">
              Toelichting voor wie goedkeurt
            </label>
            <textarea
              id={fieldId('note')}
              name="note"
              rows={2}
              maxLength={500}
              defaultValue={typed('note')}
              className={fieldClass}
              aria-invalid={error('note') ? true : undefined}
              aria-describedby={error('note') ? `${fieldId('note')}-error` : undefined}
            />
            <FieldError id={`${fieldId('note')}-error`} errors={error('note')} />
          </div>
          <div>
            <Button type="submit">Ter goedkeuring aanbieden</Button>
          </div>
        </Form>
      )}
    </section>
  );
}
