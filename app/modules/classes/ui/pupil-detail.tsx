import { SharedGrades } from '#app/modules/grades/ui.ts';
import { formatExamDate } from '#app/modules/planner/index.ts';
import { percent } from '../domain/dashboard.ts';
import type { PupilDetailView } from '../schemas/dashboard.ts';
import { MasteryCell, MasteryLegend } from './mastery-cell.tsx';

export const PUPIL_STATUS_TEXT = {
  ready: 'Op schema voor de examendag',
  behind: 'Loopt achter voor de examendag',
  no_plan: 'Heeft nog geen examenjaar gekozen',
  no_access: 'Heeft geen toegang tot dit vak',
  waiting: 'Wordt bijgewerkt',
} as const;

/**
 * The pupil's grades page when they share it with the class (read-only); else one line that says why there
 * are no grades.
 */
function Grades({ detail }: { detail: PupilDetailView }) {
  if (detail.grades) {
    return (
      <section aria-labelledby="cijfers" className="rounded-2xl border-2 border-ink/10 p-5">
        <h2 id="cijfers" className="text-xl font-bold">
          Cijfers en slaagkans
        </h2>
        <p className="mt-1 text-sm text-ink-soft">
          {detail.pupil.name} deelt deze cijfers met {detail.class.name}, zoals {detail.pupil.name} ze zelf ziet.
        </p>
        <div className="mt-4">
          <SharedGrades view={detail.grades} headingLevel={3} />
        </div>
      </section>
    );
  }
  return (
    <p className="font-semibold" data-testid="cijfers-niet-gedeeld">
      {detail.class.archived
        ? 'Cijfers: niet meer te zien, want het schooljaar van deze klas is voorbij.'
        : detail.gradesShared
          ? 'Cijfers: gedeeld, maar de leerling heeft nog geen examenniveau gekozen.'
          : 'Cijfers: niet gedeeld door de leerling.'}
    </p>
  );
}

/**
 * One pupil per subject as their teachers see them: the same component for the teacher's drill-down and the
 * pupil's "Wat ziet mijn docent?", so the two cannot differ. With their grades when they share them.
 */
export function PupilDetail({ detail }: { detail: PupilDetailView }) {
  return (
    <div className="grid gap-8">
      {detail.subjects.map(({ subject, pupil, topics }) => (
        <section
          key={subject.id}
          aria-labelledby={`subject-${subject.id}`}
          className="rounded-2xl border-2 border-ink/10 p-5"
        >
          <h2 id={`subject-${subject.id}`} className="text-xl font-bold">
            {subject.name}
          </h2>
          <p className="mt-1 font-semibold">{PUPIL_STATUS_TEXT[pupil.status]}</p>
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <div>
              <dt className="inline text-ink-soft">Examendatum: </dt>
              <dd className="inline">{pupil.examDate ? formatExamDate(pupil.examDate) : 'onbekend'}</dd>
            </div>
            <div>
              <dt className="inline text-ink-soft">Kans op de examendag (gemiddeld): </dt>
              <dd className="inline">{pupil.recallExam === null ? '–' : percent(pupil.recallExam)}</dd>
            </div>
            <div>
              <dt className="inline text-ink-soft">Deze week aan dit vak: </dt>
              <dd className="inline">
                {pupil.minutes7d} minuten, {pupil.reviews7d} herhalingen
              </dd>
            </div>
            <div>
              <dt className="inline text-ink-soft">Deze week aan alle vakken: </dt>
              <dd className="inline">
                {pupil.minutesAll7d} van de {pupil.minutesAsked7d} minuten uit de planning
              </dd>
            </div>
          </dl>
          {pupil.cells.length > 0 ? (
            <>
              <table className="mt-4 w-full text-left text-sm">
                <caption className="sr-only">Onderwerpen van {subject.name}</caption>
                <thead>
                  <tr className="border-b-2 border-ink/10">
                    <th scope="col" className="py-2 pr-3">
                      Onderwerp
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Niveau en kans op de examendag
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Nu
                    </th>
                    <th scope="col" className="py-2">
                      Laatste examencheck
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {topics.map((topic) => {
                    const cell = pupil.cells.find((c) => c.topicId === topic.id);
                    if (!cell) return null;
                    return (
                      <tr key={topic.id} className="border-b border-ink/10">
                        <th scope="row" className="py-2 pr-3 font-normal">
                          {topic.name}
                          {topic.chapter ? <span className="block text-xs text-ink-soft">{topic.chapter}</span> : null}
                        </th>
                        <td className="w-44 py-2 pr-3">
                          <MasteryCell level={cell.level} recallExam={cell.recallExam} target={detail.target} />
                        </td>
                        <td className="py-2 pr-3 tabular-nums">{percent(cell.recallNow)}</td>
                        <td className="py-2 tabular-nums">
                          {cell.checkShare === null ? '–' : percent(cell.checkShare)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <MasteryLegend target={detail.target} />
            </>
          ) : null}
        </section>
      ))}
      <Grades detail={detail} />
    </div>
  );
}
