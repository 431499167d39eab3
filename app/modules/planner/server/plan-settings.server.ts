/** The pupil's plan settings (issue 20): their exam dates and minutes a day; and starting a subject over. */
import type { Scope } from '#app/platform/server/deps.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { deleteCardsMemory } from '#app/modules/reviews/index.server.ts';
import { writePlanSettings } from '../db/plan.server.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import { DEFAULT_BUDGET_MINUTES } from './plan.server.ts';
import type { PlanSettingsInput, PlanSettingsView } from '../schemas/plan.ts';
import { mySubjects } from '#app/modules/checks/index.server.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { planRefusal, type PlanRefusal } from './refusals.server.ts';
import { isoDay, makePlan, planContext, subjectsView } from './plan-context.server.ts';
import { PLANNER_MESSAGES } from '../domain/messages.ts';

/** GET /v1/users/me/plan and the plan page: the settings with each subject's exam date. */
export async function getPlanSettings(s: Scope, user: UserView, now = new Date()): Promise<PlanSettingsView | null> {
  const context = await planContext(s, user, now);
  if (!context) return null;
  const plan = makePlan(context, now, context.dailyMinutes);
  return {
    examYear: context.examYear,
    dailyMinutes: context.dailyMinutes,
    defaultMinutes: DEFAULT_BUDGET_MINUTES,
    subjects: subjectsView(context, plan),
  };
}

/** PUT /v1/users/me/plan and the plan page's form: only the pupil's own subjects; dates from today to three years on. */
export async function savePlanSettings(
  s: Scope,
  user: UserView,
  input: PlanSettingsInput,
  now = new Date(),
): Promise<Result<PlanSettingsView, PlanRefusal<'no_plan' | 'not_your_subject' | 'exam_date_range'>>> {
  if (user.educationRole === 'teacher' || !user.examYear) return refuse(planRefusal('no_plan'));
  const own = new Set((await mySubjects(s, user.id)).map((subject) => subject.id));
  const today = isoDay.format(now);
  const latest = `${Number(today.slice(0, 4)) + 3}${today.slice(4)}`;
  const dates = input.examDates ?? [];
  for (const [i, entry] of dates.entries()) {
    if (!own.has(entry.subjectId)) {
      return refuse(planRefusal('not_your_subject', `examDates.${i}.subjectId`));
    }
    if (entry.date && (entry.date < today || entry.date > latest)) {
      return refuse(planRefusal('exam_date_range', `examDates.${i}.date`));
    }
  }
  // A subject named twice: the last entry counts (one row per subject and pupil).
  const last = new Map(dates.map((entry) => [entry.subjectId, entry.date ?? null]));
  await writePlanSettings(s.db, user.id, {
    dailyMinutes: input.dailyMinutes,
    examDates: [...last].map(([subjectId, date]) => ({ subjectId, date })),
  });
  const view = await getPlanSettings(s, user, now);
  return view ? ok(view) : refuse(planRefusal('no_plan'));
}

/** DELETE /v1/users/me/subjects/{id}/plan: the subject's cards start over (memory and review log gone). */
export async function resetSubjectPlan(
  s: Scope,
  userId: string,
  subjectId: number,
): Promise<Result<{ subjectId: number; reviewsDeleted: number; message: string }, PlanRefusal<'not_yours'>>> {
  const subject = (await mySubjects(s, userId)).find((candidate) => candidate.id === subjectId);
  if (!subject) return refuse(planRefusal('not_yours'));
  const content = await subjectContent(s, subjectId);
  const reviewsDeleted = await deleteCardsMemory(
    s.db,
    userId,
    (content?.cards ?? []).map((card) => card.id),
  );
  return ok({ subjectId, reviewsDeleted, message: PLANNER_MESSAGES.PLAN_RESET(subject.name, reviewsDeleted) });
}
