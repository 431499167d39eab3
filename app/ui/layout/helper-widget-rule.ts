import { isOnboardingPath } from '#app/modules/sign-in/index.ts';
import { isSubjectView } from '#app/platform/study-paths.ts';

/**
 * Where the helper widget shows (spec §2: hidden on small screens, on the
 * subject view and during onboarding). Small screens are the stylesheet's
 * part (below the md breakpoint); this is the path's.
 */
export function showsHelperWidget(pathname: string): boolean {
  return !isSubjectView(pathname) && !isOnboardingPath(pathname);
}
