import { createRoute, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { HttpEnv } from '#server/http-env.ts';
import { API_ERROR_CODES, apiErrorBody, apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import {
  nextStepQuerySchema,
  nextStepSchema,
  planResetSchema,
  planSettingsSchema,
  planSettingsViewSchema,
  reviewLogSchema,
  STUDY_MESSAGES,
  subjectIdParams,
  subjectMasterySchema,
  todayPlanSchema,
} from '#app/modules/study/index.ts';
import {
  getPlanSettings,
  myReviewLog,
  PLAN_REFUSAL_STATUS,
  type PlanRefusal,
  diplomaFocusFor,
  nextStepFor,
  resetSubjectPlan,
  savePlanSettings,
  subjectMastery,
  todayPlan,
} from '#app/modules/study/index.server.ts';
import { errorResponses, WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS, writeLimits } from '../limits.ts';
import { createApiRouter } from '../router.ts';

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });
const session = [{ session: [] }];
const TAGS = ['Planning'];
const READ_ERRORS = [401, 500] as const;
const NO_EXAM_YEAR = {
  409: {
    description: 'No exam year yet (the onboarding or the profile sets it), or a teacher: no plan (`error: conflict`).',
    content: json(apiErrorSchema),
  },
};
const planWrite = writeLimits({ rateLimit: RATE_LIMITS.study });

export const getPlanRoute = createRoute({
  method: 'get',
  path: '/users/me/plan',
  tags: TAGS,
  security: session,
  summary: 'The study plan’s settings',
  description:
    'Issue 20: the minutes a day the pupil plans to study (20 until they set it) and, per subject in their plan, ' +
    'the day of its central exam: their own entry, the CvTE timetable’s, or an estimate labelled as one ' +
    '(`source`, `note`), with the days left, the cards not yet read and the pace of new cards.',
  responses: {
    200: { description: 'The settings.', content: json(planSettingsViewSchema) },
    ...NO_EXAM_YEAR,
    ...errorResponses(...READ_ERRORS),
  },
});

export const putPlanRoute = createRoute({
  method: 'put',
  path: '/users/me/plan',
  tags: TAGS,
  security: session,
  summary: 'Set the minutes a day and exam dates',
  description:
    'Sets the minutes a day (5–240) when given, and per listed subject the day of its exam at the pupil’s school ' +
    '(`date` null or absent: back to the timetable’s date). Only the pupil’s own subjects; a date from today to ' +
    'three years on. Answers the new settings.',
  request: { body: { required: true, content: json(planSettingsSchema) } },
  ...planWrite,
  responses: {
    200: { description: 'The new settings.', content: json(planSettingsViewSchema) },
    ...NO_EXAM_YEAR,
    ...errorResponses(...WRITE_ERRORS, 401),
  },
});

export const todayPlanRoute = createRoute({
  method: 'get',
  path: '/users/me/plan/today',
  tags: TAGS,
  security: session,
  summary: 'Today’s study plan',
  description:
    'Issue 20: what to do today across the pupil’s subjects, within what is left of their minutes: the reviews, ' +
    'most urgent first (due cards, and cards whose predicted recall on the exam morning falls below 90 % and ' +
    'cannot wait), then new cards at the pace that reads every card a week before its exam. A subject whose exam ' +
    'has passed gets nothing. What does not fit is counted in `leftOut` and said in `notice`.',
  responses: {
    200: { description: 'Today’s plan.', content: json(todayPlanSchema) },
    ...NO_EXAM_YEAR,
    ...errorResponses(...READ_ERRORS),
  },
});

export const resetPlanRoute = createRoute({
  method: 'delete',
  path: '/users/me/subjects/{id}/plan',
  tags: TAGS,
  security: session,
  summary: 'Start a subject’s plan over',
  description:
    'Forgets the pupil’s memory of the subject’s cards and deletes their reviews of them: the cards are new again. ' +
    'The learned marks (spec §4) stay. Only a subject of the pupil’s own.',
  request: { params: subjectIdParams },
  ...planWrite,
  responses: {
    200: { description: 'What was deleted.', content: json(planResetSchema) },
    404: { description: 'Not one of the pupil’s subjects.', content: json(apiErrorSchema) },
    ...errorResponses(...WRITE_ERRORS, 401),
  },
});

export const masteryRoute = createRoute({
  method: 'get',
  path: '/users/me/subjects/{id}/mastery',
  tags: TAGS,
  security: session,
  summary: 'Mastery per topic of a subject',
  description:
    'Issue 20: per topic one of four levels (Geoefend, Bekend, Vaardig, Beheerst; Nog niet begonnen without ' +
    'evidence), from the predicted recall of its cards now and the pupil’s latest exam-check answers on it, with the ' +
    'recall on the exam morning and the topic’s share of the exam’s points. The levels’ definitions are in the answer. ' +
    'Mastery falls as predicted recall falls.',
  request: { params: subjectIdParams },
  responses: {
    200: { description: 'Mastery per topic.', content: json(subjectMasterySchema) },
    404: { description: 'Not one of the pupil’s subjects (with access).', content: json(apiErrorSchema) },
    ...NO_EXAM_YEAR,
    ...errorResponses(400, ...READ_ERRORS),
  },
});

