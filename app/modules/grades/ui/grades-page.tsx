import { useState, type FormEvent } from 'react';
import { Form, Link } from 'react-router';
import { formatTenths } from '#app/modules/grades/domain/grade.ts';
import type { CeGradesView, GradesView } from '#app/modules/grades/schemas/grades.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { ErrorSummary, type SummaryError, summaryErrors, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { assessmentOptions, NumberField, SelectField } from './fields.tsx';
import { FinalGradesTable } from './final-grades.tsx';
import { type CeGradeAnswer, RealCeGrades } from './real-ce-grades.tsx';

type SubjectView = GradesView['subjects'][number];

/** What an action answered: the notice, or what was typed with the Dutch message per subject and field. */
export interface GradesAnswer {
  intent: 'save' | 'add' | 'remove' | 'past-exam-add' | 'past-exam-remove' | 'ce-save';
  message?: string;
  formError?: string;
  /** What the pupil typed, per subject key (a refused form keeps it). */
  typed?: Record<string, { se?: string; assessment?: string }>;
  errors?: Record<string, { se?: string; assessment?: string; subject?: string }>;
  /** The past-exam form as typed, and its Dutch message per field (a refused form keeps it). */
  pastExam?: { typed: Record<string, string>; errors: Record<string, string> };
  /** The refused "Mijn echte CE-cijfer" form as typed, with its message. */
  ce?: CeGradeAnswer;
}

