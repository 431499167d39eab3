import { Outlet, useRouteLoaderData } from 'react-router';
import { OnboardingFrame } from '#app/modules/onboarding/ui.ts';
import { AREA_ROUTE_ID, type AreaLayoutData } from '#app/modules/study/index.ts';

/**
 * The onboarding (spec §2 /mijnslaagbundel/onboarding): its steps in a page
 * of their own, without header and footer. The area layout's guard lets a
 * user with an unfinished onboarding in here only.
 */
export default function OnboardingLayout() {
  const area = useRouteLoaderData<AreaLayoutData>(AREA_ROUTE_ID);
  return (
    <OnboardingFrame logoutUrl={area?.logoutUrl ?? null}>
      <Outlet />
    </OnboardingFrame>
  );
}
