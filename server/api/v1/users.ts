import { createRoute, type z } from '@hono/zod-openapi';
import { userEnvelopeSchema, userLevelsSchema, userSchema, userUpdateSchema } from '#app/modules/accounts/index.ts';
import { deleteMyAccount, setMyLevels, updateMe } from '#app/modules/accounts/index.server.ts';
import { API_ERROR_CODES, API_MESSAGES, apiErrorBody } from '#app/platform/schemas/api-error.ts';
import { errorResponses, WRITE_ERRORS } from '../errors.ts';
import { createApiRouter } from '../router.ts';

const USER_READ_ERRORS = [401, 500] as const;
const USER_WRITE_ERRORS = [...WRITE_ERRORS, 401] as const;
const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });
const session = [{ session: [] }];

export const getMeRoute = createRoute({
  method: 'get',
  path: '/users/me',
  tags: ['Accounts'],
  security: session,
  summary: 'The signed-in user',
  description: 'Spec §7: answers `{ user }`. Without a session: 401.',
  responses: {
    200: { description: 'The user.', content: json(userEnvelopeSchema) },
    ...errorResponses(...USER_READ_ERRORS),
  },
});

export const updateMeRoute = createRoute({
  method: 'patch',
  path: '/users/me',
  tags: ['Accounts'],
  security: session,
  summary: 'Change role, onboarding state, profile or exam year',
  description: 'Spec §7: educationRole, onboardingCompleted, profile, examYear (any of them). Answers the user.',
  request: { body: { required: true, content: json(userUpdateSchema) } },
  responses: {
    200: { description: 'The changed user.', content: json(userSchema) },
    ...errorResponses(...USER_WRITE_ERRORS),
  },
});

export const setLevelsRoute = createRoute({
  method: 'patch',
  path: '/users/me/levels',
  tags: ['Accounts'],
  security: session,
  summary: 'Set the user’s levels',
  description: 'Spec §7: the list of levels (base level plus sub levels). Answers the user.',
  request: { body: { required: true, content: json(userLevelsSchema) } },
  responses: {
    200: { description: 'The changed user.', content: json(userSchema) },
    ...errorResponses(...USER_WRITE_ERRORS),
  },
});

export const deleteMeRoute = createRoute({
  method: 'delete',
  path: '/users/me',
  tags: ['Accounts'],
  security: session,
  summary: 'Delete the account',
  description:
    'Spec §7: deletes the signed-in user with their sessions, sign-in details, subjects and newsletter subscription, ' +
    'and clears the session cookies. Answers 204.',
  responses: { 204: { description: 'Deleted.' }, ...errorResponses(...USER_WRITE_ERRORS) },
});

/** The signed-in user's own data; mounted behind `authenticated` (server/api/index.ts). */
export function usersApi() {
  // The session outlived its user (deleted meanwhile): as good as signed out.
  const signedOut = apiErrorBody(401, API_ERROR_CODES.unauthorized, API_MESSAGES.UNAUTHORIZED);
  return (
    createApiRouter()
      // Read with the session by `authenticated`, in the same query.
      .openapi(getMeRoute, (c) => c.json({ user: c.var.user }, 200))
      .openapi(updateMeRoute, async (c) => {
        const user = await updateMe(c.var.scope, c.var.userId, c.req.valid('json'));
        return user ? c.json(user, 200) : c.json(signedOut, 401);
      })
      .openapi(setLevelsRoute, async (c) => {
        const user = await setMyLevels(c.var.scope, c.var.userId, c.req.valid('json').levels);
        return user ? c.json(user, 200) : c.json(signedOut, 401);
      })
      .openapi(deleteMeRoute, async (c) => {
        // The same deletion as the profile page's: the user, their newsletter subscription, the session's cookies.
        const cleared = await deleteMyAccount(c.var.scope, c.var.user, c.req.raw.headers);
        if (!cleared) return c.json(signedOut, 401);
        for (const cookie of cleared) c.header('Set-Cookie', cookie, { append: true });
        return c.body(null, 204);
      })
  );
}
