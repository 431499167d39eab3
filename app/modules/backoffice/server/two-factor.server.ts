/**
 * The back office's two-factor steps (ADR 026) as calls to the accounts library's own endpoints, through its
 * HTTP handler as the sign-in pages call it (its limits, its cookies): switching TOTP on (the password, then a
 * first code) and the code of a sign-in. A verified code makes the session the guard accepts (two_factor_at).
 */
import { AUTH_BASE_PATH, AUTH_CLIENT_HEADER } from '#app/modules/accounts/index.server.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { BACKOFFICE_MESSAGES } from '../domain/messages.ts';

/** Who is asking: the page request's headers (its cookies) and the client address the server determined. */
export interface PageCaller {
  headers: Headers;
  clientAddress: string | undefined;
}

export interface TwoFactorRefusal {
  reason: 'refused' | 'unavailable';
  message: string;
}

const UNAVAILABLE: TwoFactorRefusal = {
  reason: 'unavailable',
  message: 'Dit lukt nu even niet. Probeer het over een paar minuten opnieuw.',
};

async function callAccounts(
  s: Scope,
  caller: PageCaller,
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; setCookies: string[]; body: Record<string, unknown> | null } | null> {
  if (!s.auth) return null;
  const base = s.settings.publicUrl.replace(/\/+$/, '');
  const headers = new Headers({ 'content-type': 'application/json', origin: new URL(base).origin });
  for (const name of ['cookie', 'user-agent', 'accept-language']) {
    const value = caller.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(AUTH_CLIENT_HEADER, caller.clientAddress ?? 'unknown');
  const response = await s.auth.handler(
    new Request(`${base}${AUTH_BASE_PATH}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
  );
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status >= 500) s.errors.capture(new Error(`accounts answered ${response.status} on ${path}`), { path });
  return { status: response.status, setCookies: response.headers.getSetCookie(), body: answer };
}

/** "Tweestapsverificatie instellen", step 1: the password → the otpauth URI to add to an authenticator app. */
export async function startTotpSetup(
  s: Scope,
  caller: PageCaller,
  password: string,
): Promise<Result<{ totpUri: string; setCookies: string[] }, TwoFactorRefusal>> {
  const answer = await callAccounts(s, caller, '/two-factor/enable', { password });
  if (!answer || answer.status >= 500) return refuse(UNAVAILABLE);
  const uri = answer.body?.totpURI;
  if (answer.status !== 200 || typeof uri !== 'string') {
    return refuse({ reason: 'refused', message: 'Dit wachtwoord klopt niet.' });
  }
  return ok({ totpUri: uri, setCookies: answer.setCookies });
}

/**
 * A TOTP code: the set-up's first code (switches TOTP on), or the second step of a sign-in (with the
 * short-lived cookie of the first). Answers the cookies of the session it made.
 */
export async function verifyTotpCode(
  s: Scope,
  caller: PageCaller,
  code: string,
): Promise<Result<{ setCookies: string[] }, TwoFactorRefusal>> {
  const answer = await callAccounts(s, caller, '/two-factor/verify-totp', { code });
  if (!answer || answer.status >= 500) return refuse(UNAVAILABLE);
  if (answer.status === 429) {
    return refuse({ reason: 'refused', message: 'Te veel pogingen. Wacht even en probeer het opnieuw.' });
  }
  if (answer.status !== 200) return refuse({ reason: 'refused', message: BACKOFFICE_MESSAGES.CODE_WRONG });
  return ok({ setCookies: answer.setCookies });
}

/** The first step of a sign-in asked for a code: the accounts library set its short-lived two-factor cookie. */
export const asksForCode = (setCookies: readonly string[]) =>
  setCookies.some((cookie) => /^[\w.-]*two_factor=[^;]/.test(cookie));
