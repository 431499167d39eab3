/**
 * What a CvTE timetable change does to the plans (issue 35, ADR 033), for the back office's review before it is
 * published: the pupils who aim at a subject's date from the timetable, and a pupil's new cards a day when their
 * plan is made with other timetables.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import { getMe, pupilsWithSubjects } from '#app/modules/accounts/index.server.ts';
import type { ExamTimetable } from '#app/modules/exam-data/index.ts';
import { ownExamDatePairs } from '../db/plan.server.ts';
import { loadPlanContext, makePlan } from './plan-context.server.ts';

/**
 * The pupils of `examYear` with one of these subjects in their list who did not enter their own date for it: one
 * row per pupil and subject. In user order (a sample of the first is a fair one: ids are random).
 */
export async function pupilsAimedAt(
  s: Pick<Scope, 'db'>,
  examYear: number,
  subjectIds: readonly number[],
): Promise<{ userId: string; subjectId: number }[]> {
  const rows = await pupilsWithSubjects(s.db, examYear, subjectIds);
  const own = await ownExamDatePairs(s.db, [...new Set(rows.map((row) => row.userId))], subjectIds);
  return rows.filter((row) => !own.has(`${row.userId}:${row.subjectId}`));
}

/**
 * A pupil's new cards a day per subject in today's plan made with `timetables` instead of the published ones;
 * null without a plan (no exam year, a teacher, no such user).
 */
export async function newPerDayWith(
  s: Scope,
  userId: string,
  timetables: readonly ExamTimetable[],
  now = new Date(),
): Promise<Map<number, number> | null> {
  const user = await getMe(s, userId);
  if (!user) return null;
  const context = await loadPlanContext(s, user, now, timetables);
  if (!context) return null;
  const plan = makePlan(context, now, context.dailyMinutes);
  return new Map(context.subjects.map((entry, i) => [entry.subject.id, plan.perSubject[i]!.newPerDay]));
}
