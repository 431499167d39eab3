/**
 * Parents (issue 31): the pupil's parent links (invite, list, end) and a parent's children. Behind the session
 * (server/api/index.ts: /v1/users/*); every function takes the session's user, so nobody can name another's.
 */
import type { Context } from 'hono';
import type { HttpEnv } from '#server/http-env.ts';
import { API_ERROR_CODES, apiErrorBody, refusalCode } from '#app/platform/schemas/api-error.ts';
import {
  acceptInvitationSchema,
  childrenSchema,
  parentInvitedSchema,
  parentGradeShareSchema,
  parentInviteSchema,
  parentLinkIdParamsSchema,
  parentLinksSchema,
} from '#app/modules/guardians/index.ts';
import {
  acceptParentInvitation,
  endParentLink,
  GUARDIAN_REFUSAL_STATUS,
  inviteParent,
  listMyParents,
  myChildren,
  PARENT_INVITES,
  setParentGradeShare,
  type GuardianRefusal,
} from '#app/modules/guardians/index.server.ts';
import { z } from '#app/platform/schemas/z.ts';
import { WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({
  tags: ['Ouders'],
  session: true,
  readErrors: [401, 500],
  writeErrors: [...WRITE_ERRORS, 401],
});

function refused<R extends keyof typeof GUARDIAN_REFUSAL_STATUS>(c: Context<HttpEnv>, refusal: GuardianRefusal<R>) {
  const status = GUARDIAN_REFUSAL_STATUS[refusal.reason] as (typeof GUARDIAN_REFUSAL_STATUS)[R];
  const body = apiErrorBody(
    status,
    refusalCode(status),
    refusal.message,
    refusal.field ? { [refusal.field]: [refusal.message] } : undefined,
  );
  return c.json(body, status);
}

const PARENT_ROUTES = [
  route(
    {
      method: 'get',
      path: '/users/me/parents',
      summary: 'The pupil’s parents',
      description: 'The parents or carers the pupil invited (`invited`) or who accepted (`active`), oldest first.',
      answer: { status: 200, description: 'The links.', schema: parentLinksSchema },
    },
    async (c) => c.json({ parents: await listMyParents(c.var.scope, c.var.userId) }, 200),
  ),
  route(
    {
      method: 'post',
      path: '/users/me/parents',
      summary: 'Invite a parent',
      description:
        'Mails an invitation (a link that works once) to the parent’s address; they accept with an account of their ' +
        'own. `under16`: the parent confirms their consent when accepting. The pupil’s own address: 400; invited ' +
        `already, or ${4} links open: 409. At most ${PARENT_INVITES.points} invitations per pupil an hour (429).`,
      body: parentInviteSchema,
      answer: { status: 201, description: 'Invited.', schema: parentInvitedSchema },
      refusals: { 409: 'Invited or linked already, or the pupil has 4 open links.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const result = await inviteParent(c.var.scope, c.var.user, c.req.valid('json'));
      if (!result.ok && result.reason === 'rate_limited') {
        const body = apiErrorBody(429, API_ERROR_CODES.rateLimited, result.message, { email: [result.message] });
        return c.json(body, 429, { 'Retry-After': String(result.retryAfterSeconds) });
      }
      if (!result.ok) return refused(c, result as GuardianRefusal<'own_email' | 'already_invited' | 'too_many'>);
      return c.json(result.value, 201);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/users/me/parents/{id}',
      summary: 'End a parent link',
      description: 'The pupil ends a link (or withdraws an invitation); the parent no longer sees anything.',
      params: parentLinkIdParamsSchema,
      answer: { status: 200, description: 'Ended.', schema: z.object({ message: z.string() }) },
      refusals: { 404: 'Not one of the pupil’s open links.' },
      errors: [...WRITE_ERRORS, 401, 404],
    },
    async (c) => {
      const result = await endParentLink(c.var.scope, c.var.userId, c.req.valid('param').id);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'put',
      path: '/users/me/parents/{id}/grade-share',
      summary: 'Share my grades with a parent, or stop',
      description:
        'The pupil shares their grades page (SE grades, predicted CE grades, past exams, the simulation) with the ' +
        'parent of a link (`share: true`), or stops (`share: false`). Off until the pupil turns it on; only once the ' +
        'parent accepted (an open invitation: 409), so that the pupil knows who sees it. The weekly mail never ' +
        'holds grades. Not one of the pupil’s open links: 404.',
      params: parentLinkIdParamsSchema,
      body: parentGradeShareSchema,
      answer: {
        status: 200,
        description: 'Shared, or not, from now on.',
        schema: z.object({ share: z.boolean(), message: z.string() }),
      },
      refusals: { 404: 'Not one of the pupil’s open links.', 409: 'The parent has not accepted the invitation yet.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const result = await setParentGradeShare(
        c.var.scope,
        c.var.user,
        c.req.valid('param').id,
        c.req.valid('json').share,
      );
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/children',
      summary: 'The children the user follows',
      description:
        'Per child who linked the user, per subject: `op_schema` or `loopt_achter` for the exam date with a one-line ' +
        'reason, the minutes this week and the exam date. No answers; `grades`: the child’s grades page when the ' +
        'child shares it with the user (PUT /v1/users/me/parents/{id}/grade-share), else null.',
      answer: { status: 200, description: 'The children.', schema: childrenSchema },
    },
    async (c) => c.json(await myChildren(c.var.scope, c.var.user), 200),
  ),
  route(
    {
      method: 'post',
      path: '/users/me/children',
      summary: 'Accept a child’s invitation',
      description:
        'The signed-in user accepts the invitation of the mail’s link (`token`) and follows the child from now on. ' +
        'For a child under 16 the user confirms their consent (`consent: true`; else 400 with `fieldErrors.consent`). ' +
        'An unknown, used or withdrawn invitation: 404; the child’s own: 409.',
      body: acceptInvitationSchema,
      answer: { status: 200, description: 'Accepted.', schema: z.object({ message: z.string() }) },
      refusals: { 404: 'No open invitation with this token.', 409: 'The child’s own invitation.' },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const { token, consent } = c.req.valid('json');
      const result = await acceptParentInvitation(c.var.scope, c.var.user, token, consent);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
];

export const parentsApi = () => apiRouter(PARENT_ROUTES);
