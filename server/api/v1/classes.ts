/**
 * Classes (issue 31): a teacher's classes, their pupils and colleagues, and a pupil's classes. Every route
 * is behind the session (server/api/index.ts) and asks the classes module who the user is to the class
 * (`classAccess`): a class the user may not see answers 404, whether it exists or not.
 */
import type { Context } from 'hono';
import type { HttpEnv } from '#server/http-env.ts';
import { API_ERROR_CODES, apiErrorBody, refusalCode } from '#app/platform/schemas/api-error.ts';
import {
  classCreatedSchema,
  classCreateSchema,
  classDetailSchema,
  classIdParamsSchema,
  classLicenseCodeSchema,
  classMemberParamsSchema,
  classMessageSchema,
  coTeacherSchema,
  gradeShareSchema,
  joinAnswerSchema,
  joinCodeSchema,
  joinedClassesSchema,
  memberDecisionSchema,
  taughtClassesSchema,
  CLASS_MESSAGES,
  classDashboardSchema,
  dashboardQuerySchema,
  pupilDetailSchema,
  assignmentCreatedSchema,
  assignmentCreateSchema,
  assignmentParamsSchema,
  classAssignmentsSchema,
  myAssignmentsSchema,
} from '#app/modules/classes/index.ts';
import {
  addCoTeacher,
  approveMember,
  classDashboard,
  createAssignment,
  listAssignments,
  myAssignments,
  removeAssignment,
  freeSeat,
  pupilDetail,
  redeemClassLicense,
  CLASS_JOIN_ATTEMPTS,
  CLASS_REFUSAL_STATUS,
  CO_TEACHER_ATTEMPTS,
  createClass,
  getTaughtClass,
  joinClass,
  leaveClass,
  listMyJoinedClasses,
  listMyTaughtClasses,
  removeMember,
  renewJoinCode,
  setClassGradeShare,
  type ClassRefusal,
  type ClassRefusalReason,
} from '#app/modules/classes/index.server.ts';
import { z } from '#app/platform/schemas/z.ts';
import { WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({
  tags: ['Klassen'],
  session: true,
  readErrors: [400, 401, 500],
  writeErrors: [...WRITE_ERRORS, 401],
});

const CLASS_WRITE = { rateLimit: RATE_LIMITS.write };
const NOT_FOUND = { 404: 'No such class, or the user does not teach it (the same answer for both).' } as const;
const TEACHERS_ONLY = { 403: 'The signed-in user is not a teacher.' } as const;
const ARCHIVED = { 409: 'The class is archived (its school year ended on 31 July): read-only.' } as const;

/** A refusal in the one error shape: its status, its Dutch message, the field it belongs to. */
function refused<R extends ClassRefusalReason>(c: Context<HttpEnv>, refusal: ClassRefusal<R>) {
  const status = CLASS_REFUSAL_STATUS[refusal.reason] as (typeof CLASS_REFUSAL_STATUS)[R];
  const body = apiErrorBody(
    status,
    status === 429 ? API_ERROR_CODES.rateLimited : refusalCode(status),
    refusal.message,
    refusal.field ? { [refusal.field]: [refusal.message] } : undefined,
  );
  const headers: Record<string, string> =
    refusal.retryAfterSeconds !== undefined ? { 'Retry-After': String(refusal.retryAfterSeconds) } : {};
  return c.json(body, status, headers);
}

const CLASS_ROUTES = [
  route(
    {
      method: 'get',
      path: '/classes',
      summary: 'The classes the teacher teaches',
      description:
        'A teacher’s classes (owned or shared), this school year’s first, with the join code and the number of ' +
        'pupils and of pupils waiting for approval. A pupil: 403.',
      answer: { status: 200, description: 'The classes.', schema: taughtClassesSchema },
      refusals: TEACHERS_ONLY,
      errors: [401, 403, 500],
    },
    async (c) => {
      const result = await listMyTaughtClasses(c.var.scope, c.var.user);
      if (!result.ok) return refused(c, result);
      return c.json({ classes: result.value }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/classes',
      summary: 'Make a class',
      description:
        'A teacher makes a class of their school (found by its BRIN code when given, else a new school) with one ' +
        'to five subjects of the class’s level; they own it. It gets a join code that works freely for 14 days. ' +
        'Subjects of another level: 400 with `fieldErrors.subjectIds`. A pupil: 403.',
      body: classCreateSchema,
      answer: { status: 201, description: 'The class, with its join code.', schema: classCreatedSchema },
      refusals: TEACHERS_ONLY,
      limits: CLASS_WRITE,
    },
    async (c) => {
      const result = await createClass(c.var.scope, c.var.user, c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json({ class: result.value, message: CLASS_MESSAGES.CREATED(result.value.name) }, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/classes/{id}',
      summary: 'A class and its pupils',
      description:
        'For its teachers (owner and co-teachers): the class and its pupils with their status (in the class, ' +
        'waiting, removed), as first names and last initials; never e-mail addresses.',
      params: classIdParamsSchema,
      answer: { status: 200, description: 'The class and its pupils.', schema: classDetailSchema },
      refusals: NOT_FOUND,
    },
    async (c) => {
      const result = await getTaughtClass(c.var.scope, c.var.user, c.req.valid('param').id);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/classes/{id}/code',
      summary: 'Give the class a new join code',
      description: 'The old code stops working; the new one lets pupils in freely for 14 days.',
      params: classIdParamsSchema,
      answer: {
        status: 200,
        description: 'The new code.',
        schema: classMessageSchema.extend({ joinCode: z.string() }),
      },
      refusals: { ...NOT_FOUND, ...ARCHIVED },
      limits: CLASS_WRITE,
    },
    async (c) => {
      const result = await renewJoinCode(c.var.scope, c.var.user, c.req.valid('param').id);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/classes/{id}/teachers',
      summary: 'Share the class with a colleague',
      description:
        'The owner adds a teacher by their account’s e-mail address; they then see and manage the class too. ' +
        `No teacher account with that address: 400 with \`fieldErrors.email\`. At most ${CO_TEACHER_ATTEMPTS.points} ` +
        `tries per teacher in ${CO_TEACHER_ATTEMPTS.durationSeconds / 60} minutes.`,
      params: classIdParamsSchema,
      body: coTeacherSchema,
      answer: { status: 200, description: 'Added.', schema: classMessageSchema },
      refusals: {
        ...NOT_FOUND,
        403: 'A co-teacher: only the owner shares the class (or the write guard refused).',
        409: 'The colleague shares the class already, or it is archived.',
      },
      limits: CLASS_WRITE,
    },
    async (c) => {
      const { id } = c.req.valid('param');
      const result = await addCoTeacher(c.var.scope, c.var.user, id, c.req.valid('json').email);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/classes/{id}/licenses',
      summary: 'Redeem a class licence on the class',
      description:
        'A teacher of the class redeems a class licence code (a subject of the class, its exam year, a number of ' +
        'seats). Each pupil in the class, and each one let in later, gets a seat while seats last: full access to ' +
        'the subject until 31 July of the school year. Unknown code, a code for one pupil, or another subject or ' +
        'exam year: 400 with `fieldErrors.code`; used: 409. Counted like redeeming a book code (per user).',
      params: classIdParamsSchema,
      body: classLicenseCodeSchema,
      answer: {
        status: 200,
        description: 'Redeemed: the seats in use and a notice.',
        schema: classMessageSchema.extend({ used: z.number().int(), seats: z.number().int() }),
      },
      refusals: { ...NOT_FOUND, 409: 'The code was redeemed before, or the class is archived.' },
      limits: CLASS_WRITE,
    },
    async (c) => {
      const { id } = c.req.valid('param');
      const result = await redeemClassLicense(c.var.scope, c.var.user, id, c.req.valid('json').code);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/classes/{id}/members/{userId}/seat',
      summary: 'Free the seat of a pupil taken out of the class',
      description:
        'The seat goes back to the class licence; the pupil’s access from it ends (unless a seat in another class ' +
        'gives the same subject). Only for a pupil taken out of the class (409 otherwise).',
      params: classMemberParamsSchema,
      answer: { status: 200, description: 'Freed.', schema: classMessageSchema },
      refusals: {
        404: 'No such class or pupil, the pupil holds no seat, or the user does not teach the class.',
        409: 'The pupil is still in the class, or the class is archived.',
      },
    },
    async (c) => {
      const { id, userId } = c.req.valid('param');
      const result = await freeSeat(c.var.scope, c.var.user, id, userId);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'patch',
      path: '/classes/{id}/members/{userId}',
      summary: 'Let a pupil into the class',
      description: 'A teacher lets in a pupil who joined after the code’s 14 free days (or one they removed before).',
      params: classMemberParamsSchema,
      body: memberDecisionSchema,
      answer: { status: 200, description: 'The pupil is in the class.', schema: classMessageSchema },
      refusals: {
        404: 'No such class or pupil, or the user does not teach it.',
        409: 'The pupil is in the class already, or the class is archived.',
      },
      limits: CLASS_WRITE,
    },
    async (c) => {
      const { id, userId } = c.req.valid('param');
      const result = await approveMember(c.var.scope, c.var.user, id, userId);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/classes/{id}/members/{userId}',
      summary: 'Take a pupil out of the class',
      description:
        'The pupil no longer sees the class and its teachers no longer see them; they stay listed as removed, so ' +
        'a teacher can let them back in.',
      params: classMemberParamsSchema,
      answer: { status: 200, description: 'Removed.', schema: classMessageSchema },
      refusals: { 404: 'No such class or pupil, or the user does not teach it.', ...ARCHIVED },
    },
    async (c) => {
      const { id, userId } = c.req.valid('param');
      const result = await removeMember(c.var.scope, c.var.user, id, userId);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/classes/{id}/dashboard',
      summary: 'The class dashboard of a subject',
      description:
        'For the class’s teachers: per pupil in the class and topic of the subject (`subject`, default the class’s ' +
        'first), the mastery level and the predicted recall on the morning of that pupil’s exam; who is behind ' +
        'by topic (below `target`) and by effort (under half the minutes their plan asked in 7 days); the latest ' +
        'exam checks per topic. Read from summaries that a review or check keeps up to date.',
      params: classIdParamsSchema,
      query: dashboardQuerySchema,
      answer: { status: 200, description: 'The dashboard.', schema: classDashboardSchema },
      refusals: { 404: 'No such class (or the user does not teach it), or the subject is not one of the class’s.' },
    },
    async (c) => {
      const result = await classDashboard(
        c.var.scope,
        c.var.user,
        c.req.valid('param').id,
        c.req.valid('query').subject,
      );
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/classes/{id}/members/{userId}/summary',
      summary: 'One pupil as their teachers see them',
      description:
        'Per subject of the class: the pupil’s row of the grid with its topics and their effort; no answers. ' +
        '`grades`: the pupil’s grades page when they share it with this class (PUT ' +
        '/v1/users/me/classes/{id}/grade-share), else null. For the class’s teachers, of a pupil in the class.',
      params: classMemberParamsSchema,
      answer: { status: 200, description: 'The pupil’s summary.', schema: pupilDetailSchema },
      refusals: { 404: 'No such class or pupil in it, or the user does not teach it.' },
    },
    async (c) => {
      const { id, userId } = c.req.valid('param');
      const result = await pupilDetail(c.var.scope, c.var.user, id, userId);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/classes/{id}/teacher-view',
      summary: 'What my teacher sees of me',
      description:
        'Exactly what the class’s teachers see of the pupil (GET /v1/classes/{id}/members/{userId}/summary).',
      params: classIdParamsSchema,
      answer: { status: 200, description: 'The pupil’s summary as their teachers see it.', schema: pupilDetailSchema },
      refusals: { 404: 'The pupil is not in this class.' },
    },
    async (c) => {
      const result = await pupilDetail(c.var.scope, c.var.user, c.req.valid('param').id, c.var.userId);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/classes/{id}/assignments',
      summary: 'The class’s assignments',
      description:
        'For the class’s teachers: every assignment, newest first, with each pupil’s status (not_started, busy, ' +
        'done, reopened: a keep-ready assignment whose topic fell below its target on the exam morning).',
      params: classIdParamsSchema,
      answer: { status: 200, description: 'The assignments.', schema: classAssignmentsSchema },
      refusals: NOT_FOUND,
    },
    async (c) => {
      const result = await listAssignments(c.var.scope, c.var.user, c.req.valid('param').id);
      if (!result.ok) return refused(c, result);
      return c.json({ assignments: result.value }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/classes/{id}/assignments',
      summary: 'Give the class an assignment',
      description:
        'A teacher of the class gives it: a topic’s (or chapter’s) cards by `dueOn` (`cards`), an exam check by ' +
        '`dueOn` (`check`), or “keep this topic ready for the exam” (`keep_ready`, with `targetRecall`, default ' +
        '0.75): open until the exam, and reopened by itself whenever a pupil’s predicted recall on the exam morning ' +
        'falls below the target. The subject must be the class’s, the topic or check that subject’s (400 with ' +
        'the field otherwise).',
      params: classIdParamsSchema,
      body: assignmentCreateSchema,
      answer: { status: 201, description: 'The assignment with each pupil’s status.', schema: assignmentCreatedSchema },
      refusals: { ...NOT_FOUND, ...ARCHIVED },
      limits: CLASS_WRITE,
    },
    async (c) => {
      const result = await createAssignment(c.var.scope, c.var.user, c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json({ assignment: result.value, message: CLASS_MESSAGES.ASSIGNMENT_CREATED(result.value.title) }, 201);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/classes/{id}/assignments/{assignmentId}',
      summary: 'Delete an assignment',
      description: 'The pupils no longer see it. For the class’s teachers.',
      params: assignmentParamsSchema,
      answer: { status: 200, description: 'Deleted.', schema: classMessageSchema },
      refusals: { 404: 'No such class or assignment, or the user does not teach the class.', ...ARCHIVED },
    },
    async (c) => {
      const { id, assignmentId } = c.req.valid('param');
      const result = await removeAssignment(c.var.scope, c.var.user, id, assignmentId);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/assignments',
      summary: 'The pupil’s open assignments',
      description:
        'The assignments of the classes the pupil is in that are not done, soonest due first (keep-ready ones, open ' +
        'until the exam, last), each with the class, the teacher who gave it and where to do it.',
      answer: { status: 200, description: 'The open assignments.', schema: myAssignmentsSchema },
      errors: [401, 500],
    },
    async (c) => c.json({ assignments: await myAssignments(c.var.scope, c.var.user) }, 200),
  ),
  route(
    {
      method: 'get',
      path: '/users/me/classes',
      summary: 'The pupil’s classes',
      description:
        'The classes the pupil is in or waits to be let into, with their teachers (first names and initials).',
      answer: { status: 200, description: 'The classes.', schema: joinedClassesSchema },
      errors: [401, 500],
    },
    async (c) => c.json({ classes: await listMyJoinedClasses(c.var.scope, c.var.user) }, 200),
  ),
  route(
    {
      method: 'post',
      path: '/users/me/classes/join',
      summary: 'Join a class with its code',
      description:
        'The code from the teacher (case, spaces and hyphens do not matter). Within 14 days of the code the pupil ' +
        'is in at once (`status: active`); later they wait for a teacher (`status: pending`). Unknown code: 400 ' +
        'with `fieldErrors.code`; in the class or waiting already, removed, or archived: 409. At most ' +
        `${CLASS_JOIN_ATTEMPTS.points} tries per pupil in ${CLASS_JOIN_ATTEMPTS.durationSeconds / 60} minutes; ` +
        'beyond it 429 with `Retry-After`. A teacher: 403.',
      body: joinCodeSchema,
      answer: { status: 201, description: 'Joined (or waiting).', schema: joinAnswerSchema },
      refusals: {
        403: 'A teacher (or the write guard refused).',
        409: 'In the class or waiting already, removed by a teacher, or the class is archived.',
      },
      limits: CLASS_WRITE,
    },
    async (c) => {
      const result = await joinClass(c.var.scope, c.var.user, c.req.valid('json').code);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 201);
    },
  ),
  route(
    {
      method: 'put',
      path: '/users/me/classes/{id}/grade-share',
      summary: 'Share my grades with a class, or stop',
      description:
        'A pupil in the class shares their grades page (SE grades, predicted CE grades, past exams, the ' +
        'simulation) with its teachers (`share: true`), or stops (`share: false`). Off until the pupil turns it ' +
        'on; taking the pupil out of the class turns it off. The teachers then see it, read-only, in the pupil’s ' +
        'summary, and the pupil sees the same in “what my teacher sees”. Not in the class (or waiting, or one of ' +
        'its teachers): 404; archived: 409.',
      params: classIdParamsSchema,
      body: gradeShareSchema,
      answer: {
        status: 200,
        description: 'Shared, or not, from now on.',
        schema: z.object({ share: z.boolean(), message: z.string() }),
      },
      refusals: { 404: 'The pupil is not in this class.', ...ARCHIVED },
      limits: CLASS_WRITE,
    },
    async (c) => {
      const { id } = c.req.valid('param');
      const result = await setClassGradeShare(c.var.scope, c.var.user, id, c.req.valid('json').share);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/users/me/classes/{id}',
      summary: 'Leave a class',
      description: 'The pupil leaves (or stops waiting); their own study stays theirs. Archived: 409.',
      params: classIdParamsSchema,
      answer: { status: 200, description: 'Left.', schema: classMessageSchema },
      refusals: { 404: 'The pupil is not in this class.', ...ARCHIVED },
    },
    async (c) => {
      const result = await leaveClass(c.var.scope, c.var.user, c.req.valid('param').id);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
];

export const classesApi = () => apiRouter(CLASS_ROUTES);
