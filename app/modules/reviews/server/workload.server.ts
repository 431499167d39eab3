/** The workload chart: the reviews the plan expects on each day up to the exam. */
import type { Scope } from '#app/platform/server/deps.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { forecastWorkload } from './forecast.server.ts';
import { reviewCard } from '../domain/memory.ts';
import { workloadChart } from '../domain/plan-charts.ts';
import { userView } from '#app/platform/server/caches/user-views.server.ts';
import { planContext, planInput } from './plan-context.server.ts';

/** How far ahead the workload chart looks at most (a school year). */
const FORECAST_DAYS = 366;

/** The workload chart (below), kept while the pupil's data stands (ADR 019). */
export function workloadForecast(s: Scope, user: UserView, now = new Date()): Promise<string | null> {
  return userView(s, user.id, 'study:workload-chart', () => workloadForecastNow(s, user, now));
}

/**
 * The plan page's chart of the daily minutes until the last exam: every day planned as `planToday` would,
 * assuming each planned card is rated Goed (the forecast: server/forecast.server.ts).
 */
async function workloadForecastNow(s: Scope, user: UserView, now = new Date()): Promise<string | null> {
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
