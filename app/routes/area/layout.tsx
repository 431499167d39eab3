import { useEffect } from 'react';
import { Outlet, redirect, useLocation, type MiddlewareFunction } from 'react-router';
import type { Route } from './+types/layout';
import { areaContext, scopeContext } from '#app/context.ts';
import { areaGuard, AUTH_RESULT_PARAMS, buildLogoutUrl, isSignedInAreaPath } from '#app/modules/sign-in/index.ts';
import { pageUrl } from '#app/platform/page-url.ts';
import { keepDataOnClick } from '#app/platform/revalidation.ts';
import { showsHelperWidget } from '#app/ui/layout/helper-widget-rule.ts';
import { HelperWidget } from '#app/ui/layout/helper-widget.tsx';
import { themeClass, themeForLevels } from '#app/platform/levels.ts';
import { keepsAreaData, opensCardModal } from '#app/platform/study-paths.ts';
import { type AreaLayoutData, type AreaUser } from '#app/modules/study/index.ts';
import { mySubjects } from '#app/modules/checks/index.server.ts';
import { visitArea } from '#app/modules/study/index.server.ts';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * The spec's 'authenticated' middleware (§2): the route guard of every
 * /mijnslaagbundel route, before any of their loaders or actions run. It
 * redirects by the rules of app/modules/sign-in/domain/area-guard.ts and gives the area's
 * loaders the signed-in user (`context.get(areaContext)`). Every answer of
 * the area is personal: never stored by a cache.
 */
const authenticated: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = pageUrl(request.url);
  const visit = await visitArea(context.get(scopeContext), request.headers);
  const target = areaGuard(
    url.pathname,
    url.search,
    visit.kind === 'user' ? { kind: 'user', onboardingCompleted: visit.area.user.onboardingCompleted } : visit,
  );
  if (target) throw redirect(target, { headers: PERSONAL });
  context.set(areaContext, visit.kind === 'user' ? visit.area : null);
  const response = await next();
  response.headers.set('Cache-Control', PERSONAL['Cache-Control']);
  return response;
};

export const middleware = [authenticated];

export async function loader({ request, context }: Route.LoaderArgs): Promise<AreaLayoutData> {
  const scope = context.get(scopeContext);
  // After a form post without JavaScript the loaders run in the same request as the action: read the user
  // again, so that the header and the theme show what the action changed.
  const posted = request.method !== 'GET' && request.method !== 'HEAD';
  const visit = posted ? await visitArea(scope, request.headers, { fresh: true }) : null;
  const visitor = visit ? (visit.kind === 'user' ? visit.area : null) : context.get(areaContext);
  // The user is signed in (the guard read the session): a failure to read their subjects is the server's
  // error page, not the login page (which would send a signed-in user straight back here).
  const area: AreaUser | null = visitor
    ? { ...visitor, subjects: await mySubjects(scope, visitor.user.id, { fresh: posted }) }
    : null;
  const { settings } = scope;
  return {
    area,
    theme: themeClass(themeForLevels(area?.user.levels.map((name) => ({ name })))),
    logoutUrl: buildLogoutUrl(settings.authHost ?? `${settings.publicUrl}/api/auth`, '/'),
  };
}

/**
 * The user and their subjects (with each subject's grade) are read again only on the way to a page that shows the
 * grades, the area home and the account pages, or the onboarding (`keepsAreaData`); a card or the review session
 * opened over a page keeps them too (the page under it stays; closing it reads them again). A form always reads
 * them again.
 */
export const shouldRevalidate = keepDataOnClick(
  (current, next) => keepsAreaData(current, next, isSignedInAreaPath) || opensCardModal(current, next),
);

/**
 * The area layout (spec §2): the shell hides header and footer on the
 * onboarding; after load the auth host's `error` and `loggedIn` parameters
 * leave the address bar.
 */
export default function AreaLayout() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    // The address bar only: the page has been loaded with them already, so nothing needs loading again.
    const url = new URL(window.location.href);
    if (!url.searchParams.has(AUTH_RESULT_PARAMS.error) && !url.searchParams.has(AUTH_RESULT_PARAMS.loggedIn)) return;
    url.searchParams.delete(AUTH_RESULT_PARAMS.error);
    url.searchParams.delete(AUTH_RESULT_PARAMS.loggedIn);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [search]);
  return (
    <>
      <Outlet />
      {showsHelperWidget(pathname) ? <HelperWidget /> : null}
    </>
  );
}
