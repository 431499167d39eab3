export { accounts, userIdColumn, users, userSubjects } from './db/tables.ts';
export { readDataVersion } from './db/sessions.server.ts';
export { addUserSubjects, removeUserSubject } from './db/user-subjects.server.ts';
export {
  authFormInit,
  authLimitRefusal,
  authPageHeaders,
  changeEmail,
  changePassword,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from './server/account-auth.server.ts';
export { deleteMyAccount, getProfilePage, renameMe, setMyNewsletterPreference } from './server/account.server.ts';
export { authorizeReturn, signOut } from './server/auth-host.server.ts';
export { type Auth, AUTH_CLIENT_HEADER, AUTH_LIMITS, createAuth } from './server/auth.server.ts';
export {
  completeOnboarding,
  getOnboardingDraft,
  keepOnboardingChoice,
  onboardingSubjectChoices,
  openOnboardingStep,
  saveOnboardingStep,
  stap3Destination,
} from './server/onboarding.server.ts';
export { sessionUser } from './server/session.server.ts';
export { replaceMySubjects } from './server/user-subjects.server.ts';
export { getMe, setMyLevels, updateMe } from './server/users.server.ts';
