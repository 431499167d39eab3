/**
 * The `[[examenrooster]]` block (issue 35): each published CvTE timetable with its source, and for each coming
 * exam year without one the day the plan aims at, in the plan's words.
 */
import type { ExamTimetableOverview } from '../schemas/views.ts';

const weekdayDate = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (date: string) => weekdayDate.format(new Date(`${date}T00:00:00Z`));
const period = (p: { from: string; to: string }) => `van ${day(p.from)} tot en met ${day(p.to)}`;

export default function ExamTimetableBlock({ overview }: { overview: ExamTimetableOverview }) {
  const { published, estimates } = overview;
  return (
    <section aria-labelledby="examenrooster-data" className="my-8 rounded-2xl bg-surface p-5 text-base">
      <h2 id="examenrooster-data" className="text-2xl font-bold">
        De data per examenjaar
      </h2>
      <p className="mt-2">De roosters van het CvTE die wij hebben overgenomen, met hun bron.</p>
      {published.map((t) => (
        <div key={t.examYear} className="mt-5" data-testid={`rooster-${t.examYear}`}>
          <h3 className="text-xl font-bold">
            {t.examYear}: gepubliceerd door het CvTE
          </h3>
          <p className="mt-1">
            Bron:{' '}
            <a href={t.source} className="font-semibold underline" rel="noopener">
              {t.sourceName}
            </a>
            .
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            <li>Eerste tijdvak {period(t.firstPeriod)}.</li>
            {t.secondPeriod ? <li>Tweede tijdvak {period(t.secondPeriod)}.</li> : null}
            {t.flexibleDigital ? (
              <li>
                Digitale centrale examens {t.flexibleDigital.levels} {period(t.flexibleDigital)}: je school kiest de dag.
              </li>
            ) : null}
          </ul>
          {t.exams.length > 0 ? (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left">
                <caption className="sr-only">Centrale examens in het eerste tijdvak van {t.examYear}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="pr-3">
                      Vak
                    </th>
                    <th scope="col" className="pr-3">
                      Dag
                    </th>
                    <th scope="col">Tijd</th>
                  </tr>
                </thead>
                <tbody>
                  {t.exams.map((exam) => (
                    <tr key={`${exam.name}:${exam.date}`} className="border-t border-ink/10">
                      <td className="py-1 pr-3">{exam.name}</td>
                      <td className="py-1 pr-3">{day(exam.date)}</td>
                      <td className="py-1 whitespace-nowrap tabular-nums">
                        {exam.start}–{exam.end}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ))}
      {estimates.length > 0 ? (
        <div className="mt-6">
          <h3 className="text-xl font-bold">Nog geen rooster in onze gegevens</h3>
          <p className="mt-1">
            Zolang het rooster van een examenjaar niet bij ons is ingevoerd, plant{' '}
            <a href="/mijnslaagbundel/planning" className="font-semibold underline">
              Mijn planning
            </a>{' '}
            naar een schatting. Weet je je data al van je school? Vul ze daar in.
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {estimates.map((estimate) => (
              <li key={estimate.examYear} data-testid={`schatting-${estimate.examYear}`}>
                <strong>{estimate.examYear}</strong>: {estimate.note}
                {estimate.flexibleDate ? ` Vmbo basis en kader: vanaf ${day(estimate.flexibleDate)}.` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
