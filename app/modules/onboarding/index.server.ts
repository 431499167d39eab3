export {
  completeOnboarding,
  getOnboardingDraft,
  keepOnboardingChoice,
  onboardingSubjectChoices,
  openOnboardingStep,
  saveOnboardingStep,
  stap3Destination,
} from './server/onboarding.server.ts';
