export { accounts, twoFactors, userIdColumn, users, userSubjects } from './db/tables.ts';
export { findOnboardingDraft, finishOnboarding, saveOnboardingDraft } from './db/onboarding.server.ts';
export { readDataVersion } from './db/sessions.server.ts';
export {
  findContacts,
  findCustomers,
  type CustomerRow,
  findPeople,
  findPersonByEmail,
  namesStamp,
  touchUser,
  type PersonRow,
} from './db/users.server.ts';
export {
  addUserSubjects,
  listUserSubjectIds,
  pupilsWithSubjects,
  removeUserSubject,
} from './db/user-subjects.server.ts';
export {
  deleteAccount,
  deleteMyAccount,
  getProfilePage,
  renameMe,
  setMyNewsletterPreference,
} from './server/account.server.ts';
export {
  type Auth,
  AUTH_BASE_PATH,
  AUTH_CLIENT_HEADER,
  AUTH_LIMIT_CODES,
  AUTH_LIMITS,
  createAuth,
} from './server/auth.server.ts';
export { sessionUser, signInOfRequest, type SignIn } from './server/session.server.ts';
export { replaceMySubjects } from './server/user-subjects.server.ts';
export { getMe, setMyLevels, updateMe } from './server/users.server.ts';
