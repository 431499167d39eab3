/**
 * The account forms of the pages (sign in, create an account, forgot and
 * reset the password, change password or e-mail) as calls to the accounts
 * library's own endpoints, through its HTTP handler: the same rate limits
 * (AUTH_LIMITS: failed sign-ins per account and address), the same cookies and the same
 * Dutch refusals as the API under /api/auth.
 */
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { authErrorBody } from '#app/modules/sign-in/schemas/auth-errors.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { AUTH_BASE_PATH, AUTH_CLIENT_HEADER, AUTH_LIMIT_CODES } from '#app/modules/accounts/index.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';

/** Who is asking: the page request's headers (its cookies) and the client address the server determined. */
export interface AuthCaller {
  headers: Headers;
  clientAddress: string | undefined;
}

/**
 * Why the accounts library refused (ADR 014), each with the HTTP status the pages and the API answer it
 * with: 'rate_limited' (`retryAfter` seconds), 'refused' (its 4xx: a wrong password, a used address, an
 * expired link, …) or 'unavailable' (no accounts library, it answered 5xx — reported as a fault — or the
 * limits' store is down, ADR 015).
 */
export const AUTH_REFUSAL_STATUS = {
  rate_limited: 429,
  refused: 400,
  unavailable: 503,
} as const satisfies Record<string, 400 | 429 | 503>;

/** A refusal of the accounts library, with its Dutch message (and the field it belongs to). */
export interface AuthRefusal {
  reason: keyof typeof AUTH_REFUSAL_STATUS;
  message: string;
  field?: string;
  retryAfter?: number;
}

/** A call of the accounts library: the cookies it set, or its refusal. */
export type AuthCallResult = Result<{ setCookies: string[] }, AuthRefusal>;

const UNAVAILABLE: AuthRefusal = { reason: 'unavailable', message: MESSAGES.GENERIC_ERROR };

const FORWARDED = ['cookie', 'user-agent', 'accept-language'];

/**
 * A refusal of the limits (429: the library's own, or ours with a Dutch message; 503: our limits'
 * store is down, ADR 015) with its message and how long to wait; null for any other answer.
 */
export function authLimitRefusal(
  response: Response,
  payload: { code?: unknown; message?: unknown } | null,
): { status: 429 | 503; message: string; retryAfter: number } | null {
  const seconds = Number(response.headers.get('x-retry-after') ?? response.headers.get('retry-after') ?? 60);
  const retryAfter = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
  const ours =
    typeof payload?.code === 'string' &&
    (AUTH_LIMIT_CODES as readonly string[]).includes(payload.code) &&
    typeof payload.message === 'string';
  if (response.status === 503 && ours) return { status: 503, message: payload.message as string, retryAfter };
  if (response.status !== 429) return null;
  return {
    status: 429,
    message: ours ? (payload.message as string) : API_MESSAGES.rateLimited(retryAfter),
    retryAfter,
  };
}

/**
 * How a page form answers a refusal, as the API under /api/auth does (server/api/auth.ts): 429 for the
 * limits; 503 while the library cannot be used — with Retry-After while the limits' store is down
 * (ADR 015); 400 for the rest (a wrong password, a used address, …).
 */
export function authFormInit(refusal: AuthRefusal): { status: 400 | 429 | 503; headers?: Record<string, string> } {
  const status = AUTH_REFUSAL_STATUS[refusal.reason];
  const retryAfter = refusal.retryAfter === undefined ? undefined : { 'Retry-After': String(refusal.retryAfter) };
  return status !== 400 && retryAfter ? { status, headers: retryAfter } : { status };
}

/**
 * The `headers` of an account page: its action's Retry-After (authFormInit) reaches the answer, which
 * React Router would otherwise leave out (it passes on only an action's cookies).
 */
export function authPageHeaders({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
}

async function callAuth(
  s: Scope,
  caller: AuthCaller,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthCallResult> {
  if (!s.auth) return refuse(UNAVAILABLE);
  const base = s.settings.publicUrl.replace(/\/+$/, '');
  const headers = new Headers({ 'content-type': 'application/json', origin: new URL(base).origin });
  for (const name of FORWARDED) {
    const value = caller.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(AUTH_CLIENT_HEADER, caller.clientAddress ?? 'unknown');
  const response = await s.auth.handler(
    new Request(`${base}${AUTH_BASE_PATH}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
  );
  const setCookies = response.headers.getSetCookie();
  if (response.ok) return ok({ setCookies });
  const payload = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  const limit = authLimitRefusal(response, payload);
  if (limit) {
    const reason = limit.status === 503 ? 'unavailable' : 'rate_limited';
    return refuse({ reason, message: limit.message, retryAfter: limit.retryAfter });
  }
  const refusal = authErrorBody(response.status, typeof payload?.code === 'string' ? payload.code : undefined);
  const field = refusal.fieldErrors ? Object.keys(refusal.fieldErrors)[0] : undefined;
  if (response.status >= 500) s.errors.capture(new Error(`accounts answered ${response.status} on ${path}`), { path });
  return refuse({
    reason: response.status >= 500 ? 'unavailable' : 'refused',
    message: refusal.message,
    ...(field ? { field } : {}),
  });
}

export function signIn(s: Scope, caller: AuthCaller, input: { email: string; password: string }) {
  return callAuth(s, caller, '/sign-in/email', { email: input.email, password: input.password, rememberMe: true });
}

/** Creates the account; the verification mail's link signs in and continues at `callbackPath`. */
export function signUp(
  s: Scope,
  caller: AuthCaller,
  input: { name: string; email: string; password: string },
  callbackPath: string,
) {
  return callAuth(s, caller, '/sign-up/email', { ...input, callbackURL: callbackPath });
}

/** Mails a reset link when the address has an account; answers the same either way. */
export function requestPasswordReset(s: Scope, caller: AuthCaller, email: string, resetPath: string) {
  return callAuth(s, caller, '/request-password-reset', { email, redirectTo: resetPath });
}

/**
 * Mails the verification link again (the library's own send path), when the address has an account that is not
 * verified; answers the same either way.
 */
export function resendVerificationMail(s: Scope, caller: AuthCaller, email: string, callbackPath: string) {
  return callAuth(s, caller, '/send-verification-email', { email, callbackURL: callbackPath });
}

/** Sets the new password from a reset link; every session of the account ends. */
export function resetPassword(s: Scope, caller: AuthCaller, input: { token: string; newPassword: string }) {
  return callAuth(s, caller, '/reset-password', input);
}

/**
 * Changes the password of the signed-in user and signs out everywhere else
 *: the other sessions end; this browser gets a fresh session cookie.
 */
export function changePassword(s: Scope, caller: AuthCaller, input: { currentPassword: string; newPassword: string }) {
  return callAuth(s, caller, '/change-password', { ...input, revokeOtherSessions: true });
}

/**
 * Starts an e-mail change after re-authentication with the current password:
 * the new address gets a link, and the change happens when it is followed.
 */
export async function changeEmail(
  s: Scope,
  caller: AuthCaller,
  input: { newEmail: string; currentPassword: string },
  callbackPath: string,
): Promise<AuthCallResult> {
  // The library's change-email checks the password (auth.server.ts hooks), as it does over the API.
  return callAuth(s, caller, '/change-email', {
    newEmail: input.newEmail,
    currentPassword: input.currentPassword,
    callbackURL: callbackPath,
  });
}
