export { ACCOUNT_DELETED_PARAM, ACCOUNT_DELETED_PATH } from './domain/account.ts';
export {
  ACCOUNT_DELETED_MESSAGE,
  ACCOUNT_MESSAGES,
  AUTH_FORM_MESSAGES,
  ONBOARDING_MESSAGES,
  USER_MESSAGES,
} from './domain/messages.ts';
export { afterLoginPath, AREA_PATHS, areaGuard, isOnboardingPath, isSignedInAreaPath } from './domain/area-guard.ts';
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
export { firstName, mailGreeting } from './domain/mails.ts';
export {
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
  profileStepSchema,
  roleStepSchema,
  isDraftSave,
  subjectsStepSchema,
  subLevelStepSchema,
} from './schemas/onboarding.ts';
export { userEnvelopeSchema, userLevelsSchema, userSchema, userUpdateSchema, type UserView } from './schemas/user.ts';
