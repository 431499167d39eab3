/**
 * The auth host of the spec (§6, §7), served by this server under
 * /api/auth: whether someone is signed in, told to the page they return to,
 * and signing out on the way back to a page.
 */
import { withAuthResult } from '#app/modules/sign-in/domain/auth-urls.ts';
import type { Auth } from '#app/modules/accounts/index.server.ts';

/** `POST /auth/authorize?returnUrl=…` and the login without a prompt: where to send the browser back to. */
export async function authorizeReturn(auth: Auth, headers: Headers, returnUrl: string): Promise<string> {
  const session = await auth.api.getSession({ headers });
  return withAuthResult(returnUrl, session !== null);
}

/** Ends this browser's session; answers the cookie headers that clear it (none when nobody was signed in). */
export async function signOut(auth: Auth, headers: Headers): Promise<Headers> {
  const session = await auth.api.getSession({ headers });
  if (!session) return new Headers();
  const response = await auth.api.signOut({ headers, asResponse: true });
  const cleared = new Headers();
  for (const cookie of response.headers.getSetCookie()) cleared.append('set-cookie', cookie);
  return cleared;
}
