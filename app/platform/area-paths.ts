import { AREA_LOGIN_PATH, AREA_PATH } from './brand.ts';

/**
 * Routes of the logged-in area that the guard, the pages and the server share (spec §2). Below every module:
 * the accounts module's area guard re-exports them, and the server's choice of the study pages it may keep
 * (app/platform/server/caches/user-views.server.ts) reads them.
 */
export const AREA_PATHS = {
  home: AREA_PATH,
  login: AREA_LOGIN_PATH,
  register: `${AREA_LOGIN_PATH}/registreren`,
  forgotPassword: `${AREA_LOGIN_PATH}/wachtwoord-vergeten`,
  resetPassword: `${AREA_LOGIN_PATH}/nieuw-wachtwoord`,
  onboarding: `${AREA_PATH}/onboarding`,
  onboardingStart: `${AREA_PATH}/onboarding/stap-1`,
  account: `${AREA_PATH}/account`,
  subjectsAndBooks: `${AREA_PATH}/account/mijn-vakken-boeken`,
  profile: `${AREA_PATH}/account/profile`,
  orders: `${AREA_PATH}/account/bestellingen`,
  /** Classes (issue 31): a teacher's classes and their dashboards, a pupil's classes and the join form. */
  classes: `${AREA_PATH}/klassen`,
  /** A parent's children (issue 31), and a pupil's parents. */
  children: `${AREA_PATH}/kinderen`,
  parents: `${AREA_PATH}/ouders`,
} as const;
