import { data, Link, Outlet, redirect, useLoaderData, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/home';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { GRADES_PATH } from '#app/modules/grades/index.ts';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { formatGrade } from '#app/modules/checks/index.ts';
import { subjectPath } from '#app/platform/study-paths.ts';
import { AREA_ROUTE_ID, type AreaLayoutData, TRIAL_MESSAGES, trialFormSchema } from '#app/modules/study/index.ts';
import { accessOf, CARD_COUNTS_NOTE, CardCounts, FirstStep } from '#app/modules/study/ui.ts';
import { keepPageUnderCardModal } from '#app/modules/cards/ui.ts';
import { NextStep, TodayPlan } from '#app/modules/planner/ui.ts';
import { ReviewQueue } from '#app/modules/reviews/ui.ts';
import { areaHomePage, startTrial, TRIAL_REFUSAL_STATUS } from '#app/modules/study/index.server.ts';
import { STUDY_MESSAGES } from '#app/modules/cards/index.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { myAssignments } from '#app/modules/classes/index.server.ts';
import { followsChildren } from '#app/modules/guardians/index.server.ts';
import { mySubjects } from '#app/modules/checks/index.server.ts';
import { MyAssignments } from '#app/modules/classes/ui.ts';
import { EXAM_DATA_MESSAGES, noticeParamsSchema } from '#app/modules/exam-data/index.ts';
import { closeExamDateNotice, myExamDateNotices } from '#app/modules/exam-data/index.server.ts';
import { CLOSE_NOTICE_INTENT, ExamDateNotices } from '#app/modules/exam-data/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { levelLabel } from '#app/platform/levels.ts';
import { ButtonLink } from '#app/ui/primitives/button.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mijn Slaagbundel') },
  { name: 'robots', content: 'noindex' },
];

const TONE_CLASSES = {
  full: 'bg-success-soft text-success',
  light: 'bg-accent/30 text-ink',
  none: 'bg-surface text-ink-soft',
} as const;

