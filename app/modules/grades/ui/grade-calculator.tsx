import { type FormEvent, type RefObject } from 'react';
import { Form } from 'react-router';
import { GRADE_CALCULATOR_PATH } from '#app/modules/grades/domain/paths.ts';
import type {
  CalculatorExam,
  CheckAnswer,
  CheckSubjectField,
  ConversionAnswer,
} from '#app/modules/grades/schemas/calculator.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { ErrorSummary, summaryErrors } from '#app/ui/primitives/error-summary.tsx';
import { assessmentOptions, NumberField, SelectField } from './fields.tsx';
import { FinalGradesTable } from './final-grades.tsx';

const CONVERSION_ANCHOR = 'omrekenen';
const CHECK_ANCHOR = 'slagen';
/**
 * Where a submit lands (issue 35): the answer itself, its result or its messages, not the top of the form, so the
 * result is in view at 390 px also without JavaScript (the browser scrolls to the address's fragment).
 */
export const CONVERSION_ANSWER = 'omrekenen-antwoord';
export const CHECK_ANSWER = 'slagen-antwoord';

/** A field's id on this page, which the messages above a form link to. */
const fieldId = (name: string) => `veld-${name}`;

const CONVERSION_LABELS: Record<string, string> = { score: 'Je score', max: 'Maximale score', n: 'N-term' };

