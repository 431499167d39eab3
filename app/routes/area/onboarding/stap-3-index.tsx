import { redirect } from 'react-router';
import type { Route } from './+types/stap-3-index';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { stap3Destination } from '#app/modules/onboarding/index.server.ts';

/** stap-3's index (spec §2): to the leerweg when VMBO is a base level, else to the profiles (or on, when neither applies). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  throw redirect(await stap3Destination(context.get(scopeContext), user.id));
}

export default function OnboardingStap3Index() {
  return null;
}
