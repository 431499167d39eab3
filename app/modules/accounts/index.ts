export { ACCOUNT_DELETED_MESSAGE, ACCOUNT_DELETED_PARAM } from './domain/account.ts';
export { afterLoginPath, AREA_PATHS, areaGuard, isOnboardingPath } from './domain/area-guard.ts';
export { AUTH_RESULT_PARAMS, buildLogoutUrl, buildNoPromptLoginUrl, SECURE_PREFIX } from './domain/auth-urls.ts';
export {
  BASE_LEVEL_LABELS,
  BASE_LEVELS,
  DEFAULT_ROLE,
  draftRole,
  onboardingStepPath,
  PROFILE_LABELS,
  ROLE_LABELS,
  SUB_LEVEL_LABELS,
  SUB_LEVELS,
} from './domain/onboarding.ts';
export { EDUCATION_ROLES, type EducationRole, type UserLevel } from './domain/user.ts';
export {
  ACCOUNT_DELETED_PATH,
  ACCOUNT_MESSAGES,
  deleteAccountSchema,
  examYearFormSchema,
  levelsFormSchema,
  nameFormSchema,
  newsletterPreferenceSchema,
  PROFILE_INTENTS,
  profileFormSchema,
  type ProfileIntent,
  removeSubjectSchema,
  roleFormSchema,
  SUBJECTS_INTENTS,
  type SubjectsIntent,
} from './schemas/account.ts';
export { AUTH_ERROR_MESSAGES, authErrorBody } from './schemas/auth-errors.ts';
export {
  AUTH_FORM_MESSAGES,
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './schemas/auth-forms.ts';
export { authorizeResultSchema, authReturnQuerySchema, noPromptLoginQuerySchema } from './schemas/auth-return.ts';
export {
  baseLevelStepSchema,
  examYearStepSchema,
  ONBOARDING_MESSAGES,
  profileStepSchema,
  roleStepSchema,
  subjectsStepSchema,
  subLevelStepSchema,
} from './schemas/onboarding.ts';
export { userEnvelopeSchema, userLevelsSchema, userSchema, userUpdateSchema, type UserView } from './schemas/user.ts';
export { AccountNav } from './ui/account-nav.tsx';
export { ForgotPasswordForm, ResetPasswordForm, SignUpForm } from './ui/auth/account-forms.tsx';
export { AccountModalHost } from './ui/auth/account-modal-host.tsx';
export { AuthPage } from './ui/auth/auth-page.tsx';
export { type AuthFormResult, SignInForm } from './ui/auth/sign-in-form.tsx';
export { levelsText, LICENSE_CODE_HINT } from './ui/labels.ts';
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
export {
  DeleteAccountForm,
  EmailForm,
  ExamYearForm,
  LevelsForm,
  NameForm,
  NewsletterForm,
  PasswordForm,
  ProfileForm,
  RoleForm,
} from './ui/profile-forms.tsx';
