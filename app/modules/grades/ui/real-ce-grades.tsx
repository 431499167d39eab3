import { Form } from 'react-router';
import { formatTenths } from '#app/modules/grades/domain/grade.ts';
import type { CeGradesView, GradesView } from '#app/modules/grades/schemas/grades.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { ErrorSummary, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';
import { NumberField } from './fields.tsx';

/** A refused "Mijn echte CE-cijfer" form: its subject, what was typed and the Dutch message per field. */
export interface CeGradeAnswer {
  subject: string;
  typed: string;
  errors: { ce?: string; subject?: string };
}

const LABEL = (name: string) => `Mijn echte CE-cijfer ${name}`;

/**
 * "Mijn echte CE-cijfers" (issue 33, ADR 032): after the results, the pupil enters the CE grade they got per
 * subject with a central exam, changes it or clears it (empty and save). Each subject is its own small form, the
 * API's PUT /users/me/grades/ce; a refused one keeps what was typed, with its message and the error summary.
 */
export function RealCeGrades({
  view,
  ceGrades,
  answer,
}: {
  view: GradesView;
  /** `open`: asked for yet (from May of the exam year, or once a grade is stored); before, the forms fold away. */
  ceGrades: CeGradesView & { open: boolean; examYear: number | null };
  answer: { intent: string; message?: string; formError?: string; ce?: CeGradeAnswer } | undefined;
}) {
  const own = answer?.intent === 'ce-save' ? answer : undefined;
  const stored = new Map(ceGrades.ceGrades.map((grade) => [grade.subject, grade]));
  const listed = view.subjects.filter((subject) => subject.kind === 'central').map(({ key, name }) => ({ key, name }));
  // A grade entered for a subject since taken off the list stays visible, so it can be changed or cleared.
  const subjects = [
    ...listed,
    ...ceGrades.ceGrades
      .filter((grade) => !listed.some((subject) => subject.key === grade.subject))
      .map((grade) => ({ key: grade.subject, name: grade.name })),
  ];
  const refused = own?.ce;
  const refusedName = subjects.find((subject) => subject.key === refused?.subject)?.name ?? '';
  const summary = useErrorSummary({
    refusal: own?.formError ? own : null,
    errors: own?.formError
      ? refused?.errors.ce
        ? [{ id: `ce-${refused.subject}`, message: `${LABEL(refusedName)}: ${refused.errors.ce}` }]
        : [{ message: refused?.errors.subject ?? own.formError }]
      : [],
  });
  if (subjects.length === 0) return null;
  const list = (
    <ul className="mt-4 grid gap-3 md:grid-cols-2">
      {subjects.map((subject) => {
        const grade = stored.get(subject.key);
        const isRefused = refused?.subject === subject.key;
        const id = `ce-${subject.key}`;
        return (
          <li key={subject.key} className="rounded-2xl border-2 border-ink/10 bg-white p-4">
            <Form
              // A new stored grade is the field's new starting value.
              key={`${subject.key}:${grade?.ceTenths ?? ''}`}
              method="post"
              aria-label={`CE-cijfer ${subject.name}`}
            >
              {isRefused && refused.errors.ce ? <ErrorSummary {...summary} className="mb-4" headingLevel={3} /> : null}
              <input type="hidden" name="intent" value="ce-save" />
              <input type="hidden" name="subject" value={subject.key} />
              <div className="grid justify-items-start gap-3">
                <NumberField
                  id={id}
                  name="ce"
                  label={LABEL(subject.name)}
                  decimal
                  maxLength={10}
                  typed={isRefused ? refused.typed : grade ? formatTenths(grade.ceTenths) : ''}
                  hint="Bijvoorbeeld 6,4. Maak het veld leeg en sla op om je cijfer te wissen."
                  error={isRefused ? refused.errors.ce : undefined}
                  className="max-w-32"
                />
                <Button type="submit" variant="secondary">
                  Opslaan<span className="sr-only"> CE-cijfer {subject.name}</span>
                </Button>
              </div>
            </Form>
          </li>
        );
      })}
    </ul>
  );
  return (
    <section aria-labelledby="echte-ce-cijfers" className="mt-10">
      <h2 id="echte-ce-cijfers" className="text-xl font-bold">
        Mijn echte CE-cijfers
      </h2>
      {ceGrades.open ? (
        <p className="mt-2 max-w-prose">
          Heb je je uitslag? Vul per vak het cijfer in dat je op je centraal examen hebt gehaald. Zo zien we hoe goed
          onze verwachte CE-cijfers kloppen: we vergelijken je cijfer met de verwachting die je vóór je examen had.
          Alleen jij ziet dit cijfer; ook als je je cijfers deelt met een klas of een ouder.
        </p>
      ) : (
        <p className="mt-2 max-w-prose">
          Na je centrale examens{ceGrades.examYear ? ` in mei ${ceGrades.examYear}` : ''} vul je hier per vak het cijfer
          in dat je hebt gehaald. Zo zien we hoe goed je verwachte CE-cijfers klopten. Alleen jij ziet dit cijfer.
        </p>
      )}
      {own?.message ? (
        <p role="status" className="mt-3 rounded-xl bg-success-soft p-3 font-semibold text-success">
          {own.message}
        </p>
      ) : null}
      {own?.formError && !refused?.errors.ce ? <ErrorSummary {...summary} headingLevel={3} /> : null}
      {ceGrades.open ? (
        list
      ) : (
        // Folded before the exams, so nobody takes it for a place to guess; open after a submit of its own.
        <details className="mt-3" open={Boolean(own)}>
          <summary className="cursor-pointer font-semibold text-brand-dark underline underline-offset-4">
            Nu al een CE-cijfer invullen
          </summary>
          {list}
        </details>
      )}
    </section>
  );
}
