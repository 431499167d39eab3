export { ONBOARDING_MESSAGES } from './domain/messages.ts';
export {
  BASE_LEVEL_LABELS,
  BASE_LEVELS,
  draftRole,
  onboardingStepPath,
  PROFILE_LABELS,
  SUB_LEVEL_LABELS,
  SUB_LEVELS,
} from './domain/onboarding.ts';
export {
  baseLevelStepSchema,
  examYearStepSchema,
  isDraftSave,
  profileStepSchema,
  roleDraftSchema,
  roleStepSchema,
  subjectsStepSchema,
  subLevelStepSchema,
} from './schemas/onboarding.ts';
