export { type ChoiceGroup, ChoiceStep, type ChoiceStepResult } from './ui/choice-step.tsx';
export { OnboardingFrame } from './ui/onboarding-frame.tsx';
export {
  BASE_LEVEL_DESCRIPTIONS,
  examYearHint,
  PROFILE_DESCRIPTIONS,
  ROLE_DESCRIPTIONS,
  STEP_TEXTS,
  stepMeta,
  SUB_LEVEL_DESCRIPTIONS,
  SUBJECT_BADGES,
  SUBMIT_LABELS,
} from './ui/texts.ts';
