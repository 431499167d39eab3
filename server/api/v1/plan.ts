import type { Context } from 'hono';
import type { HttpEnv } from '#server/http-env.ts';
import { API_ERROR_CODES, apiErrorBody, refusalCode } from '#app/platform/schemas/api-error.ts';
import {
  nextStepQuerySchema,
  nextStepSchema,
  planResetSchema,
  planSettingsSchema,
  planSettingsViewSchema,
  subjectMasterySchema,
  todayPlanSchema,
} from '#app/modules/planner/index.ts';
import { reviewLogSchema } from '#app/modules/reviews/index.ts';
import { subjectIdParams } from '#app/modules/cards/index.ts';
import {
  getPlanSettings,
  PLAN_REFUSAL_STATUS,
  type PlanRefusal,
  nextStepFor,
  resetSubjectPlan,
  savePlanSettings,
  subjectMastery,
  todayPlan,
} from '#app/modules/planner/index.server.ts';
import { myReviewLog } from '#app/modules/reviews/index.server.ts';
import { diplomaFocusFor } from '#app/modules/study/index.server.ts';
import { WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';
import { PLANNER_MESSAGES } from '#app/modules/planner/index.ts';
import { EXAM_DATA_MESSAGES, examDateNoticeSchema, noticeParamsSchema } from '#app/modules/exam-data/index.ts';
import { closeExamDateNotice, myExamDateNotices } from '#app/modules/exam-data/index.server.ts';
import { z } from '#app/platform/schemas/z.ts';

const route = routeTable({
  tags: ['Planning'],
  session: true,
  readErrors: [401, 500],
  writeErrors: [...WRITE_ERRORS, 401],
});

const NO_EXAM_YEAR = {
  409: 'No exam year yet (the onboarding or the profile sets it), or a teacher: no plan (`error: conflict`).',
} as const;
const NOT_MINE_WITH_ACCESS = { 404: 'Not one of the pupil’s subjects (with access).' } as const;
const PLAN_WRITE = { rateLimit: RATE_LIMITS.study };

const noExamYear = apiErrorBody(409, API_ERROR_CODES.conflict, PLANNER_MESSAGES.PLAN_NO_EXAM_YEAR);
const notMine = apiErrorBody(404, API_ERROR_CODES.notFound, PLANNER_MESSAGES.PLAN_SUBJECT);

/** A plan refusal without a field, in the one error shape: 409 (no plan) or 404 (not the pupil's subject). */
function planRefused<R extends 'no_plan' | 'not_yours'>(c: Context<HttpEnv>, { reason, message }: PlanRefusal<R>) {
  const status = PLAN_REFUSAL_STATUS[reason];
  return c.json(apiErrorBody(status, refusalCode(status), message), status);
}

/** The signed-in pupil's study plan; mounted behind `authenticated` (server/api/index.ts). */
const PLAN_ROUTES = [
  route(
    {
      method: 'get',
      path: '/users/me/plan',
      summary: 'The study plan’s settings',
      description:
        'Issue 20: the minutes a day the pupil plans to study (20 until they set it) and, per subject in their ' +
        'plan, the day of its central exam: their own entry, the CvTE timetable’s, or an estimate labelled as one ' +
        '(`source`, `note`), with the days left, the cards not yet read and the pace of new cards.',
      answer: { status: 200, description: 'The settings.', schema: planSettingsViewSchema },
      refusals: NO_EXAM_YEAR,
    },
    async (c) => {
      const view = await getPlanSettings(c.var.scope, c.var.user);
      return view ? c.json(view, 200) : c.json(noExamYear, 409);
    },
  ),
  route(
    {
      method: 'put',
      path: '/users/me/plan',
      summary: 'Set the minutes a day and exam dates',
      description:
        'Sets the minutes a day (5–240) when given, and per listed subject the day of its exam at the pupil’s ' +
        'school (`date` null or absent: back to the timetable’s date). Only the pupil’s own subjects; a date from ' +
        'today to three years on. Answers the new settings.',
      body: planSettingsSchema,
      answer: { status: 200, description: 'The new settings.', schema: planSettingsViewSchema },
      refusals: NO_EXAM_YEAR,
      limits: PLAN_WRITE,
    },
    async (c) => {
      const saved = await savePlanSettings(c.var.scope, c.var.user, c.req.valid('json'));
      if (saved.ok) return c.json(saved.value, 200);
      if (saved.reason === 'no_plan') return c.json(noExamYear, PLAN_REFUSAL_STATUS[saved.reason]);
      const fields = saved.field ? { [saved.field]: [saved.message] } : undefined;
      const status = PLAN_REFUSAL_STATUS[saved.reason];
      return c.json(apiErrorBody(status, API_ERROR_CODES.validationFailed, saved.message, fields), status);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/plan/today',
      summary: 'Today’s study plan',
      description:
        'Issue 20: what to do today across the pupil’s subjects, within what is left of their minutes: the ' +
        'reviews, most urgent first (due cards, and cards whose predicted recall on the exam morning falls below ' +
        '90 % and cannot wait), then new cards at the pace that reads every card a week before its exam. A subject ' +
        'whose exam has passed gets nothing. What does not fit is counted in `leftOut` and said in `notice`.',
      answer: { status: 200, description: 'Today’s plan.', schema: todayPlanSchema },
      refusals: NO_EXAM_YEAR,
    },
    async (c) => {
      const view = await todayPlan(c.var.scope, c.var.user);
      return view ? c.json(view, 200) : c.json(noExamYear, 409);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/users/me/subjects/{id}/plan',
      summary: 'Start a subject’s plan over',
      description:
        'Forgets the pupil’s memory of the subject’s cards and deletes their reviews of them: the cards are new ' +
        'again. The learned marks (spec §4) stay. Only a subject of the pupil’s own.',
      params: subjectIdParams,
      answer: { status: 200, description: 'What was deleted.', schema: planResetSchema },
      refusals: { 404: 'Not one of the pupil’s subjects.' },
      limits: PLAN_WRITE,
    },
    async (c) => {
      const reset = await resetSubjectPlan(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!reset.ok) return c.json(notMine, PLAN_REFUSAL_STATUS[reset.reason]);
      return c.json(reset.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/subjects/{id}/mastery',
      summary: 'Mastery per topic of a subject',
      description:
        'Issue 20: per topic one of four levels (Geoefend, Bekend, Vaardig, Beheerst; Nog niet begonnen without ' +
        'evidence), from the predicted recall of its cards now and the pupil’s latest exam-check answers on it, ' +
        'with the recall on the exam morning and the topic’s share of the exam’s points. The levels’ definitions ' +
        'are in the answer. Mastery falls as predicted recall falls.',
      params: subjectIdParams,
      answer: { status: 200, description: 'Mastery per topic.', schema: subjectMasterySchema },
      refusals: { ...NOT_MINE_WITH_ACCESS, ...NO_EXAM_YEAR },
      errors: [400, 401, 500],
    },
    async (c) => {
      const view = await subjectMastery(c.var.scope, c.var.user, c.req.valid('param').id);
      if (!view.ok) return planRefused(c, view);
      return c.json(view.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/plan/next',
      summary: 'What to do next',
      description:
        'Issue 20: the one step that gains the most expected exam points per minute (reviewing today’s cards, ' +
        'reading new cards on a topic, or an exam check), with a one-sentence reason and where it starts; ' +
        '`subjectId` limits it to one subject. A topic’s weight is its share of the exam checks’ points, times the ' +
        'room above its mastery, divided by the minutes. Today’s reviews come first; without them, across ' +
        'subjects, the subject where the pupil’s grades say extra work gains the most for the diploma (the ' +
        '`suggestion` of GET /users/me/grades) comes first with its best step.',
      query: nextStepQuerySchema,
      answer: { status: 200, description: 'The best step and the runners-up.', schema: nextStepSchema },
      refusals: { ...NOT_MINE_WITH_ACCESS, ...NO_EXAM_YEAR },
      errors: [400, 401, 500],
    },
    async (c) => {
      const { scope, user } = c.var;
      const view = await nextStepFor(scope, user, c.req.valid('query').subjectId ?? null, new Date(), {
        focus: () => diplomaFocusFor(scope, user),
      });
      if (!view.ok) return planRefused(c, view);
      return c.json(view.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/reviews',
      summary: 'Download your review log',
      description:
        'Issue 20: every review the pupil gave, oldest first: the card, the rating, when, the days since the ' +
        'review before, the FSRS state before and after, and the seconds spent. Their data, as a file ' +
        '(`Content-Disposition: attachment`).',
      answer: { status: 200, description: 'The review log.', schema: reviewLogSchema },
    },
    async (c) => {
      c.header('Content-Disposition', 'attachment; filename="slaagbundel-beoordelingen.json"');
      return c.json(await myReviewLog(c.var.scope, c.var.userId), 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/exam-date-notices',
      summary: 'Exam dates a new timetable moved',
      description:
        'Issue 35: each of the pupil’s subjects whose exam date a published CvTE timetable moved (their plan ' +
        'aims at the new date at once), from which date to which and the timetable it comes from, until the ' +
        'pupil closes the notice. A later move keeps the first `from`. Empty when nothing moved.',
      answer: { status: 200, description: 'The notices.', schema: z.array(examDateNoticeSchema) },
    },
    async (c) => c.json(await myExamDateNotices(c.var.scope, c.var.userId), 200),
  ),
  route(
    {
      method: 'delete',
      path: '/users/me/exam-date-notices/{subjectId}',
      summary: 'Close an exam-date notice',
      description: 'The pupil has read it ("Begrepen"). Only the pupil’s own: none for that subject is a 404.',
      params: noticeParamsSchema,
      answer: { status: 204, description: 'Closed.' },
      refusals: { 404: 'No notice for that subject.' },
      limits: PLAN_WRITE,
    },
    async (c) => {
      const closed = await closeExamDateNotice(c.var.scope, c.var.userId, c.req.valid('param').subjectId);
      if (!closed) return c.json(apiErrorBody(404, API_ERROR_CODES.notFound, EXAM_DATA_MESSAGES.NOTICE), 404);
      return c.body(null, 204);
    },
  ),
];

export const planApi = () => apiRouter(PLAN_ROUTES);
