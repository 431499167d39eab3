export { ACCOUNT_DELETED_PARAM, ACCOUNT_DELETED_PATH } from './domain/account.ts';
export { ACCOUNT_DELETED_MESSAGE, ACCOUNT_MESSAGES, AUTH_FORM_MESSAGES, USER_MESSAGES } from './domain/messages.ts';
/** The area's routes (spec §2) live in app/platform, below the server's caches; the pages read them here. */
export { AREA_PATHS } from '#app/platform/area-paths.ts';
export { mailGreeting } from './domain/mails.ts';
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
export {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './schemas/auth-forms.ts';
export { userEnvelopeSchema, userLevelsSchema, userSchema, userUpdateSchema, type UserView } from './schemas/user.ts';