/** 'a', 'a en b', 'a, b en c'. */
const dutchList = (parts: readonly string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}`;

/**
 * What the subject's central exam needs. "Je hebt hier nog niets nodig" (a 1,0 passes) only where that is true: as
 * expected, and still when every other exam comes out at the low end of its band; where it leans on other exams
 * that are only assumed (no exam check or past exam), it says so; where it holds only as expected, the grade
 * needed when the others disappoint is what counts.
 */
export function neededText(subject: SubjectView, assumed: readonly string[]): string {
  const { needed, neededAtLow } = subject;
  if (!needed) return 'Vul eerst al je SE-cijfers in';
  if (needed.kind === 'impossible') return 'Ook een 10,0 is niet genoeg: een andere regel gaat mis';
  if (needed.kind === 'needed') return formatTenths(needed.tenths);
  if (neededAtLow?.kind === 'needed') {
    return `${formatTenths(neededAtLow.tenths)}, als je andere examens aan de lage kant van hun schatting uitkomen (gaan ze zoals verwacht, dan is elk cijfer genoeg)`;
  }
  if (neededAtLow?.kind === 'impossible') {
    return 'Gaan je andere examens zoals verwacht, dan is elk cijfer genoeg; vallen ze tegen, dan is hier zelfs een 10,0 niet genoeg';
  }
  const others = assumed.filter((name) => name !== subject.name);
  if (others.length > 0) {
    return `Je hebt hier nog niets nodig, als je CE-cijfers voor ${dutchList(others)} uitkomen zoals je SE-cijfers`;
  }
  return 'Je hebt hier nog niets nodig: je slaagt ook met een 1,0, ook als je andere examens tegenvallen';
}

/** A predicted CE grade's band: 'tussen 6,1 en 7,3'. */
export function bandText(prediction: NonNullable<SubjectView['prediction']>): string {
  return `tussen ${formatTenths(prediction.lowTenths)} en ${formatTenths(prediction.highTenths)}`;
}

/** What a prediction from checks rests on: '2 examenchecks en 1 oud examen'. */
export function evidenceText(subject: SubjectView): string {
  const checkCount = (subject.prediction?.attempts ?? 0) - subject.pastExams;
  const parts = [
    ...(checkCount > 0 ? [checkCount === 1 ? '1 examencheck' : `${checkCount} examenchecks`] : []),
    ...(subject.pastExams > 0 ? [subject.pastExams === 1 ? '1 oud examen' : `${subject.pastExams} oude examens`] : []),
  ];
  return parts.join(' en ');
}

/** The same, short, for the final grades table. */
function neededShort(subject: SubjectView, assumed: readonly string[]): string {
  const { needed, neededAtLow } = subject;
  if (!needed) return '';
  if (needed.kind === 'impossible') return 'ook 10,0 is niet genoeg';
  if (needed.kind === 'needed') return formatTenths(needed.tenths);
  if (neededAtLow?.kind === 'needed') return `${formatTenths(neededAtLow.tenths)} als andere examens tegenvallen`;
  if (neededAtLow?.kind === 'impossible') return 'hangt af van je andere examens';
  return assumed.some((name) => name !== subject.name) ? 'niets, als je andere CE’s als je SE gaan' : 'niets nodig';
}

/** Why a subject has no prediction yet, and where to go about it: what is missing, named. */
function missingEvidence(subject: SubjectView): { text: string; href?: string; link?: string } {
  if (subject.access === null) {
    return {
      text: `Nog geen examencheck: ${subject.name} staat niet bij je vakken in Mijn Slaagbundel`,
      href: AREA_PATHS.subjectsAndBooks,
      link: `${subject.name} toevoegen`,
    };
  }
  if (subject.access === 'none') {
    return {
      text: `Nog geen toegang tot de examenchecks van ${subject.name}: activeer de code uit je boek`,
      href: AREA_PATHS.subjectsAndBooks,
      link: 'Code activeren',
    };
  }
  if (subject.checksOnline === 0) return { text: `Voor ${subject.name} staan nog geen examenchecks online` };
  return subject.studyHref
    ? { text: 'Nog geen examencheck gemaakt', href: subject.studyHref, link: `Naar ${subject.name}` }
    : { text: 'Nog geen examencheck gemaakt' };
}

function PredictionText({ subject }: { subject: SubjectView }) {
  if (subject.prediction) return <>{predictionText(subject)}</>;
  const missing = missingEvidence(subject);
  return (
    <>
      {missing.text}
      {missing.href ? (
        <>
          {' · '}
          <Link
            to={missing.href}
            className="font-semibold text-brand-dark underline focus-visible:outline-3 focus-visible:outline-focus"
          >
            {missing.link}
          </Link>
        </>
      ) : null}
    </>
  );
}

function predictionText(subject: SubjectView): string {
  const { prediction } = subject;
  if (!prediction) return missingEvidence(subject).text;
  const band = bandText(prediction);
  if (prediction.basis === 'recall') {
    return `${formatTenths(prediction.tenths)} (${band}, geschat uit wat je van de kaarten nog weet op je examendag; een examencheck zegt meer)`;
  }
  return `${formatTenths(prediction.tenths)} (${band}, uit ${evidenceText(subject)})`;
}

function GradeInput({
  subject,
  index,
  typed,
  error,
}: {
  subject: SubjectView;
  index: number;
  typed: { se?: string; assessment?: string } | undefined;
  error: string | undefined;
}) {
  const id = `cijfer-${subject.key}`;
  if (subject.kind === 'assessed') {
    return (
      <SelectField
        id={id}
        name={`grades[${index}].assessment`}
        label={`Beoordeling ${subject.name}`}
        options={assessmentOptions('Weet ik nog niet')}
        selected={typed?.assessment ?? subject.assessment ?? ''}
        error={error}
      />
    );
  }
  return (
    <NumberField
      id={id}
      name={`grades[${index}].se`}
      label={`SE-cijfer ${subject.name}`}
      decimal
      maxLength={10}
      typed={typed?.se ?? (subject.seTenths === null ? '' : formatTenths(subject.seTenths))}
      hint="Bijvoorbeeld 6,8. Leeg: weet ik nog niet."
      error={error}
      className="max-w-32"
    />
  );
}

/** A refused answer's lines: its field messages, or its form message when it names no field. */
function refusalLines(fields: SummaryError[], formError: string | undefined): SummaryError[] {
  return fields.length > 0 || !formError ? fields : [{ message: formError }];
}

/** The grades form's summary: each subject's message, linked to its grade or judgement and led by its label. */
function gradesSummary(view: GradesView, answer: GradesAnswer | undefined): SummaryError[] {
  if (answer?.intent !== 'save') return [];
  const fields = view.subjects.flatMap((subject) => {
    const error = answer.errors?.[subject.key];
    const message = error?.se ?? error?.assessment;
    if (!message) return [];
    const label = subject.kind === 'assessed' ? `Beoordeling ${subject.name}` : `SE-cijfer ${subject.name}`;
    return [{ id: `cijfer-${subject.key}`, message: `${label}: ${message}` }];
  });
  return refusalLines(fields, answer.formError);
}

/** The grade simulator: the outcome and suggestion, the subjects with their grades, adding a subject. */
export function GradesSimulator({
  view,
  ceGrades,
  answer,
  knownExams = {},
}: {
  view: GradesView;
  /** Exams of the pupil's level with a published N-term, by 'subject:year:tijdvak' ("kies een examen"). */
  knownExams?: Readonly<Record<string, { maxScore: string; nTerm: string }>>;
  /** The pupil's own real CE grades (never on a shared page); `open`: asked for yet (from May of the exam year). */
  ceGrades: CeGradesView & { open: boolean; examYear: number | null };
  answer: GradesAnswer | undefined;
}) {
  const typed = answer?.intent === 'save' ? answer.typed : undefined;
  const errors = answer?.intent === 'save' ? answer.errors : undefined;
  const refusedAs = (...intents: GradesAnswer['intent'][]) =>
    answer && intents.includes(answer.intent) && answer.formError ? answer : null;
  const grades = useErrorSummary({ refusal: refusedAs('save', 'remove'), errors: gradesSummary(view, answer) });
  const adding = useErrorSummary({
    refusal: refusedAs('add'),
    errors: answer?.intent === 'add' && answer.formError ? [{ id: 'vak-toevoegen', message: answer.formError }] : [],
  });
  const { outcome, suggestion } = view;
  return (
    <>
      <section aria-labelledby="slaagkans" className="mt-8 rounded-2xl bg-surface p-5">
        <h2 id="slaagkans" className="text-xl font-bold">
          Je slaagkans
        </h2>
        {outcome ? (
          <>
            <p className="mt-2 text-lg font-bold" data-testid="uitslag">
              {outcome.message}
            </p>
            <p className="mt-1 text-sm text-ink-soft">Als je centrale examens uitkomen zoals hieronder verwacht.</p>
            {outcome.failures.length > 0 ? (
              <ul className="mt-3 list-disc space-y-1 pl-5">
                {outcome.failures.map((failure) => (
                  <li key={`${failure.rule}-${failure.message}`}>{failure.message}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <p className="mt-2">We kunnen je uitslag nog niet berekenen. Vul eerst in: {view.missing.join(', ')}.</p>
        )}
        {outcome ? (
          <FinalGradesTable
            lines={view.subjects.map((subject) => ({
              key: subject.key,
              name: subject.name,
              finalGrade: subject.finalGrade,
              assessment: subject.assessment,
              needed: subject.kind === 'central' ? neededShort(subject, view.assumed) : null,
              part: subject.kind === 'combination-part',
            }))}
            combinationGrade={view.combinationGrade}
            showNeeded
            testIdPrefix="tabel-"
            caption="Je eindcijfers als je centrale examens uitkomen zoals verwacht"
          />
        ) : null}
        {view.assumed.length > 0 ? (
          <p className="mt-3 text-sm">
            Voor {dutchList(view.assumed)} hebben we nog geen examencheck of oud examen: daar rekenen we met een
            CE-cijfer gelijk aan je SE-cijfer.
          </p>
        ) : null}
        {suggestion ? (
          <div className="mt-4 border-t-2 border-ink/10 pt-4">
            <h3 className="font-bold">Waar oefenen het meeste oplevert</h3>
            <p className="mt-1">{suggestion.message}</p>
            {suggestion.studyHref ? (
              <Link
                to={suggestion.studyHref}
                className="mt-2 inline-block font-semibold text-brand-dark underline focus-visible:outline-3 focus-visible:outline-focus"
              >
                Leren en oefenen: {suggestion.name}
              </Link>
            ) : null}
          </div>
        ) : null}
      </section>

      <h2 className="mt-10 text-xl font-bold">Je vakken</h2>
      {answer?.message && !answer.intent.startsWith('past-exam') && answer.intent !== 'ce-save' ? (
        <p role="status" className="mt-3 rounded-xl bg-success-soft p-3 font-semibold text-success">
          {answer.message}
        </p>
      ) : null}
      <Form method="post" className="mt-4" aria-label="Je cijfers">
        <ErrorSummary {...grades} className="mb-4" />
        <input type="hidden" name="intent" value="save" />
        <ul className="grid gap-4 md:grid-cols-2">
          {view.subjects.map((subject, index) => (
            <li key={subject.key} className="rounded-2xl border-2 border-ink/10 bg-white p-4">
              <h3 className="text-lg font-bold">{subject.name}</h3>
              <input type="hidden" name={`grades[${index}].subject`} value={subject.key} />
              <div className="mt-2">
                <GradeInput
                  subject={subject}
                  index={index}
                  typed={typed?.[subject.key]}
                  error={errors?.[subject.key]?.se ?? errors?.[subject.key]?.assessment}
                />
              </div>
              {subject.kind === 'central' ? (
                <dl className="mt-3 grid gap-1 text-sm">
                  <div>
                    <dt className="inline font-semibold">Verwacht CE-cijfer: </dt>
                    <dd className="inline">
                      <PredictionText subject={subject} />
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold">Nodig op je CE om te slagen: </dt>
                    <dd className="inline" data-testid={`nodig-${subject.key}`}>
                      {neededText(subject, view.assumed)}
                    </dd>
                  </div>
                </dl>
              ) : subject.kind === 'combination-part' ? (
                <p className="mt-3 text-sm text-ink-soft">Telt mee in je combinatiecijfer.</p>
              ) : subject.kind === 'school' ? (
                <p className="mt-3 text-sm text-ink-soft">Alleen een schoolexamen: je SE-cijfer is je eindcijfer.</p>
              ) : null}
              {subject.removable ? (
                <button
                  type="submit"
                  form={`verwijder-${subject.key}`}
                  className="mt-3 text-sm font-semibold text-ink-soft underline hover:text-danger focus-visible:outline-3 focus-visible:outline-focus"
                >
                  Haal {subject.name} uit je lijst
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        <Button type="submit" className="mt-6">
          Cijfers opslaan en berekenen
        </Button>
      </Form>

      {view.subjects
        .filter((subject) => subject.removable)
        .map((subject) => (
          // Outside the grades form, so Enter in a grade field saves instead of taking a subject off the list.
          <Form key={subject.key} id={`verwijder-${subject.key}`} method="post" hidden>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="grades[0].subject" value={subject.key} />
            <input type="hidden" name="grades[0].included" value="false" />
          </Form>
        ))}
      {view.addable.length > 0 ? (
        <Form method="post" className="mt-8 rounded-2xl bg-surface p-4" aria-label="Vak toevoegen">
          <ErrorSummary {...adding} className="mb-4" headingLevel={3} />
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="grades[0].included" value="true" />
          <label htmlFor="vak-toevoegen" className="font-semibold">
            Vak toevoegen (bijvoorbeeld een tweede vreemde taal)
          </label>
          <div className="flex flex-wrap items-end gap-3">
            <select
              id="vak-toevoegen"
              name="grades[0].subject"
              className={`${fieldClass} max-w-xs`}
              required
              aria-invalid={answer?.intent === 'add' && answer.formError ? true : undefined}
            >
              {view.addable.map((subject) => (
                <option key={subject.key} value={subject.key}>
                  {subject.name}
                </option>
              ))}
            </select>
            <Button type="submit" variant="secondary">
              Toevoegen
            </Button>
          </div>
          <p className="mt-2 text-sm text-ink-soft">
            Sla eerst je cijfers op: toevoegen bewaart alleen het nieuwe vak.
          </p>
        </Form>
      ) : null}

      <PastExams view={view} answer={answer} knownExams={knownExams} />

      <RealCeGrades view={view} ceGrades={ceGrades} answer={answer} />
    </>
  );
}

export const TIJDVAK_LABELS = { 1: 'tijdvak 1 (mei)', 2: 'tijdvak 2 (juni)' } as const;

/** The past-exam form's labels, leading its messages in the summary. */
const PAST_EXAM_LABELS: Record<string, string> = {
  subject: 'Vak',
  year: 'Examenjaar',
  tijdvak: 'Tijdvak',
  score: 'Je score',
  maxScore: 'Maximale score',
  nTerm: 'N-term',
};

/**
 * Past exams (issue 21, part 7): the ones the pupil entered with their grade, each removable, and a form to
 * enter one, with the N-term of that exam from Examenblad.
 */
function PastExams({
  view,
  answer,
  knownExams,
}: {
  view: GradesView;
  answer: GradesAnswer | undefined;
  knownExams: Readonly<Record<string, { maxScore: string; nTerm: string }>>;
}) {
  const { pastExams, pastExamChoices } = view;
  const [filled, setFilled] = useState<string | null>(null);
  // "Kies een examen": once subject, year and tijdvak name an exam whose N-term is published, its maximum score
  // and N-term are filled in (what the pupil typed stays typed over until they choose another exam).
  const fillKnown = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const target = event.target as HTMLElement;
    if (!['subject', 'year', 'tijdvak'].includes(target.getAttribute('name') ?? '')) return;
    const value = (name: string) =>
      (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value;
    const key = `${value('subject')}:${value('year')}:${value('tijdvak')}`;
    const known = knownExams[key];
    if (!known) {
      setFilled(null);
      return;
    }
    for (const field of ['maxScore', 'nTerm'] as const) {
      const input = form.elements.namedItem(field);
      if (input instanceof HTMLInputElement) input.value = known[field];
    }
    setFilled(key);
  };
  const own = answer?.intent === 'past-exam-add' || answer?.intent === 'past-exam-remove' ? answer : undefined;
  const refused = answer?.intent === 'past-exam-add' ? answer.pastExam : undefined;
  const typed = refused?.typed ?? {};
  const errors = refused?.errors ?? {};
  const summary = useErrorSummary({
    refusal: own?.formError ? own : null,
    errors: own?.formError
      ? refusalLines(
          summaryErrors(errors, (field) => `oud-examen-${field}`, PAST_EXAM_LABELS),
          own.formError,
        )
      : [],
  });
  return (
    <section aria-labelledby="oude-examens" className="mt-10">
      <h2 id="oude-examens" className="text-xl font-bold">
        Oude examens
      </h2>
      <p className="mt-2 max-w-prose">
        Een oud examen op papier gemaakt? Vul je score in met de maximale score en de N-term van dat examen: die vind je
        op Examenblad.nl bij de normering van het examen. Je cijfer telt mee in je verwachte CE-cijfer.
      </p>
      {own?.message ? (
        <p role="status" className="mt-3 rounded-xl bg-success-soft p-3 font-semibold text-success">
          {own.message}
        </p>
      ) : null}
      {own?.intent === 'past-exam-remove' ? <ErrorSummary {...summary} headingLevel={3} /> : null}
      {pastExams.length > 0 ? (
        <ul className="mt-4 grid gap-2" aria-label="Je oude examens">
          {pastExams.map((exam) => (
            <li
              key={exam.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border-2 border-ink/10 bg-white p-3"
            >
              <span>
                <span className="font-bold">
                  {exam.name} {exam.year}, {TIJDVAK_LABELS[exam.tijdvak]}
                </span>
                <span className="block text-sm text-ink-soft">
                  {exam.score} van de {exam.maxScore} punten, N-term {formatTenths(exam.nTenths)}: een{' '}
                  <span className="font-semibold text-ink" data-testid={`oud-examen-cijfer-${exam.id}`}>
                    {formatTenths(exam.gradeTenths)}
                  </span>
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="past-exam-remove" />
                <input type="hidden" name="id" value={exam.id} />
                <button
                  type="submit"
                  className="text-sm font-semibold text-ink-soft underline hover:text-danger focus-visible:outline-3 focus-visible:outline-focus"
                >
                  Verwijder
                  <span className="sr-only">
                    {' '}
                    {exam.name} {exam.year}, tijdvak {exam.tijdvak}
                  </span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {pastExamChoices.subjects.length > 0 ? (
        <Form
          method="post"
          className="mt-4 rounded-2xl bg-surface p-4"
          aria-label="Oud examen invullen"
          onChange={fillKnown}
        >
          {own?.intent === 'past-exam-add' ? <ErrorSummary {...summary} className="mb-4" headingLevel={3} /> : null}
          <input type="hidden" name="intent" value="past-exam-add" />
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              id="oud-examen-subject"
              name="subject"
              label="Vak"
              options={pastExamChoices.subjects.map((subject) => ({ value: subject.key, label: subject.name }))}
              selected={typed.subject}
              error={errors.subject}
            />
            <SelectField
              id="oud-examen-year"
              name="year"
              label="Examenjaar"
              options={pastExamChoices.years.map((year) => ({ value: String(year), label: String(year) }))}
              selected={typed.year}
              error={errors.year}
            />
            <SelectField
              id="oud-examen-tijdvak"
              name="tijdvak"
              label="Tijdvak"
              options={[
                { value: '1', label: 'Tijdvak 1 (mei)' },
                { value: '2', label: 'Tijdvak 2 (juni)' },
              ]}
              selected={typed.tijdvak}
              error={errors.tijdvak}
            />
            <NumberField
              id="oud-examen-score"
              name="score"
              label="Je score (punten)"
              typed={typed.score}
              error={errors.score}
              maxLength={10}
              required
            />
            <NumberField
              id="oud-examen-maxScore"
              name="maxScore"
              label="Maximale score"
              typed={typed.maxScore}
              error={errors.maxScore}
              maxLength={10}
              required
            />
            <NumberField
              id="oud-examen-nTerm"
              maxLength={10}
              required
              name="nTerm"
              label="N-term"
              typed={typed.nTerm}
              error={errors.nTerm}
              hint="Bijvoorbeeld 1,1 (Examenblad.nl)."
              decimal
            />
          </div>
          <p role="status" className="mt-3 text-sm">
            {filled
              ? 'Maximale score en N-term ingevuld uit de normering van het CvTE.'
              : Object.keys(knownExams).length > 0
                ? 'Kies een examen: staat de normering bij ons, dan vullen we de maximale score en de N-term in.'
                : ''}
          </p>
          <Button type="submit" variant="secondary" className="mt-4">
            Oud examen toevoegen
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
