import { useState } from 'react';
import { Link, Outlet, useLoaderData, useRouteLoaderData, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/results';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { formatDutchDate } from '#app/platform/dates.ts';
import { formatGrade } from '#app/modules/checks/index.ts';
import { checkPath, checkResultPath, subjectPath } from '#app/platform/study-paths.ts';
import { GradeBadge, TopicScoreList } from '#app/modules/checks/ui.ts';
import { MasteryList, SUBJECT_ROUTE_ID, type SubjectLayoutData } from '#app/modules/study/ui.ts';
import { keepPageUnderCardModal } from '#app/modules/cards/ui.ts';
import { studyRefusal } from '#app/modules/cards/index.server.ts';
import { subjectResultsPage } from '#app/modules/study/index.server.ts';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { Modal } from '#app/ui/primitives/modal.tsx';

/**
 * Maak de balans op (spec §2): the exam checks, the topic list with score
 * boxes, a chart of the results per topic and of the grades over time (SVG
 * drawn on the server: no chart code in the browser) and the
 * subject-statistics modal. The exam-check modal is its child route.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await subjectResultsPage(context.get(scopeContext), requireAreaUser(context), Number(params.subjectId));
  if (!page) refusePage(studyRefusal('no_access', 'subject'));
  return page;
}

const gradeText = (grade: number) => formatGrade(Math.round(grade * 10));

/**
 * A card opened over this page leaves the page as it is. Leaving an exam check (handed in, or stopped to go on
 * later) loads it again: its list says what became of the check.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  CHECK_PATH.test(args.currentUrl.pathname) && !CHECK_PATH.test(args.nextUrl.pathname)
    ? true
    : keepPageUnderCardModal(args);
const CHECK_PATH = /\/examencheck\/\d+/;

export default function ResultsPage() {
  const { tests, topicScores, attempts, stats, charts, mastery, masteryChart } = useLoaderData<typeof loader>();
  const { subject } = useRouteLoaderData<SubjectLayoutData>(SUBJECT_ROUTE_ID)!;
  const [statsOpen, setStatsOpen] = useState(false);
  const weakest = [...topicScores].sort((a, b) => a.percentage - b.percentage).slice(0, 3);
  return (
    <section className="container-page space-y-10 py-8" aria-label="Maak de balans op">
      <section aria-labelledby="checks-title">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="checks-title" className="text-xl font-bold">
            Examenchecks
          </h2>
          <button
            type="button"
            onClick={() => setStatsOpen(true)}
            className="font-semibold text-brand-dark underline underline-offset-4"
          >
            Statistieken van {subject.name}
          </button>
        </div>
        <ul className="grid gap-4 md:grid-cols-2">
          {tests.map((test) => (
            <li key={test.id} className="flex flex-col rounded-2xl border-2 border-ink/10 bg-white p-5">
              <div className="flex items-start gap-4">
                <div className="flex-1">
                  <h3 className="text-lg font-bold">{test.title}</h3>
                  <p className="mt-1 text-ink-soft">{test.description}</p>
                  <p className="mt-2 text-sm text-ink-soft">
                    {test.questionCount} vragen · {test.maxScore} punten
                  </p>
                  {test.unfinished ? (
                    <p className="mt-2 text-sm font-semibold">
                      Nog niet ingeleverd: {test.unfinished.answered} van {test.questionCount} vragen beantwoord.
                    </p>
                  ) : null}
                </div>
                {test.latestAttempt ? <GradeBadge grade={test.latestAttempt.results.grade} /> : null}
              </div>
              <div className="mt-4 flex flex-wrap gap-3">
                {test.locked ? (
                  <p className="rounded-xl bg-surface px-3 py-2 text-sm">Hoort bij de volledige Slaagbundel.</p>
                ) : (
                  <>
                    <ButtonLink to={checkPath(subject, test.id)} size="small">
                      {test.unfinished
                        ? `Ga verder bij vraag ${test.unfinished.question}`
                        : test.latestAttempt
                          ? 'Opnieuw maken'
                          : 'Start de examencheck'}
                    </ButtonLink>
                    {test.latestAttempt ? (
                      <ButtonLink to={checkResultPath(subject, test.id)} variant="secondary" size="small">
                        Bekijk je laatste poging
                      </ButtonLink>
                    ) : null}
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="topics-title" className="grid gap-6 lg:grid-cols-2">
        <div>
          <h2 id="topics-title" className="mb-3 text-xl font-bold">
            Resultaten per onderwerp
          </h2>
          {topicScores.length > 0 ? (
            <TopicScoreList topics={topicScores} />
          ) : (
            <p className="text-ink-soft">Maak een examencheck, dan zie je hier per onderwerp hoe je ervoor staat.</p>
          )}
          {topicScores.length > 0 ? (
            <p className="mt-3 text-sm text-ink-soft">
              Per onderwerp je laatste resultaat. Oefen de onderwerpen in het rood en oranje met de{' '}
              <Link to={subjectPath(subject, 'learn')} className="font-semibold underline underline-offset-4">
                leerkaarten
              </Link>
              .
            </p>
          ) : null}
        </div>
        {topicScores.length > 0 ? (
          <div
            className="rounded-2xl border-2 border-ink/10 bg-white p-2 sm:p-4"
            dangerouslySetInnerHTML={{ __html: charts.topics }}
          />
        ) : null}
      </section>

      {mastery ? <MasteryList mastery={mastery} chartHtml={masteryChart} /> : null}

      <section aria-labelledby="grades-title">
        <h2 id="grades-title" className="mb-3 text-xl font-bold">
          Je cijfers
        </h2>
        {attempts.length === 0 ? (
          <p className="text-ink-soft">
            Nog geen cijfers. Maak een examencheck, dan zie je hier hoe je cijfers zich ontwikkelen.
          </p>
        ) : null}
        <div className="grid gap-6 lg:grid-cols-2">
          {attempts.length > 0 ? (
            <div
              className="rounded-2xl border-2 border-ink/10 bg-white p-2 sm:p-4"
              dangerouslySetInnerHTML={{ __html: charts.grades }}
            />
          ) : null}
          {attempts.length > 0 ? (
            <table className="w-full text-left">
              <caption className="sr-only">Al je examenchecks in {subject.name}</caption>
              <thead>
                <tr className="border-b-2 border-ink/10">
                  <th scope="col" className="py-2">
                    Datum
                  </th>
                  <th scope="col">Examencheck</th>
                  <th scope="col" className="text-right">
                    Cijfer
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...attempts].reverse().map((a) => (
                  <tr key={a.id} className="border-b border-ink/10">
                    <td className="py-2">{formatDutchDate(new Date(a.createdAt))}</td>
                    <td>{a.testTitle}</td>
                    <td className="text-right font-bold tabular-nums">{gradeText(a.results.grade)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      </section>

      <Modal open={statsOpen} onClose={() => setStatsOpen(false)} title={`Statistieken ${subject.name}`}>
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-xl bg-surface p-3">
            <dt className="text-sm text-ink-soft">Kaarten geleerd</dt>
            <dd className="text-2xl font-extrabold">
              {stats.learned} <span className="text-base font-semibold text-ink-soft">van {stats.learnable}</span>
            </dd>
          </div>
          <div className="rounded-xl bg-surface p-3">
            <dt className="text-sm text-ink-soft">Examenchecks gemaakt</dt>
            <dd className="text-2xl font-extrabold">{stats.attempts}</dd>
          </div>
          <div className="rounded-xl bg-surface p-3">
            <dt className="text-sm text-ink-soft">Gemiddeld cijfer</dt>
            <dd className="text-2xl font-extrabold">
              {stats.averageGrade === null ? '–' : gradeText(stats.averageGrade)}
            </dd>
          </div>
          <div className="rounded-xl bg-surface p-3">
            <dt className="text-sm text-ink-soft">Hoogste cijfer</dt>
            <dd className="text-2xl font-extrabold">{stats.bestGrade === null ? '–' : gradeText(stats.bestGrade)}</dd>
          </div>
        </dl>
        {weakest.length > 0 ? (
          <>
            <h3 className="mt-5 font-bold">Hier valt het meeste te halen</h3>
            <ul className="mt-2 list-disc pl-5">
              {weakest.map((t) => (
                <li key={t.topicId}>
                  {t.name}: {t.percentage}%
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Modal>
      <Outlet />
    </section>
  );
}
