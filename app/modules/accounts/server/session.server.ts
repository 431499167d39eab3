/**
 * Who is asking, on the hot path of every signed-in request (ADR 009): the
 * session cookie the accounts library set is checked the way the library
 * checks it (its HMAC-SHA256 signature with the same secret, compared in
 * constant time), then one indexed read of its sessions table with the
 * session's user. A session
 * the library would refresh (older than its update age) is read through
 * the library itself, which extends it; so is anything unusual.
 */
import { readCookie } from '#app/platform/cookie-header.ts';
import { verifySignedCookieValue } from '#app/platform/server/signed-cookie.server.ts';
import { findSessionWithUser, findSignIn } from '#app/modules/accounts/db/sessions.server.ts';
import { SESSION_TIMES, type Auth } from '#app/modules/accounts/server/auth.server.ts';
import type { UserView } from '#app/modules/accounts/schemas/user.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { getMe, toUserView } from '#app/modules/accounts/server/users.server.ts';
import { dataVersionKey } from '#app/platform/server/caches/user-views.server.ts';

interface CookieSettings {
  name: string;
  secret: string;
}

const settingsOf = new WeakMap<Auth, Promise<CookieSettings>>();

function cookieSettings(auth: Auth): Promise<CookieSettings> {
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((ctx) => ({ name: ctx.authCookies.sessionToken.name, secret: ctx.secret }));
    settingsOf.set(auth, settings);
  }
  return settings;
}

/**
 * The signed-in user, or null: no cookie, a forged one, or a session that
 * ended or expired. One query: the session with its user.
 */
export function sessionUser(
  s: Pick<Scope, 'auth' | 'db'> & Partial<Pick<Scope, 'once'>>,
  headers: Headers,
): Promise<UserView | null> {
  // Read once per request: the root loader, the area's guard and the page's loaders all ask.
  return s.once ? s.once('accounts:session-user', () => readSessionUser(s, headers)) : readSessionUser(s, headers);
}

async function readSessionUser(
  s: Pick<Scope, 'auth' | 'db'> & Partial<Pick<Scope, 'once'>>,
  headers: Headers,
): Promise<UserView | null> {
  const auth = s.auth;
  if (!auth) return null;
  const { name, secret } = await cookieSettings(auth);
  const token = verifySignedCookieValue(readCookie(headers.get('cookie'), name), secret);
  if (!token) return null;
  const session = await findSessionWithUser(s.db, token);
  if (!session) return null;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) return null;
  if (now - session.updatedAt.getTime() < SESSION_TIMES.updateAge * 1000) {
    // The request's views of the user's data use the version read with the session (ADR 019), and the back
    // office's guard the sign-in read with it (ADR 026).
    s.once?.(dataVersionKey(session.user.id), () => Promise.resolve(session.dataVersion));
    s.once?.(SIGN_IN_KEY, () =>
      Promise.resolve({
        sessionId: session.sessionId,
        createdAt: session.createdAt,
        twoFactorAt: session.twoFactorAt,
        userId: session.user.id,
        email: session.user.email,
        name: session.user.name,
        twoFactorEnabled: session.twoFactorEnabled,
      } satisfies SignIn),
    );
    return toUserView(session.user);
  }
  // Due for the library's sliding refresh: let it read (and extend) the session.
  const refreshed = await auth.api.getSession({ headers });
  return refreshed ? getMe(s, refreshed.user.id) : null;
}

/** The request's sign-in as the back office's guard reads it (ADR 026): the session, its user and its factors. */
export interface SignIn {
  sessionId: string;
  /** When the password was given: a staff session serves the back office for STAFF_SESSION_HOURS from here. */
  createdAt: Date;
  /** When this session passed a second factor (a TOTP code); null: the password alone. */
  twoFactorAt: Date | null;
  userId: string;
  email: string;
  name: string;
  /** The user has TOTP switched on. */
  twoFactorEnabled: boolean;
}

/** The request memo's key of the sign-in the session read found (`s.once`). */
const SIGN_IN_KEY = 'accounts:sign-in';

/**
 * The request's live session with its user's factors, or null (no cookie, a forged one, ended or expired). In
 * a request, from the one session read every signed-in request makes; a session the library just refreshed,
 * or a call outside a request, reads it.
 */
export async function signInOfRequest(
  s: Pick<Scope, 'auth' | 'db'> & Partial<Pick<Scope, 'once'>>,
  headers: Headers,
): Promise<SignIn | null> {
  if (!s.once) return readSignIn(s, headers);
  if (!(await sessionUser(s, headers))) return null;
  return s.once(SIGN_IN_KEY, () => readSignIn(s, headers));
}

async function readSignIn(s: Pick<Scope, 'auth' | 'db'>, headers: Headers): Promise<SignIn | null> {
  const auth = s.auth;
  if (!auth) return null;
  const { name, secret } = await cookieSettings(auth);
  const token = verifySignedCookieValue(readCookie(headers.get('cookie'), name), secret);
  if (!token) return null;
  const row = await findSignIn(s.db, token);
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  const { expiresAt: _expiresAt, ...signIn } = row;
  return signIn;
}
