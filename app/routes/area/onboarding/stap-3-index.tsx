import { redirect } from 'react-router';
import type { Route } from './+types/stap-3-index';
import { areaContext, scopeContext } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { stap3Destination } from '#app/modules/accounts/index.server.ts';

/** stap-3's index (spec §2): to the leerweg when VMBO is a base level, else to the profiles (or on, when neither applies). */
export async function loader({ context }: Route.LoaderArgs) {
  const area = context.get(areaContext);
  if (!area) throw redirect(AREA_PATHS.login);
  throw redirect(await stap3Destination(context.get(scopeContext), area.user.id));
}

export default function OnboardingStap3Index() {
  return null;
}