/** Part one: a score, the exam's maximum score and its N-term → the grade, as the CvTE converts it. */
export function ConversionCalculator({
  answer,
  resultRef,
  errorRef,
  exams = [],
}: {
  answer: ConversionAnswer;
  resultRef: RefObject<HTMLHeadingElement | null>;
  errorRef: RefObject<HTMLDivElement | null>;
  /** Exams with a published N-term: "kies een examen" fills in the maximum score and the N-term. */
  exams?: readonly CalculatorExam[];
}) {
  const { typed, errors, result, exam } = answer;
  return (
    <section
      id={CONVERSION_ANCHOR}
      aria-labelledby="omrekenen-titel"
      className="scroll-mt-28 rounded-3xl bg-white p-5 shadow-lg ring-1 ring-ink/10 md:p-8"
    >
      <h2 id="omrekenen-titel" className="text-2xl font-extrabold">
        Score omrekenen naar een cijfer
      </h2>
      <p className="mt-2 max-w-prose">
        Vul je score op het centraal examen in, de maximale score van dat examen en de N-term. We rekenen met de
        officiële formule van het College voor Toetsen en Examens, inclusief de knik bij heel lage en heel hoge scores.
      </p>
      {errors ? (
        <div id={CONVERSION_ANSWER} className="scroll-mt-28">
          <ErrorSummary errors={summaryErrors(errors, fieldId, CONVERSION_LABELS)} summaryRef={errorRef} />
        </div>
      ) : null}
      {/* A GET form: the inputs are the address, so a result can be shared and works without JavaScript. */}
      <Form
        method="get"
        action={`${GRADE_CALCULATOR_PATH}#${CONVERSION_ANSWER}`}
        preventScrollReset
        className="mt-5"
        aria-label="Score omrekenen"
        onSubmit={leaveOutEmptyChoice}
      >
        {exams.length > 0 ? <ExamChoice exams={exams} chosen={exam} /> : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <NumberField
            id={fieldId('score')}
            name="score"
            label="Je score (punten)"
            typed={typed.score}
            error={errors?.score}
            placeholder="48"
          />
          <NumberField
            id={fieldId('max')}
            name="max"
            label="Maximale score"
            typed={typed.max}
            error={errors?.max}
            placeholder="75"
            hint="Staat op de voorkant van het examen."
          />
          <NumberField
            id={fieldId('n')}
            name="n"
            label="N-term"
            typed={typed.n}
            error={errors?.n}
            placeholder="1,0"
            decimal
            hint="Leeg: 1,0."
          />
        </div>
        <p className="mt-3 max-w-prose text-sm text-ink-soft">
          De N-term stelt het College voor Toetsen en Examens na elk examen vast; je vindt hem op Examenblad.nl bij de
          normering van jouw examen. Weet je hem nog niet, reken dan met 1,0 en kijk daarna wat 0,2 hoger of lager doet.
        </p>
        <Button type="submit" className="mt-5">
          Bereken je cijfer
        </Button>
      </Form>
      {result ? (
        <div
          id={CONVERSION_ANSWER}
          className="mt-6 scroll-mt-28 rounded-2xl bg-brand-soft p-5"
          data-testid="omrekenen-uitkomst"
        >
          <h3 ref={resultRef} tabIndex={-1} className="text-lg font-bold focus:outline-none">
            Je cijfer: <span className="text-3xl font-extrabold">{result.grade}</span>
          </h3>
          <p className="mt-1">
            {result.score} van de {result.maxScore} punten, met N-term {result.n}.
          </p>
          {exam &&
          result.maxScore === exam.maxScore &&
          Math.round(exam.n * 10) === Math.round(Number(result.n.replace(',', '.')) * 10) ? (
            <p className="mt-1 text-sm">
              De maximale score en N-term van {exam.label}, uit de{' '}
              <a href={exam.source} className="underline" rel="noopener">
                normering van het CvTE
              </a>
              .
            </p>
          ) : null}
          {result.line !== 'main' ? (
            <p className="mt-2 text-sm">
              {result.line === 'low'
                ? 'Je score ligt dicht bij 0: daar buigt de normering af, zodat een score van 0 altijd een 1,0 geeft.'
                : 'Je score ligt dicht bij het maximum: daar buigt de normering af, zodat de maximale score altijd een 10,0 geeft.'}
            </p>
          ) : null}
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            <li>
              {result.passScore === null
                ? 'Met deze N-term geeft zelfs de maximale score geen 5,5.'
                : `Voor een 5,5 heb je bij deze N-term minstens ${result.passScore} ${result.passScore === 1 ? 'punt' : 'punten'} nodig.`}
            </li>
            {result.gradeAtOne ? <li>Met N-term 1,0 was het een {result.gradeAtOne}.</li> : null}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The rules the check applies on this level, each with the article it comes from (issue 35, item 5). A rule not
 * yet checked against the current text of its article says so here, where it is used.
 */
export function RuleSources({ level, rules }: { level: string; rules: CheckAnswer['rules'] }) {
  return (
    <details className="mt-6 rounded-2xl bg-surface p-4">
      <summary className="cursor-pointer font-semibold">De regels voor {level} en waar ze staan</summary>
      <ul className="mt-3 grid gap-2 text-sm">
        {rules.map((rule) => (
          <li key={rule.title}>
            <span className="font-semibold">{rule.title}.</span> {rule.source}.
            {rule.verified ? null : (
              <span className="ml-1 rounded bg-accent/40 px-1.5 py-0.5 font-semibold">
                Nog niet nagekeken tegen de huidige wettekst
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink-soft">
        Het omrekenen van score naar cijfer volgt de Regeling omzetting scores in cijfers centrale examens van het
        College voor Toetsen en Examens. Twijfel je? Je examensecretaris weet hoe de regels op jouw school gelden.
      </p>
    </details>
  );
}

/**
 * A result's address holds what the pupil typed: "kies een examen" left at "Geen" is left out of it (disabled for
 * the moment the form is read, then usable again). Without JavaScript the browser sends it empty, which means none.
 */
function leaveOutEmptyChoice(event: FormEvent<HTMLFormElement>) {
  const choice = event.currentTarget.elements.namedItem('examen');
  if (!(choice instanceof HTMLSelectElement) || choice.value !== '') return;
  choice.disabled = true;
  setTimeout(() => {
    choice.disabled = false;
  });
}

/**
 * "Kies een examen": an exam whose N-term the CvTE published fills in its maximum score and N-term. In the browser
 * at once; without JavaScript the page fills in the fields left empty when the form is sent.
 */
function ExamChoice({ exams, chosen }: { exams: readonly CalculatorExam[]; chosen: CalculatorExam | null }) {
  const fill = (key: string) => {
    const picked = exams.find((candidate) => candidate.key === key);
    if (!picked) return;
    const set = (name: string, value: string) => {
      const input = document.getElementById(fieldId(name));
      if (input instanceof HTMLInputElement) input.value = value;
    };
    set('max', String(picked.maxScore));
    set('n', picked.n.toLocaleString('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  };
  return (
    <div className="mb-4 max-w-md">
      <label htmlFor={fieldId('examen')} className="font-semibold">
        Kies een examen
      </label>
      <p id={`${fieldId('examen')}-hint`} className="text-sm text-ink-soft">
        Vult de maximale score en de N-term in. Je kunt ze ook zelf invullen.
      </p>
      <select
        id={fieldId('examen')}
        name="examen"
        defaultValue={chosen?.key ?? ''}
        onChange={(event) => fill(event.currentTarget.value)}
        aria-describedby={`${fieldId('examen')}-hint`}
        className="mt-1 block w-full rounded-xl border-2 border-ink/20 bg-white px-3 py-2.5 text-base focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-focus"
      >
        <option value="">Geen: ik vul ze zelf in</option>
        {exams.map((candidate) => (
          <option key={candidate.key} value={candidate.key}>
            {candidate.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function SubjectFields({
  subject,
  typed,
  errors,
}: {
  subject: CheckSubjectField;
  typed: Record<string, string>;
  errors: Record<string, string> | null;
}) {
  const { fields } = subject;
  if (fields.assessment) {
    const name = fields.assessment;
    return (
      <SelectField
        id={fieldId(name)}
        name={name}
        label="Beoordeling"
        labelClassName="text-sm font-semibold"
        options={assessmentOptions('Nog niet bekend')}
        selected={typed[name] ?? ''}
        error={errors?.[name]}
      />
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3">
      {fields.se ? (
        <NumberField
          id={fieldId(fields.se)}
          name={fields.se}
          label={subject.kind === 'central' ? 'SE-cijfer' : 'Cijfer'}
          typed={typed[fields.se]}
          error={errors?.[fields.se]}
          decimal
        />
      ) : null}
      {fields.ce ? (
        <NumberField
          id={fieldId(fields.ce)}
          name={fields.ce}
          label="CE-cijfer"
          typed={typed[fields.ce]}
          error={errors?.[fields.ce]}
          decimal
        />
      ) : null}
    </div>
  );
}

const GROUPS: { title: string; kinds: CheckSubjectField['kind'][]; note: string }[] = [
  {
    title: 'Vakken met een centraal examen',
    kinds: ['central'],
    note: 'Laat een vak leeg als je het niet hebt. Weet je je CE-cijfer nog niet, laat het dan leeg: dan rekenen we met je SE-cijfer en zie je welk CE-cijfer je nodig hebt.',
  },
  {
    title: 'Vakken met alleen een schoolexamen',
    kinds: ['school', 'combination-part'],
    note: 'Vul je eindcijfer in.',
  },
  { title: 'Onderdelen met een beoordeling', kinds: ['assessed'], note: 'Deze moeten voldoende of goed zijn.' },
];

const OUTCOME_STYLE = {
  geslaagd: 'bg-success-soft text-success',
  herkansing: 'bg-accent/30 text-ink',
  gezakt: 'bg-danger-soft text-danger',
} as const;

/** Part two: a level and a list of grades → the final grades and whether they pass, with the CE grade still needed. */
export function PassFailCheck({
  answer,
  resultRef,
  errorRef,
}: {
  answer: CheckAnswer;
  resultRef: RefObject<HTMLHeadingElement | null>;
  errorRef: RefObject<HTMLDivElement | null>;
}) {
  const { typed, errors, result, subjects } = answer;
  const levelLabel = answer.levels.find((level) => level.value === answer.level)?.label ?? answer.level;
  return (
    <section
      id={CHECK_ANCHOR}
      aria-labelledby="slagen-titel"
      className="scroll-mt-28 rounded-3xl bg-white p-5 shadow-lg ring-1 ring-ink/10 md:p-8"
    >
      <h2 id="slagen-titel" className="text-2xl font-extrabold">
        Slaag ik? Check je cijferlijst
      </h2>
      <p className="mt-2 max-w-prose">
        Vul je cijfers in en zie je eindcijfers, of je slaagt volgens de landelijke slaag-zakregeling en welk CE-cijfer
        je nog nodig hebt. Je school kan het SE-cijfer anders afronden; wij volgen de landelijke regel.
      </p>
      {result ? (
        <div id={CHECK_ANSWER} className="mt-6 scroll-mt-28 rounded-2xl bg-surface p-5" data-testid="slagen-uitkomst">
          <h3 ref={resultRef} tabIndex={-1} className="text-lg font-bold focus:outline-none">
            Je uitslag ({levelLabel})
          </h3>
          {result.outcome ? (
            <>
              <p
                className={`mt-2 rounded-xl p-3 text-lg font-bold ${
                  // Not a green "Geslaagd" on CE grades nobody knows yet.
                  result.outcome.assumed ? 'bg-brand-soft text-ink' : OUTCOME_STYLE[result.outcome.outcome]
                }`}
                data-testid="uitslag"
              >
                {result.outcome.message}
              </p>
              {result.outcome.failures.length > 0 ? (
                <ul className="mt-3 list-disc space-y-1 pl-5">
                  {result.outcome.failures.map((failure) => (
                    <li key={failure}>{failure}</li>
                  ))}
                </ul>
              ) : null}
              {result.assumed.length > 0 ? (
                <p className="mt-3 text-sm">
                  Voor {result.assumed.join(', ')} vulde je geen CE-cijfer in: daar rekenen we met een CE-cijfer gelijk
                  aan je SE-cijfer.
                </p>
              ) : null}
              <FinalGradesTable
                lines={result.lines}
                combinationGrade={result.combinationGrade}
                showNeeded={result.assumed.length > 0}
              />
            </>
          ) : (
            <p className="mt-2">
              Vul nog in: {result.missing.join(', ')}. Die horen bij elk diploma van {levelLabel}.
            </p>
          )}
        </div>
      ) : null}
      {errors ? (
        <div id={CHECK_ANSWER} className="scroll-mt-28">
          <ErrorSummary errors={summaryErrors(errors, fieldId)} summaryRef={errorRef} />
        </div>
      ) : null}
      <Form
        method="get"
        action={`${GRADE_CALCULATOR_PATH}#${CHECK_ANSWER}`}
        preventScrollReset
        className="mt-5"
        aria-label="Slaag ik?"
      >
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            id={fieldId('niveau')}
            name="niveau"
            label="Je niveau"
            className="min-w-48"
            options={answer.levels}
            selected={answer.level}
            error={undefined}
          />
          <Button type="submit" variant="secondary">
            Toon de vakken
          </Button>
        </div>
        {GROUPS.map((group) => {
          const listed = subjects.filter((subject) => group.kinds.includes(subject.kind));
          if (listed.length === 0) return null;
          return (
            <div key={group.title} className="mt-6">
              <h3 className="text-lg font-bold">{group.title}</h3>
              <p className="mt-1 max-w-prose text-sm text-ink-soft">{group.note}</p>
              <div className="mt-3 grid gap-3 md:grid-cols-2">
                {listed.map((subject) => (
                  <fieldset key={subject.key} className="rounded-2xl border-2 border-ink/10 p-3">
                    <legend className="px-1 font-bold">
                      {subject.name}
                      {subject.required ? <span className="font-normal text-ink-soft"> (verplicht)</span> : null}
                    </legend>
                    <SubjectFields subject={subject} typed={typed} errors={errors} />
                  </fieldset>
                ))}
              </div>
            </div>
          );
        })}
        <Button type="submit" className="mt-6">
          Check of je slaagt
        </Button>
      </Form>
      <RuleSources
        level={answer.levels.find((l) => l.value === answer.level)?.label ?? answer.level}
        rules={answer.rules}
      />
    </section>
  );
}
