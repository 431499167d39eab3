import {
  ceGradesViewSchema,
  examLevelOf,
  GRADES_MESSAGES,
  gradesViewSchema,
  pastExamViewSchema,
  saveCeGradeSchema,
  saveGradesSchema,
  savePastExamSchema,
} from '#app/modules/grades/index.ts';
import {
  getMyCeGrades,
  getMyGrades,
  removePastExam,
  savePastExam,
  saveMyGrades,
} from '#app/modules/grades/index.server.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z as zod } from '#app/platform/schemas/z.ts';
import { gradeEvidence, saveRealCeGrade } from '#app/modules/study/index.server.ts';
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { API_ERROR_CODES, apiErrorBody } from '#app/platform/schemas/api-error.ts';
import { WRITE_ERRORS } from '../errors.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const WRITE_ERRORS_SIGNED_IN = [...WRITE_ERRORS, 401] as const;
const route = routeTable({
  tags: ['Cijfers'],
  session: true,
  readErrors: [401, 500],
  writeErrors: WRITE_ERRORS_SIGNED_IN,
});
const NO_LEVEL = { 409: 'The user has no level yet (onboarding or the profile sets it).' } as const;

const pastExamIdParams = zod.object({
  id: textNumber(zod.number({ error: GRADES_MESSAGES.UNKNOWN_PAST_EXAM }).int().positive().max(2147483647)).meta({
    example: 3,
  }),
});

const noLevel = apiErrorBody(409, API_ERROR_CODES.conflict, GRADES_MESSAGES.NO_EXAM_LEVEL);
/** A save refused for one field's value: the 400 with that field's message. */
const invalidField = ({ message, field, fieldMessage }: { message: string; field: string; fieldMessage: string }) =>
  apiErrorBody(400, API_ERROR_CODES.validationFailed, message, { [field]: [fieldMessage] });

/** The signed-in pupil's grades; mounted behind `authenticated` (server/api/index.ts). */
const GRADE_ROUTES = [
  route(
    {
      method: 'get',
      path: '/users/me/grades',
      summary: 'The pupil’s grade simulation',
      description:
        'Issue 21: the exam subjects of the user’s level (their subjects from onboarding, the parts every diploma ' +
        'of the level has, added or removed ones) with the SE grades they entered, the predicted CE grade from ' +
        'their exam checks (N = 1, with a band), the CE grade needed to pass, the outcome and a suggestion. ' +
        'Without a level: 409.',
      answer: { status: 200, description: 'The simulation.', schema: gradesViewSchema },
      refusals: NO_LEVEL,
    },
    async (c) => {
      const level = examLevelOf(c.var.user.levels, LEVEL_ORDER);
      if (!level) return c.json(noLevel, 409);
      const evidence = await gradeEvidence(c.var.scope, c.var.user, level);
      return c.json(await getMyGrades(c.var.scope, c.var.userId, level, evidence), 200);
    },
  ),
  route(
    {
      method: 'put',
      path: '/users/me/grades',
      summary: 'Store SE grades, judgements and the subject list',
      description:
        'Each entry replaces what was stored for its subject: its SE grade (null: not known yet) or judgement, ' +
        'and `included` (false takes it off the list). A subject not of the user’s level, a grade for a judged ' +
        'part or a judgement for a graded subject: 400 with the field. Answers the new simulation.',
      body: saveGradesSchema,
      answer: { status: 200, description: 'The new simulation.', schema: gradesViewSchema },
      refusals: NO_LEVEL,
    },
    async (c) => {
      const level = examLevelOf(c.var.user.levels, LEVEL_ORDER);
      if (!level) return c.json(noLevel, 409);
      const saved = await saveMyGrades(c.var.scope, c.var.userId, level, c.req.valid('json'));
      if (!saved.ok) return c.json(invalidField(saved), 400);
      const evidence = await gradeEvidence(c.var.scope, c.var.user, level);
      return c.json(await getMyGrades(c.var.scope, c.var.userId, level, evidence), 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/users/me/grades/past-exams',
      summary: 'Enter a past exam the pupil made',
      description:
        'Issue 21: a past central exam (oud examen) the pupil made on paper: a subject of their level with a ' +
        'central exam, the year (one of `pastExamChoices.years` of GET /users/me/grades) and tijdvak, their ' +
        'score, the maximum score and the N-term Examenblad published for that exam. Its grade is the CvTE ' +
        'conversion with that N-term, and it counts in the subject’s predicted CE grade. The same exam again ' +
        'replaces the score. A subject without a central exam, a year outside the list or a score above the ' +
        'maximum: 400 with the field.',
      body: savePastExamSchema,
      answer: { status: 201, description: 'The past exam with its grade.', schema: pastExamViewSchema },
      refusals: NO_LEVEL,
    },
    async (c) => {
      const level = examLevelOf(c.var.user.levels, LEVEL_ORDER);
      if (!level) return c.json(noLevel, 409);
      const saved = await savePastExam(c.var.scope, c.var.userId, level, c.req.valid('json'));
      if (!saved.ok) return c.json(invalidField(saved), 400);
      return c.json(saved.value, 201);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/users/me/grades/past-exams/{id}',
      summary: 'Delete a past exam the pupil entered',
      description: 'Only the pupil’s own: another pupil’s id, or one already deleted, is a 404.',
      params: pastExamIdParams,
      answer: { status: 204, description: 'Deleted.' },
      errors: [...WRITE_ERRORS_SIGNED_IN, 404],
    },
    async (c) => {
      const removed = await removePastExam(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!removed.ok) {
        return c.json(apiErrorBody(404, API_ERROR_CODES.notFound, GRADES_MESSAGES.UNKNOWN_PAST_EXAM), 404);
      }
      return c.body(null, 204);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/grades/ce',
      summary: 'The CE grades the pupil actually got',
      description:
        'Issue 33: the real CE grades the user entered after their exams, per subject with a central exam of ' +
        'their level, with when they entered them. Only the user’s own; not shared with classes or parents. ' +
        'Without a level: 409.',
      answer: { status: 200, description: 'The real CE grades.', schema: ceGradesViewSchema },
      refusals: NO_LEVEL,
    },
    async (c) => {
      const level = examLevelOf(c.var.user.levels, LEVEL_ORDER);
      if (!level) return c.json(noLevel, 409);
      return c.json(await getMyCeGrades(c.var.scope, c.var.userId, level), 200);
    },
  ),
  route(
    {
      method: 'put',
      path: '/users/me/grades/ce',
      summary: 'Enter, change or clear a real CE grade',
      description:
        'Issue 33: the CE grade the user got in a subject with a central exam of their level ("6,4", "6.4" or ' +
        '6.4; null or empty clears it). The first entry keeps the predicted CE grade with its band as it stood ' +
        'before the subject’s exam morning (ADR 032), for the calibration of the predictions; a change keeps that ' +
        'prediction. A subject without a central exam: 400 with the field. Answers the real CE grades.',
      body: saveCeGradeSchema,
      answer: { status: 200, description: 'The real CE grades.', schema: ceGradesViewSchema },
      refusals: NO_LEVEL,
    },
    async (c) => {
      const level = examLevelOf(c.var.user.levels, LEVEL_ORDER);
      if (!level) return c.json(noLevel, 409);
      const saved = await saveRealCeGrade(c.var.scope, c.var.user, level, c.req.valid('json'));
      if (!saved.ok) return c.json(invalidField(saved), 400);
      return c.json(saved.value.view, 200);
    },
  ),
];

export const gradesApi = () => apiRouter(GRADE_ROUTES);
