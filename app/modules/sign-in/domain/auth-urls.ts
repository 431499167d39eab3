import { AREA_PATH } from '#app/platform/brand.ts';
import { MISSING_RETURN_URL_MESSAGE } from './messages.ts';

/** Paths under this prefix force an external login without a prompt (spec §2, §6). */
export const SECURE_PREFIX = `${AREA_PATH}/secure` as const;

function authUrl(authHost: string, path: string, query: string, returnUrl: string | undefined): string {
  if (returnUrl === undefined || returnUrl.trim() === '') throw new Error(MISSING_RETURN_URL_MESSAGE);
  return `${authHost.replace(/\/+$/, '')}/${path}?${query}returnUrl=${encodeURIComponent(returnUrl)}`;
}

/**
 * Logout URL on the auth host (spec §5, §7): `${authHost}/logout?returnUrl=…`
 * (trailing slashes of the host are dropped; the return url is encoded).
 * Throws Error('Please provide a return url') without a return url.
 */
export function buildLogoutUrl(authHost: string, returnUrl?: string): string {
  return authUrl(authHost, 'logout', '', returnUrl);
}

/**
 * Login URL without a prompt (spec §5, §6, §7):
 * `${authHost}/login?prompt=none&returnUrl=…`. Throws
 * Error('Please provide a return url') without a return url.
 */
export function buildNoPromptLoginUrl(authHost: string, returnUrl?: string): string {
  return authUrl(authHost, 'login', 'prompt=none&', returnUrl);
}

/**
 * Whether a pathname is behind the secure prefix (spec §2, §6): the prefix
 * itself or anything below it ('/mijnslaagbundel/secure/x'), matched per path
 * segment so '/mijnslaagbundel/securex' does not count.
 */
export function isSecurePath(pathname: string): boolean {
  return pathname === SECURE_PREFIX || pathname.startsWith(`${SECURE_PREFIX}/`);
}

/** Query parameters the auth host adds to the return address (spec §2, §6); the area layout removes them after load. */
export const AUTH_RESULT_PARAMS = { loggedIn: 'loggedIn', error: 'error' } as const;
/** The `error` value when nobody is signed in (a login without a prompt cannot ask). */
export const LOGIN_REQUIRED = 'login_required';

/**
 * The return address with the outcome of a login without a prompt: signed
 * in → `loggedIn=1`, not signed in → `error=login_required` (spec §2, §6).
 * Other query parameters and the fragment stay.
 */
export function withAuthResult(returnUrl: string, signedIn: boolean): string {
  const url = new URL(returnUrl, 'http://return.invalid');
  url.searchParams.delete(AUTH_RESULT_PARAMS.loggedIn);
  url.searchParams.delete(AUTH_RESULT_PARAMS.error);
  if (signedIn) url.searchParams.set(AUTH_RESULT_PARAMS.loggedIn, '1');
  else url.searchParams.set(AUTH_RESULT_PARAMS.error, LOGIN_REQUIRED);
  return `${url.pathname}${url.search}${url.hash}`;
}