/** The area home: one page use case (the pupil's subjects with progress, today's plan, what next). */
export async function loader({ context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const user = requireAreaUser(context);
  // The study area's home, the pupil's open assignments of their classes and whether they follow a child
  // (issue 31), side by side. An account that only follows children goes to them.
  const [home, assignments, parent, notices] = await Promise.all([
    areaHomePage(scope, user),
    user.educationRole === 'pupil' ? myAssignments(scope, user) : [],
    followsChildren(scope, user.id),
    user.educationRole === 'pupil' ? myExamDateNotices(scope, user.id) : [],
  ]);
  if (parent && !user.examYear && (await mySubjects(scope, user.id)).length === 0) throw redirect(AREA_PATHS.children);
  return { ...home, assignments, parent, notices };
}

/**
 * The first step's free trial (issue 34): a plain form post, so it works without JavaScript. The trial starts
 * and the pupil lands on the subject's page; a subject without a trial answers its status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const form = await request.formData();
  // "Begrepen" on a notice of a moved exam date (issue 35): closed, and the page shows the rest.
  if (form.get('intent') === CLOSE_NOTICE_INTENT) {
    const notice = noticeParamsSchema.safeParse({ subjectId: form.get('subjectId') });
    if (!notice.success) throw data(EXAM_DATA_MESSAGES.NOTICE, { status: 400 });
    await closeExamDateNotice(context.get(scopeContext), user.id, notice.data.subjectId);
    return { closed: true };
  }
  const submission = parseForm(form, { schema: trialFormSchema });
  if (submission.status !== 'success') throw data(STUDY_MESSAGES.UNKNOWN_SUBJECT, { status: 400 });
  const started = await startTrial(context.get(scopeContext), user.id, submission.value.subjectId);
  if (!started.ok) {
    const message = started.reason === 'no_trial' ? TRIAL_MESSAGES.NO_TRIAL : STUDY_MESSAGES.UNKNOWN_SUBJECT;
    throw data(message, { status: TRIAL_REFUSAL_STATUS[started.reason] });
  }
  throw redirect(subjectPath(started.value.subject));
}

const firstName = (name: string) => name.trim().split(/\s+/, 1)[0] || name;

/** The area home (spec §2 /mijnslaagbundel): the pupil's subjects and where to go next. */
/** A card opened over this page leaves the page as it is. */
export const shouldRevalidate = keepPageUnderCardModal;

export default function AreaHome() {
  const data = useRouteLoaderData<AreaLayoutData>(AREA_ROUTE_ID);
  const { progress, today, next, queue, assignments, parent, firstStep, notices } = useLoaderData<typeof loader>();
  const area = data?.area;
  if (!area) return null;
  const { user, subjects } = area;
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Hoi {firstName(user.name)}!</h1>
      <p className="mt-2 text-lg text-ink-soft">
        {user.educationRole === 'teacher'
          ? 'Dit zijn de vakken die je volgt in Mijn Slaagbundel.'
          : user.examYear
            ? `Je doet in ${user.examYear} eindexamen. Dit zijn je vakken.`
            : 'Dit zijn je vakken.'}
      </p>
      {user.educationRole === 'teacher' ? (
        <div className="mt-6 rounded-2xl bg-brand-soft p-6">
          <h2 className="text-xl font-bold">Mijn klassen</h2>
          <p className="mt-1">Zie per onderwerp welke leerlingen op schema liggen voor de dag van hun examen.</p>
          <ButtonLink to={AREA_PATHS.classes} className="mt-4">
            Naar mijn klassen
          </ButtonLink>
        </div>
      ) : null}
      {parent ? (
        <div className="mt-6 rounded-2xl bg-brand-soft p-6">
          <h2 className="text-xl font-bold">Mijn kinderen</h2>
          <p className="mt-1">Zie per vak of je kind op schema ligt voor de examendag.</p>
          <ButtonLink to={AREA_PATHS.children} className="mt-4">
            Naar mijn kinderen
          </ButtonLink>
        </div>
      ) : null}
      <ExamDateNotices notices={notices} />
      <MyAssignments assignments={assignments} />
      {/* A pupil with nothing to do yet gets their first step instead of an empty plan (issue 34). */}
      {firstStep ? <FirstStep step={firstStep} /> : next ? <NextStep next={next} showSubject /> : null}
      {firstStep ? null : today ? (
        <TodayPlan plan={today} />
      ) : queue && queue.total > 0 ? (
        <ReviewQueue queue={queue} />
      ) : null}
      <section aria-labelledby="my-subjects">
        <h2 id="my-subjects" className="mt-10 text-xl font-bold">
          Mijn vakken
        </h2>
        {subjects.some((subject) => (progress[subject.id]?.total ?? 0) > 0) ? (
          <p className="mt-1 max-w-3xl text-sm text-ink-soft">{CARD_COUNTS_NOTE}</p>
        ) : null}
        {subjects.length === 0 ? (
          <div className="mt-4 rounded-2xl bg-surface p-6">
            <p>Je hebt nog geen vakken gekozen.</p>
            <ButtonLink to={AREA_PATHS.subjectsAndBooks} className="mt-4">
              Vakken kiezen
            </ButtonLink>
          </div>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {subjects.map((subject) => {
              const access = accessOf(subject);
              const done = progress[subject.id];
              return (
                <li
                  key={subject.id}
                  className="relative flex flex-col rounded-2xl border-2 border-ink/10 bg-white p-5 hover:border-brand"
                >
                  <h3 className="text-lg font-bold">
                    <Link
                      to={subjectPath(subject)}
                      className="after:absolute after:inset-0 focus-visible:outline-3 focus-visible:outline-focus"
                    >
                      {subject.name}
                    </Link>
                  </h3>
                  <p className="text-ink-soft">{levelLabel(subject.levelName)}</p>
                  <p className={`mt-3 w-fit rounded-full px-3 py-1 text-sm font-semibold ${TONE_CLASSES[access.tone]}`}>
                    {access.label}
                  </p>
                  {done && done.total > 0 ? (
                    <div className="mt-4">
                      <CardCounts
                        subject={subject.name}
                        reviewed={done.reviewed}
                        learned={done.learned}
                        total={done.total}
                      />
                    </div>
                  ) : null}
                  {subject.latestTestAttempt ? (
                    <p className="mt-3 text-sm">
                      Laatste examencheck:{' '}
                      <strong>{formatGrade(Math.round(subject.latestTestAttempt.results.grade * 10))}</strong>
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <div className="mt-8 flex flex-wrap gap-3">
        {user.educationRole === 'teacher' ? null : <ButtonLink to={GRADES_PATH}>Mijn cijfers en slaagkans</ButtonLink>}
        {user.educationRole === 'teacher' ? null : (
          <>
            <ButtonLink to={AREA_PATHS.classes} variant="secondary">
              Mijn klassen
            </ButtonLink>
            <ButtonLink to={AREA_PATHS.parents} variant="secondary">
              Mijn ouders
            </ButtonLink>
          </>
        )}
        <ButtonLink to={AREA_PATHS.subjectsAndBooks} variant="secondary">
          Vakken en boeken beheren
        </ButtonLink>
        <ButtonLink to={AREA_PATHS.subjectsAndBooks} variant="tertiary">
          Code uit je boek activeren
        </ButtonLink>
      </div>
      <Outlet />
    </section>
  );
}
