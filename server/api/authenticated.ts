import type { Context, MiddlewareHandler } from 'hono';
import { API_ERROR_CODES, API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { type Auth, sessionUser } from '#app/modules/accounts/index.server.ts';
import type { HttpEnv } from '#server/http-env.ts';
import { apiError } from './errors.ts';

/**
 * The spec's 'authenticated' middleware for the API (§2, §6): a route behind
 * it runs only with a valid session, and reads the signed-in user as
 * `c.var.userId`; anyone else gets 401 in the one error shape (the browser
 * then clears the user and goes to the login page, spec §8). Sessions are
 * personal: the answer is never stored by a cache.
 */
export function authenticated(auth: Auth | undefined): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    // Without accounts (an API built without them, in unit tests) nobody is signed in.
    const user = auth
      ? await sessionUser({ auth, db: c.var.scope.db, once: c.var.scope.once }, c.req.raw.headers)
      : null;
    if (!user) return apiError(c, 401, API_ERROR_CODES.unauthorized, API_MESSAGES.UNAUTHORIZED);
    c.set('userId', user.id);
    c.set('user', user);
    await next();
    markPrivate(c);
  };
}

/**
 * Marks the answer a handler made `private, no-store`, on the answer as it was made: `c.header` after the handler
 * would make it again around a stream, and every answer would go through that stream to be compressed and sent
 * (issue 36: with the compression's own reading, 29 % of the floor's CPU). An answer whose headers are fixed (one
 * passed on from `fetch`) is made again by `c.header`. authenticated.test.ts proves all three.
 */
export function markPrivate(c: Context): void {
  try {
    c.res.headers.set('Cache-Control', 'private, no-store');
  } catch {
    c.header('Cache-Control', 'private, no-store');
  }
}
