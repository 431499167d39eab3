import { userEnvelopeSchema, userLevelsSchema, userSchema, userUpdateSchema } from '#app/modules/accounts/index.ts';
import { deleteMyAccount, setMyLevels, updateMe } from '#app/modules/accounts/index.server.ts';
import { API_ERROR_CODES, API_MESSAGES, apiErrorBody } from '#app/platform/schemas/api-error.ts';
import { WRITE_ERRORS } from '../errors.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({
  tags: ['Accounts'],
  session: true,
  readErrors: [401, 500],
  writeErrors: [...WRITE_ERRORS, 401],
});

// The session outlived its user (deleted meanwhile): as good as signed out.
const signedOut = apiErrorBody(401, API_ERROR_CODES.unauthorized, API_MESSAGES.UNAUTHORIZED);

/** The signed-in user's own data; mounted behind `authenticated` (server/api/index.ts). */
const USER_ROUTES = [
  route(
    {
      method: 'get',
      path: '/users/me',
      summary: 'The signed-in user',
      description: 'Spec §7: answers `{ user }`. Without a session: 401.',
      answer: { status: 200, description: 'The user.', schema: userEnvelopeSchema },
    },
    // Read with the session by `authenticated`, in the same query.
    (c) => c.json({ user: c.var.user }, 200),
  ),
  route(
    {
      method: 'patch',
      path: '/users/me',
      summary: 'Change role, onboarding state, profile or exam year',
      description: 'Spec §7: educationRole, onboardingCompleted, profile, examYear (any of them). Answers the user.',
      body: userUpdateSchema,
      answer: { status: 200, description: 'The changed user.', schema: userSchema },
    },
    async (c) => {
      const user = await updateMe(c.var.scope, c.var.userId, c.req.valid('json'));
      return user ? c.json(user, 200) : c.json(signedOut, 401);
    },
  ),
  route(
    {
      method: 'patch',
      path: '/users/me/levels',
      summary: 'Set the user’s levels',
      description: 'Spec §7: the list of levels (base level plus sub levels). Answers the user.',
      body: userLevelsSchema,
      answer: { status: 200, description: 'The changed user.', schema: userSchema },
    },
    async (c) => {
      const user = await setMyLevels(c.var.scope, c.var.userId, c.req.valid('json').levels);
      return user ? c.json(user, 200) : c.json(signedOut, 401);
    },
  ),
  route(
    {
      method: 'delete',
      path: '/users/me',
      summary: 'Delete the account',
      description:
        'Spec §7: deletes the signed-in user with their sessions, sign-in details, subjects and newsletter ' +
        'subscription, and clears the session cookies. Answers 204.',
      answer: { status: 204, description: 'Deleted.' },
    },
    async (c) => {
      // The same deletion as the profile page's: the user, their newsletter subscription, the session's cookies.
      const cleared = await deleteMyAccount(c.var.scope, c.var.user, c.req.raw.headers);
      if (!cleared) return c.json(signedOut, 401);
      for (const cookie of cleared) c.header('Set-Cookie', cookie, { append: true });
      return c.body(null, 204);
    },
  ),
];

export const usersApi = () => apiRouter(USER_ROUTES);
