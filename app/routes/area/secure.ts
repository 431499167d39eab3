import { redirect } from 'react-router';
import type { Route } from './+types/secure';
import { scopeContext } from '#app/context.ts';
import { buildNoPromptLoginUrl, SECURE_PREFIX } from '#app/modules/sign-in/index.ts';
import { AREA_PATH } from '#app/platform/brand.ts';

/**
 * `/mijnslaagbundel/secure…` (spec §2, §6): forces a login without a prompt
 * on the auth host, which sends the browser back to the same page without
 * the prefix, with `loggedIn=1` when signed in or `error=login_required`
 * when not (the area layout then removes both from the address).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rest = url.pathname.slice(SECURE_PREFIX.length).replace(/^\/+/, '');
  const target = `${AREA_PATH}${rest ? `/${rest}` : ''}${url.search}`;
  const { settings } = context.get(scopeContext);
  throw redirect(buildNoPromptLoginUrl(settings.authHost ?? `${settings.publicUrl}/api/auth`, target), {
    headers: { 'Cache-Control': 'private, no-store' },
  });
}
