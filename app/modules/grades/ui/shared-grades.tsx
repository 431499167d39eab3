import { formatTenths } from '#app/modules/grades/domain/grade.ts';
import type { GradesView } from '#app/modules/grades/schemas/grades.ts';
import { ASSESSMENT_LABELS } from './fields.tsx';
import { bandText, evidenceText, TIJDVAK_LABELS } from './grades-page.tsx';

type SubjectView = GradesView['subjects'][number];

function seText(subject: SubjectView): string {
  if (subject.kind === 'assessed')
    return subject.assessment ? ASSESSMENT_LABELS[subject.assessment] : 'nog niet ingevuld';
  return subject.seTenths === null ? 'nog niet ingevuld' : formatTenths(subject.seTenths);
}

function predictionText(subject: SubjectView): string {
  const { prediction } = subject;
  if (!prediction) return 'nog geen examencheck of oud examen gemaakt';
  const grade = formatTenths(prediction.tenths);
  if (prediction.basis === 'recall') return `${grade} (${bandText(prediction)}, geschat uit de leerkaarten)`;
  return `${grade} (${bandText(prediction)}, uit ${evidenceText(subject)})`;
}

function neededText(subject: SubjectView): string {
  const { needed, neededAtLow } = subject;
  if (!needed) return 'nog niet te berekenen: niet alle SE-cijfers zijn ingevuld';
  // "Any grade" only where it holds when the other exams disappoint too (the pupil's own page says the same).
  if (needed.kind === 'any' && neededAtLow?.kind === 'needed') {
    return `${formatTenths(neededAtLow.tenths)} als de andere examens tegenvallen (zoals verwacht: elk cijfer)`;
  }
  if (needed.kind === 'any') return 'elk cijfer';
  if (needed.kind === 'impossible') return 'ook een 10,0 is niet genoeg';
  return formatTenths(needed.tenths);
}

/**
 * A pupil's grades page as the people they share it with see it (issue 31): a class's teachers (and the pupil
 * on "Wat ziet mijn docent?") and a linked parent. Read-only: per subject the SE grade, the predicted CE grade
 * with its band and the CE grade needed to pass; the past exams the pupil entered; the simulation's outcome as
 * the grades page shows it. The caller gives the section its heading; `headingLevel` is that of its parts.
 */
export function SharedGrades({ view, headingLevel = 3 }: { view: GradesView; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const { outcome } = view;
  return (
    <div className="grid gap-5" data-testid="gedeelde-cijfers">
      <div>
        <Heading className="font-bold">Uitslag als de centrale examens uitkomen zoals verwacht</Heading>
        {outcome ? (
          <>
            <p className="mt-1 text-lg font-bold">{outcome.message}</p>
            {outcome.failures.length > 0 ? (
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {outcome.failures.map((failure) => (
                  <li key={`${failure.rule}-${failure.message}`}>{failure.message}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <p className="mt-1">
            Nog niet te berekenen
            {view.missing.length > 0 ? `: nog niet ingevuld zijn ${view.missing.join(', ')}` : ''}.
          </p>
        )}
        {view.assumed.length > 0 ? (
          <p className="mt-2 text-sm text-ink-soft">
            Zonder examencheck: {view.assumed.join(', ')}. Daar telt het SE-cijfer ook als CE-cijfer.
          </p>
        ) : null}
      </div>
      <div>
        <Heading className="font-bold">Vakken</Heading>
        <ul className="mt-2 grid gap-3 md:grid-cols-2">
          {view.subjects.map((subject) => (
            <li key={subject.key} className="rounded-xl border-2 border-ink/10 p-3">
              <p className="font-semibold">{subject.name}</p>
              <dl className="mt-1 grid gap-1 text-sm">
                <div>
                  <dt className="inline text-ink-soft">
                    {subject.kind === 'assessed' ? 'Beoordeling: ' : 'SE-cijfer: '}
                  </dt>
                  <dd className="inline tabular-nums">{seText(subject)}</dd>
                </div>
                {subject.kind === 'central' ? (
                  <>
                    <div>
                      <dt className="inline text-ink-soft">Verwacht CE-cijfer: </dt>
                      <dd className="inline tabular-nums">{predictionText(subject)}</dd>
                    </div>
                    <div>
                      <dt className="inline text-ink-soft">Nodig op het CE om te slagen: </dt>
                      <dd className="inline tabular-nums">{neededText(subject)}</dd>
                    </div>
                  </>
                ) : null}
              </dl>
              {subject.kind === 'combination-part' ? (
                <p className="mt-1 text-sm text-ink-soft">Telt mee in het combinatiecijfer.</p>
              ) : subject.kind === 'school' ? (
                <p className="mt-1 text-sm text-ink-soft">Alleen een schoolexamen: het SE-cijfer is het eindcijfer.</p>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <Heading className="font-bold">Oude examens</Heading>
        {view.pastExams.length > 0 ? (
          <ul className="mt-2 grid gap-1">
            {view.pastExams.map((exam) => (
              <li key={exam.id}>
                {exam.name} {exam.year}, {TIJDVAK_LABELS[exam.tijdvak]}: {exam.score} van de {exam.maxScore} punten,
                N-term {formatTenths(exam.nTenths)}: een{' '}
                <span className="font-semibold">{formatTenths(exam.gradeTenths)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-ink-soft">Nog geen oude examens ingevuld.</p>
        )}
      </div>
    </div>
  );
}
