import { createRoute, type z } from '@hono/zod-openapi';
import { examLevelOf, GRADES_MESSAGES, gradesViewSchema, saveGradesSchema } from '#app/modules/grades/index.ts';
import { getMyGrades, saveMyGrades } from '#app/modules/grades/index.server.ts';
import { gradeEvidence } from '#app/modules/study/index.server.ts';
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { API_ERROR_CODES, apiErrorBody, apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { errorResponses, WRITE_ERRORS } from '../errors.ts';
import { createApiRouter } from '../router.ts';

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });
const session = [{ session: [] }];
const TAGS = ['Cijfers'];
const NO_LEVEL_RESPONSE = {
  description: 'The user has no level yet (onboarding or the profile sets it).',
  content: json(apiErrorSchema),
};

export const getGradesRoute = createRoute({
  method: 'get',
  path: '/users/me/grades',
  tags: TAGS,
  security: session,
  summary: 'The pupil’s grade simulation',
  description:
    'Issue 21: the exam subjects of the user’s level (their subjects from onboarding, the parts every diploma of ' +
    'the level has, added or removed ones) with the SE grades they entered, the predicted CE grade from their exam ' +
    'checks (N = 1, with a band), the CE grade needed to pass, the outcome and a suggestion. Without a level: 409.',
  responses: {
    200: { description: 'The simulation.', content: json(gradesViewSchema) },
    ...errorResponses(401, 500),
    409: NO_LEVEL_RESPONSE,
  },
});

export const putGradesRoute = createRoute({
  method: 'put',
  path: '/users/me/grades',
  tags: TAGS,
  security: session,
  summary: 'Store SE grades, judgements and the subject list',
  description:
    'Each entry replaces what was stored for its subject: its SE grade (null: not known yet) or judgement, and ' +
    '`included` (false takes it off the list). A subject not of the user’s level, a grade for a judged part or a ' +
    'judgement for a graded subject: 400 with the field. Answers the new simulation.',
  request: { body: { required: true, content: json(saveGradesSchema) } },
  responses: {
    200: { description: 'The new simulation.', content: json(gradesViewSchema) },
    ...errorResponses(...WRITE_ERRORS, 401),
    409: NO_LEVEL_RESPONSE,
  },
});

/** The signed-in pupil's grades; mounted behind `authenticated` (server/api/index.ts). */
export function gradesApi() {
  const noLevel = apiErrorBody(409, API_ERROR_CODES.conflict, GRADES_MESSAGES.NO_EXAM_LEVEL);
  return createApiRouter()
    .openapi(getGradesRoute, async (c) => {
      const level = examLevelOf(c.var.user.levels, LEVEL_ORDER);
      if (!level) return c.json(noLevel, 409);
      const evidence = await gradeEvidence(c.var.scope, c.var.user, level);
      return c.json(await getMyGrades(c.var.scope, c.var.userId, level, evidence), 200);
    })
    .openapi(putGradesRoute, async (c) => {
      const level = examLevelOf(c.var.user.levels, LEVEL_ORDER);
      if (!level) return c.json(noLevel, 409);
      const saved = await saveMyGrades(c.var.scope, c.var.userId, level, c.req.valid('json'));
      if (!saved.ok) {
        const body = apiErrorBody(400, API_ERROR_CODES.validationFailed, saved.message, {
          [saved.field]: [saved.fieldMessage],
        });
        return c.json(body, 400);
      }
      const evidence = await gradeEvidence(c.var.scope, c.var.user, level);
      return c.json(await getMyGrades(c.var.scope, c.var.userId, level, evidence), 200);
    });
}
