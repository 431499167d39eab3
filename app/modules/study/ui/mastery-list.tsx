import type { SubjectMasteryView } from '#app/modules/planner/index.ts';

const percent = (value: number) => `${Math.round(value * 100)} %`;

const LEVEL_CLASSES: Record<SubjectMasteryView['topics'][number]['level'], string> = {
  nieuw: 'bg-surface text-ink-soft',
  geoefend: 'bg-accent/30 text-ink',
  bekend: 'bg-brand-soft text-brand-dark',
  vaardig: 'bg-success-soft text-success',
  beheerst: 'bg-success text-white',
};

/**
 * Mastery per topic (issue 20), beside the spec's per-topic percentages: a level in words with its reason
 * (issue 34), the recall of its cards now and on the exam morning, and the levels' definitions. The chart (SVG from the server)
 * shows the same recall side by side.
 */
export function MasteryList({ mastery, chartHtml }: { mastery: SubjectMasteryView; chartHtml: string }) {
  return (
    <section aria-labelledby="mastery-title">
      <h2 id="mastery-title" className="mb-1 text-xl font-bold">
        Beheersing per onderwerp
      </h2>
      <p className="mb-3 text-sm text-ink-soft">
        Uit je herhalingen en je laatste examencheck. Wat je niet herhaalt, zakt weg: dan zakt je niveau mee.
      </p>
      <ul className="grid gap-2">
        {mastery.topics.map((topic) => (
          <li
            key={topic.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white px-4 py-3"
          >
            <span>
              <span className="font-semibold">{topic.name}</span>
              <span className="block text-sm text-ink-soft">
                {topic.cards > 0
                  ? `${topic.cardsSeen} van ${topic.cards} kaarten herhaald · nu ${percent(topic.recallNow)} · op je examen ${percent(topic.recallOnExam)}`
                  : 'Alleen in de examencheck'}
                {topic.checkShare !== null ? ` · examencheck ${percent(topic.checkShare)}` : ''}
              </span>
              <span className="block text-sm">{topic.reason}</span>
            </span>
            <span className={`rounded-full px-3 py-1 text-sm font-semibold ${LEVEL_CLASSES[topic.level]}`}>
              {topic.label}
            </span>
          </li>
        ))}
      </ul>
      {/* Server-rendered SVG (domain/plan-charts.ts): escaped text, no script. */}
      <div
        className="study-chart mt-4 max-w-3xl rounded-2xl border-2 border-ink/10 bg-white p-4"
        dangerouslySetInnerHTML={{ __html: chartHtml }}
      />
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-brand-dark">Wat betekenen de niveaus?</summary>
        <dl className="mt-2 grid gap-2 text-sm">
          {mastery.levels.map((level) => (
            <div key={level.level}>
              <dt className="font-semibold">{level.label}</dt>
              <dd className="text-ink-soft">{level.definition}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
