import { redirect } from 'react-router';
import { onboardingStepPath } from '#app/modules/onboarding/index.ts';

/** The onboarding's own address starts at its first step (spec §2; the guard already sends an unfinished onboarding there). */
export function loader() {
  throw redirect(onboardingStepPath('stap-1'));
}

export default function OnboardingIndex() {
  return null;
}
