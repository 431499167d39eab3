export { AccountNav } from './ui/account-nav.tsx';
export { ForgotPasswordForm, ResetPasswordForm, SignUpForm } from './ui/auth/account-forms.tsx';
export { AccountModalHost } from './ui/auth/account-modal-host.tsx';
export { AuthPage } from './ui/auth/auth-page.tsx';
export { type AuthFormResult, SignInForm } from './ui/auth/sign-in-form.tsx';
export { levelsText, LICENSE_CODE_HINT, PROFILE_NAMES } from './ui/labels.ts';
export { type ChoiceGroup, ChoiceStep, type ChoiceStepResult } from './ui/onboarding/choice-step.tsx';
export { OnboardingFrame } from './ui/onboarding/onboarding-frame.tsx';
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
} from './ui/onboarding/texts.ts';
export { type AccountFormResult, answerFor, FormStatus, linkClass, Section, useSending } from './ui/parts.tsx';
export { ExamYearForm, LevelsForm, NewsletterForm, ProfileForm, RoleForm } from './ui/profile/choice-forms.tsx';
export { DeleteAccountForm } from './ui/profile/delete-account-form.tsx';
export { EmailForm, NameForm, PasswordForm } from './ui/profile/details-forms.tsx';
