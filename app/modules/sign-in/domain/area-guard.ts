import { AUTH_RESULT_PARAMS } from './auth-urls.ts';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { AREA_LOGIN_PATH, AREA_PATH } from '#app/platform/brand.ts';

/** The area's routes (spec §2) live in app/platform, below the server's caches; the pages read them here. */
export { AREA_PATHS };

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The login route and the pages beside it (create an account, forgot or reset the password): open to visitors. */
export function isLoginPath(path: string): boolean {
  return under(trimmed(path), AREA_LOGIN_PATH);
}

/** A page of the area behind its guard: under /mijnslaagbundel, not the login pages. */
export function isSignedInAreaPath(path: string): boolean {
  const p = trimmed(path);
  return under(p, AREA_PATH) && !isLoginPath(p);
}

/** An onboarding route (spec §2: '' and stap-1 … stap-4). */
export function isOnboardingPath(path: string): boolean {
  return under(trimmed(path), AREA_PATHS.onboarding);
}

/** A step of the onboarding (stap-1, stap-1b, stap-2, stap-3/…, stap-4), not its index. */
export function isOnboardingStep(path: string): boolean {
  return /^\/stap-[^/]+/.test(trimmed(path).slice(AREA_PATHS.onboarding.length)) && isOnboardingPath(path);
}

export type AreaVisitor =
  | { kind: 'anonymous' }
  /** Signed in, but the user (or their subjects) could not be loaded (spec §2 rule 6, §8 'Could not fetch user'). */
  | { kind: 'failed' }
  | { kind: 'user'; onboardingCompleted: boolean };

/**
 * The address a visitor left, for the login page's `from` (spec §2 rule 6):
 * path and query, without the auth host's result parameters.
 */
export function originalPath(path: string, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete(AUTH_RESULT_PARAMS.loggedIn);
  params.delete(AUTH_RESULT_PARAMS.error);
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

/** The login route with `from` (not added when already on login, spec §2 rule 6). */
export function loginRedirect(path: string, search = ''): string {
  if (isLoginPath(path)) return AREA_LOGIN_PATH;
  return `${AREA_LOGIN_PATH}?from=${encodeURIComponent(originalPath(path, search))}`;
}

/**
 * The route guard of the logged-in area (spec §2), in its order. Answers the
 * address to redirect to, or null to show the route.
 *
 * 1. A visitor not signed in, or the login route, first: visitors may see the
 *    login pages and go there (with `from`) from any other area route; a
 *    signed-in user on a login page goes to the area home (rule 5).
 * 2. (The caller has loaded the user and the user's subjects.)
 * 6. Loading them failed: to login with `from`.
 * 3. Onboarding not completed: every route but the onboarding's steps goes to
 *    stap-1. (Read literally, rule 3 would send stap-1b … stap-4 back to
 *    stap-1 as well and the onboarding could never be finished; each later
 *    step sends a draft without the earlier answers back to stap-1 itself.)
 * 4. An onboarding route with onboarding completed: to the profile page.
 */
export function areaGuard(path: string, search: string, visitor: AreaVisitor): string | null {
  const login = isLoginPath(path);
  if (visitor.kind === 'anonymous') return login ? null : loginRedirect(path, search);
  // A user who could not be loaded may still see the login pages (never a loop between the two).
  if (login) return visitor.kind === 'user' ? AREA_PATHS.home : null;
  if (visitor.kind === 'failed') return loginRedirect(path, search);
  if (!visitor.onboardingCompleted && !isOnboardingStep(path)) return AREA_PATHS.onboardingStart;
  if (visitor.onboardingCompleted && isOnboardingPath(path)) return AREA_PATHS.profile;
  return null;
}

/**
 * Where to go after signing in: the `from` of the login route when it is an
 * address on this site (a path, never '//host' or a scheme), else the area home.
 */
export function afterLoginPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return AREA_PATHS.home;
  if (isLoginPath(from.split(/[?#]/, 1)[0]!)) return AREA_PATHS.home;
  return from;
}
