import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLoaderData, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/overview';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { cardModalPath, checkPath, subjectPath } from '#app/platform/study-paths.ts';
import { resetLearned, keepPageUnderCardModal } from '#app/modules/cards/ui.ts';
import { GradeBadge, SectionProgress, TopicProgress } from '#app/modules/checks/ui.ts';
import { CARD_COUNTS_NOTE, CardCounts, SUBJECT_ROUTE_ID, type SubjectLayoutData } from '#app/modules/study/ui.ts';
import { NextStep } from '#app/modules/planner/ui.ts';
import { subjectOverviewPage } from '#app/modules/study/index.server.ts';
import { pastExamsOfSubject } from '#app/modules/exam-data/index.server.ts';
import { PastExamLinks } from '#app/modules/exam-data/ui.ts';
import { ButtonLink } from '#app/ui/primitives/button.tsx';

/** The subject page's default section (spec §2 ''): progress per section and topic, the latest grade. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const subjectId = Number(params.subjectId);
  // The past exams are public reference data (kept per copy), beside the pupil's own page.
  const [page, pastExams] = await Promise.all([
    subjectOverviewPage(scope, requireAreaUser(context), subjectId),
    pastExamsOfSubject(scope, subjectId),
  ]);
  return { ...page, pastExams };
}

// Without access only: the bundle to buy comes with the cart's code, which pupils with access never load.
const Upsell = lazy(() => import('./upsell.tsx'));

/** A card opened over this page leaves the page as it is. */
export const shouldRevalidate = keepPageUnderCardModal;

export default function SubjectOverviewPage() {
  const { overview, next, pastExams } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<SubjectLayoutData>(SUBJECT_ROUTE_ID)!;
  useEffect(() => resetLearned(), [overview]);
  if (!overview) {
    return (
      <>
        <Suspense fallback={null}>
          <Upsell data={layout} />
        </Suspense>
        <Outlet />
      </>
    );
  }
  const { subject } = layout;
  if (!subject.hasContent) {
    return (
      <section className="container-page py-8" aria-label="Overzicht">
        <div className="max-w-2xl rounded-2xl bg-surface p-6">
          <p>
            Voor {subject.name} werk je met de Slaagbundel op papier: oefenexamens met uitgewerkte antwoorden.
            Leerkaarten en examenchecks zijn er voor dit vak niet in Mijn Slaagbundel.
          </p>
          <p className="mt-3">
            <Link to="/examentips" className="font-semibold underline underline-offset-4">
              Lees de examentips
            </Link>{' '}
            voor je planning en je examens.
          </p>
        </div>
        <div className="mt-8">
          <PastExamLinks exams={pastExams} subjectName={subject.name} />
        </div>
        <Outlet />
      </section>
    );
  }
  const latest = subject.latestTestAttempt;
  const latestTest = latest ? overview.tests.find((t) => t.id === latest.testId) : undefined;
  return (
    <section className="container-page space-y-10 py-8" aria-label="Overzicht">
      {next && next.best.kind !== 'done' ? <NextStep next={next} /> : null}
      {overview.lockedCards > 0 ? (
        <p className="rounded-2xl bg-accent/30 p-4">
          Je gebruikt de gratis proefversie van {subject.name}: een deel van de kaarten en één examencheck. Met de
          volledige Slaagbundel krijg je alles.{' '}
          <Link to={layout.unlockProduct?.href ?? '/producten'} className="font-semibold underline underline-offset-4">
            Bekijk de bundel
          </Link>
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-2xl bg-brand-soft p-5">
          <h2 className="text-lg font-bold">Jouw voortgang</h2>
          <div className="mt-3">
            <CardCounts
              subject={subject.name}
              reviewed={overview.reviewed}
              learned={overview.learned}
              total={overview.total}
            />
          </div>
          <p className="mt-2 text-sm text-ink-soft">{CARD_COUNTS_NOTE}</p>
          {overview.nextCard ? (
            <p className="mt-4">
              <ButtonLink to={cardModalPath(subjectPath(subject), overview.nextCard.id)} preventScrollReset>
                Verder leren: {overview.nextCard.title}
              </ButtonLink>
            </p>
          ) : (
            <p className="mt-4 font-semibold">Je hebt alle kaarten geleerd. Knap!</p>
          )}
        </div>
        <div className="rounded-2xl bg-brand-soft p-5">
          <h2 className="text-lg font-bold">Laatste examencheck</h2>
          {latest ? (
            <div className="mt-2 flex items-center gap-4">
              <GradeBadge grade={latest.results.grade} size="lg" />
              <div>
                <p className="font-semibold">{latestTest?.title ?? 'Examencheck'}</p>
                <Link
                  to={subjectPath(subject, 'results')}
                  className="text-sm font-semibold underline underline-offset-4"
                >
                  Bekijk je resultaten per onderwerp
                </Link>
              </div>
            </div>
          ) : (
            <>
              <p className="mt-2">Maak een examencheck en zie welke onderwerpen je al beheerst.</p>
              {overview.tests[0] && !overview.tests[0].locked ? (
                <ButtonLink to={checkPath(subject, overview.tests[0].id)} variant="secondary" className="mt-4">
                  Start {overview.tests[0].title}
                </ButtonLink>
              ) : null}
            </>
          )}
        </div>
      </div>
      <section aria-labelledby="sections-title">
        <h2 id="sections-title" className="mb-3 text-xl font-bold">
          Per soort kaart
        </h2>
        <SectionProgress sections={overview.sections} />
      </section>
      <section aria-labelledby="topics-title">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="topics-title" className="text-xl font-bold">
            Per onderwerp
          </h2>
          <Link
            to={subjectPath(subject, 'learn')}
            className="font-semibold text-brand-dark underline underline-offset-4"
          >
            Naar alle kaarten
          </Link>
        </div>
        <TopicProgress topics={overview.topics} parentTopics={overview.parentTopics} />
      </section>
      <PastExamLinks exams={pastExams} subjectName={subject.name} />
      <Outlet />
    </section>
  );
}