export const nextStepRoute = createRoute({
  method: 'get',
  path: '/users/me/plan/next',
  tags: TAGS,
  security: session,
  summary: 'What to do next',
  description:
    'Issue 20: the one step that gains the most expected exam points per minute (reviewing today’s cards, reading ' +
    'new cards on a topic, or an exam check), with a one-sentence reason and where it starts; `subjectId` limits it ' +
    'to one subject. A topic’s weight is its share of the exam checks’ points, times the room above its mastery, ' +
    'divided by the minutes. Today’s reviews come first; without them, across subjects, the subject where the ' +
    'pupil’s grades say extra work gains the most for the diploma (the `suggestion` of GET /users/me/grades) ' +
    'comes first with its best step.',
  request: { query: nextStepQuerySchema },
  responses: {
    200: { description: 'The best step and the runners-up.', content: json(nextStepSchema) },
    404: { description: 'Not one of the pupil’s subjects (with access).', content: json(apiErrorSchema) },
    ...NO_EXAM_YEAR,
    ...errorResponses(400, ...READ_ERRORS),
  },
});

export const reviewLogRoute = createRoute({
  method: 'get',
  path: '/users/me/reviews',
  tags: TAGS,
  security: session,
  summary: 'Download your review log',
  description:
    'Issue 20: every review the pupil gave, oldest first: the card, the rating, when, the days since the review ' +
    'before, the FSRS state before and after, and the seconds spent. Their data, as a file (`Content-Disposition: attachment`).',
  responses: {
    200: { description: 'The review log.', content: json(reviewLogSchema) },
    ...errorResponses(...READ_ERRORS),
  },
});

/** A plan refusal without a field, in the one error shape: 409 (no plan) or 404 (not the pupil's subject). */
function planRefused<R extends 'no_plan' | 'not_yours'>(c: Context<HttpEnv>, { reason, message }: PlanRefusal<R>) {
  const status = PLAN_REFUSAL_STATUS[reason];
  const code = status === 409 ? API_ERROR_CODES.conflict : API_ERROR_CODES.notFound;
  return c.json(apiErrorBody(status, code, message), status);
}

/** The signed-in pupil's study plan; mounted behind `authenticated` (server/api/index.ts). */
export function planApi() {
  const noExamYear = apiErrorBody(409, API_ERROR_CODES.conflict, STUDY_MESSAGES.PLAN_NO_EXAM_YEAR);
  const notMine = apiErrorBody(404, API_ERROR_CODES.notFound, STUDY_MESSAGES.PLAN_SUBJECT);
  return createApiRouter()
    .openapi(getPlanRoute, async (c) => {
      const view = await getPlanSettings(c.var.scope, c.var.user);
      return view ? c.json(view, 200) : c.json(noExamYear, 409);
    })
    .openapi(putPlanRoute, async (c) => {
      const saved = await savePlanSettings(c.var.scope, c.var.user, c.req.valid('json'));
      if (saved.ok) return c.json(saved.value, 200);
      if (saved.reason === 'no_plan') return c.json(noExamYear, PLAN_REFUSAL_STATUS[saved.reason]);
      const fields = saved.field ? { [saved.field]: [saved.message] } : undefined;
      const status = PLAN_REFUSAL_STATUS[saved.reason];
      return c.json(apiErrorBody(status, API_ERROR_CODES.validationFailed, saved.message, fields), status);
    })
    .openapi(todayPlanRoute, async (c) => {
      const view = await todayPlan(c.var.scope, c.var.user);
      return view ? c.json(view, 200) : c.json(noExamYear, 409);
    })
    .openapi(resetPlanRoute, async (c) => {
      const reset = await resetSubjectPlan(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!reset.ok) return c.json(notMine, PLAN_REFUSAL_STATUS[reset.reason]);
      return c.json(reset.value, 200);
    })
    .openapi(masteryRoute, async (c) => {
      const view = await subjectMastery(c.var.scope, c.var.user, c.req.valid('param').id);
      if (!view.ok) return planRefused(c, view);
      return c.json(view.value, 200);
    })
    .openapi(nextStepRoute, async (c) => {
      const { scope, user } = c.var;
      const view = await nextStepFor(scope, user, c.req.valid('query').subjectId ?? null, new Date(), {
        focus: () => diplomaFocusFor(scope, user),
      });
      if (!view.ok) return planRefused(c, view);
      return c.json(view.value, 200);
    })
    .openapi(reviewLogRoute, async (c) => {
      c.header('Content-Disposition', 'attachment; filename="slaagbundel-beoordelingen.json"');
      return c.json(await myReviewLog(c.var.scope, c.var.userId), 200);
    });
}
