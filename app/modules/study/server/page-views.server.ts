/**
 * The study area's pages that show several of its capabilities, each as one use case: the route parses,
 * calls one of these and renders. A part that may fail on its own (spec §8: the plan, the mastery, the
 * forecast) carries on without it (`carryOn`: the failure is reported, the page shows the rest).
 */
import type { UserView } from '#app/modules/accounts/index.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { gradesOverTimeChart, topicResultsChart } from '#app/modules/checks/index.ts';
import { streamOf } from '#app/modules/cards/index.ts';
import { listMySubjectsWithBooks, mySubjects } from '#app/modules/checks/index.server.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import { firstStep, type FirstStep } from '../domain/first-step.ts';
import { hasTrialContent } from './trial.server.ts';
import { diplomaFocusFor } from './grade-evidence.server.ts';
import { getResultsPage, getSubjectOverview, progressPerSubject } from './pages.server.ts';
import {
  getPlanSettings,
  nextStepFor,
  subjectMastery,
  todayPlan,
  topicRecallChart,
  workloadForecast,
} from '#app/modules/planner/index.server.ts';
import { reviewQueue } from '#app/modules/reviews/index.server.ts';
import { carryOn } from '#app/modules/cards/index.server.ts';

/**
 * The area home (spec §2 /mijnslaagbundel): per subject the pupil can open, their progress; today's plan
 * aimed at the exams and the one step that gains the most (a pupil without an exam year, or a teacher, gets
 * the cards due for review instead); a pupil with nothing to do yet gets their first step (issue 34).
 */
export async function areaHomePage(s: Scope, user: UserView, now = new Date()) {
  const planned = carryOn(
    s,
    'area-home-today',
    async () => {
      const [today, next] = await Promise.all([
        todayPlan(s, user, now),
        nextStepFor(s, user, null, now, { bestOnly: true, focus: () => diplomaFocusFor(s, user) }),
      ]);
      return {
        today,
        next: next.ok ? next.value : null,
        queue: today ? null : await reviewQueue(s, user.id, now),
      };
    },
    { today: null, next: null, queue: null },
  );
  const progress = await carryOn(
    s,
    'area-home-progress',
    async () => {
      const streams = (await mySubjects(s, user.id)).map((subject) => ({ id: subject.id, stream: streamOf(subject) }));
      return progressPerSubject(s, user.id, streams);
    },
    new Map(),
  );
  const plan = await planned;
  const busy =
    (plan.next !== null && plan.next.best.kind !== 'done') ||
    (plan.today !== null && plan.today.reviews.length + plan.today.newCards.length > 0) ||
    (plan.queue !== null && plan.queue.total > 0);
  const first =
    user.educationRole === 'pupil'
      ? await carryOn(s, 'area-home-first-step', () => firstStepOf(s, user, busy), null)
      : null;
  return { progress: Object.fromEntries(progress), ...plan, firstStep: first };
}

/** The pupil's first step (domain/first-step.ts): read only when they have nothing to do and no full access. */
async function firstStepOf(s: Scope, user: UserView, busy: boolean): Promise<FirstStep | null> {
  const subjects = await mySubjects(s, user.id);
  if (busy || subjects.some((subject) => subject.stream.userHasAccess)) return null;
  const [books, contents] = await Promise.all([
    listMySubjectsWithBooks(s, user.id),
    Promise.all(subjects.map((subject) => subjectContent(s, subject.id))),
  ]);
  return firstStep(
    subjects.map((subject, index) => {
      const content = contents[index];
      return {
        id: subject.id,
        name: subject.name,
        stream: streamOf(subject),
        hasBook: books.some((book) => book.id === subject.id && book.shopHref !== null),
        hasTrial: content ? hasTrialContent(content) : false,
      };
    }),
    busy,
  );
}

/** A subject's default section (spec §2 ''): progress per section and topic, the latest grade, what next. */
export async function subjectOverviewPage(s: Scope, user: UserView, subjectId: number) {
  const next = carryOn(
    s,
    'subject-next-step',
    async () => {
      const found = await nextStepFor(s, user, subjectId, new Date(), { bestOnly: true });
      return found.ok ? found.value : null;
    },
    null,
  );
  const overview = await getSubjectOverview(s, user.id, subjectId);
  return { overview, next: overview ? await next : null };
}

/**
 * Maak de balans op (spec §2): the checks, the results per topic with their chart, the grades over time,
 * and beside them the mastery per topic (issue 20) with the chart of recall now and on the exam morning.
 * Null without access.
 */
export async function subjectResultsPage(s: Scope, user: UserView, subjectId: number) {
  const masteryRead = carryOn(
    s,
    'results-mastery',
    async () => {
      const found = await subjectMastery(s, user, subjectId);
      return found.ok ? found.value : null;
    },
    null,
  );
  const page = await getResultsPage(s, user.id, subjectId);
  if (!page) return null;
  const mastery = await masteryRead;
  const shown = mastery?.topics.length ? mastery : null;
  return {
    ...page,
    mastery: shown,
    masteryChart: shown
      ? topicRecallChart(
          shown.topics
            .filter((t) => t.cards > 0)
            .map((t) => ({ name: t.name, today: t.recallNow, examDay: t.recallOnExam })),
          { title: 'Kans dat je het weet: nu en op je examen' },
        )
      : '',
    charts: {
      topics: topicResultsChart(
        page.topicScores.map((t) => ({ name: t.name, percentage: t.percentage, isUncertain: t.isUncertain })),
      ),
      grades: gradesOverTimeChart(
        page.attempts.map((a) => ({ date: a.createdAt, grade: a.results.grade, label: a.testTitle })),
      ),
    },
  };
}

/** The planning page (issue 20): the plan's settings and, when it can be drawn, the workload ahead. */
export async function planningPage(s: Scope, user: UserView) {
  const [view, chart] = await Promise.all([
    getPlanSettings(s, user),
    carryOn(s, 'plan-workload', () => workloadForecast(s, user), null),
  ]);
  return { view, chart };
}
