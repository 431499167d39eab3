/**
 * Today's plan ("Vandaag", issue 20): the reviews and new cards `planToday` picks across the pupil's subjects,
 * aimed at each subject's exam morning, within what is left of today's minutes.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import { subjectSlug } from '#app/platform/study-paths.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { recallAt, reviewCard } from '#app/modules/reviews/index.ts';
import { calendar, type TodayPlan } from './plan.server.ts';
import { workloadChart } from './plan-charts.server.ts';
import type { PlannedCardView, TodayPlanView } from '../schemas/plan.ts';
import { forecastWorkload } from './forecast.server.ts';
import {
  type PlanContext,
  isoDay,
  makePlan,
  planContext,
  planFacts,
  planInput,
  subjectsView,
} from './plan-context.server.ts';

const minutesOf = (seconds: number) => Math.ceil(seconds / 60);

/** What the pupil is told when today's minutes do not hold all the plan asks: what is left out, and what would fit it. */
function notice(context: PlanContext, plan: TodayPlan, budget: number): string | null {
  const { reviews, newCards } = plan.leftOut;
  if (reviews === 0 && newCards === 0) return null;
  const parts = [
    reviews ? `${reviews} ${reviews === 1 ? 'herhaling' : 'herhalingen'}` : null,
    newCards ? `${newCards} nieuwe ${newCards === 1 ? 'kaart' : 'kaarten'}` : null,
  ].filter(Boolean);
  const needed =
    plan.minutes +
    (reviews * context.secondsPerReview + newCards * context.secondsPerNew) / 60 +
    (context.dailyMinutes - budget);
  const enough = Math.min(240, Math.ceil(needed / 5) * 5);
  const moved = `${parts.join(' en ')} ${reviews + newCards === 1 ? 'schuift' : 'schuiven'} door naar morgen.`;
  // Calm: what moves to tomorrow, and only when more minutes a day would fit it, how many.
  if (budget <= 0) return `Je ${context.dailyMinutes} minuten van vandaag zitten erop: ${moved}`;
  return (
    `Vandaag past niet alles in je ${context.dailyMinutes} minuten: ${moved}` +
    (enough > context.dailyMinutes ? ` Met ${enough} minuten per dag past je planning wel.` : '')
  );
}

/** Today's plan within what is left of today's minutes, once per request. */
export const todayState = (s: Scope, user: UserView, now: Date) =>
  s.once(`study:plan-today:${user.id}`, async () => {
    const context = await planContext(s, user, now);
    if (!context) return null;
    const budget = Math.max(0, context.dailyMinutes - context.spentToday.seconds / 60);
    return { context, budget, plan: makePlan(context, now, budget) };
  });

/**
 * What a review session (issue 34) reads of the plan: the pupil's memory of those of its cards they may still
 * open, and at its end the reviews and measured seconds since it began and what tomorrow's plan holds (at
 * nine, with the whole of the day's minutes). Null: no plan.
 */
export async function reviewSessionFacts(s: Scope, user: UserView, cardIds: readonly number[], since: Date, now: Date) {
  const context = await planContext(s, user, now);
  if (!context) return null;
  const { endOfToday } = calendar(now);
  const summary = async () => {
    const tomorrow = makePlan(context, new Date(endOfToday.getTime() + 9 * 3_600_000), context.dailyMinutes);
    return {
      since: (await planFacts(s.db, user.id, since)).today,
      tomorrow: {
        reviews: tomorrow.reviews.length,
        newCards: tomorrow.newCards.length,
        minutes: minutesOf(tomorrow.minutes * 60),
      },
    };
  };
  return {
    cards: cardIds.flatMap((id) => context.cardById.get(id) ?? []),
    subjects: context.subjects.map(({ subject }) => ({ id: subject.id, name: subject.name })),
    endOfToday,
    summary,
  };
}

/** Today's plan, computed from the pupil's data now. */
export async function todayPlan(s: Scope, user: UserView, now = new Date()): Promise<TodayPlanView | null> {
  const state = await todayState(s, user, now);
  if (!state) return null;
  const { context, budget, plan } = state;
  const subjectOf = new Map(context.subjects.map((c) => [c.subject.id, c]));
  const planned = (id: number): PlannedCardView => {
    const card = context.cardById.get(id)!;
    const { subject, morning } = subjectOf.get(card.subjectId)!;
    return {
      cardId: card.id,
      title: card.title,
      subject: { id: subject.id, name: subject.name, slug: subjectSlug(subject) },
      recallNow: card.memory ? recallAt(card.memory, now, context.weights) : null,
      recallOnExam: card.memory ? recallAt(card.memory, morning, context.weights) : null,
    };
  };
  return {
    date: isoDay.format(now),
    budgetMinutes: context.dailyMinutes,
    minutes: minutesOf(plan.minutes * 60),
    spentMinutes: minutesOf(context.spentToday.seconds),
    reviewedToday: context.spentToday.reviews,
    reviews: plan.reviews.map(planned),
    newCards: plan.newCards.map(planned),
    leftOut: plan.leftOut,
    notice: notice(context, plan, budget),
    subjects: subjectsView(context, plan),
  };
}

/** How far ahead the workload chart looks at most (a school year). */
const FORECAST_DAYS = 366;

/**
 * The plan page's chart of the daily minutes until the last exam: every day planned as `planToday` would,
 * assuming each planned card is rated Goed (the forecast: server/forecast.server.ts).
 */
export async function workloadForecast(s: Scope, user: UserView, now = new Date()): Promise<string | null> {
  const context = await planContext(s, user, now);
  if (!context) return null;
  const { weights } = context;
  const days = forecastWorkload(planInput(context, now, context.dailyMinutes), FORECAST_DAYS, (memory, rating, at) =>
    reviewCard(memory, rating, at, weights ? { weights } : {}),
  );
  return workloadChart(
    days.map((day) => ({ date: day.date, minutes: day.minutes, budget: context.dailyMinutes })),
    {
      title: 'Minuten per dag tot je examens',
      exams: context.subjects.map((c) => ({ date: c.morning, name: c.subject.name })),
    },
  );
}
