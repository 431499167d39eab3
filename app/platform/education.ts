import { LEVEL_ORDER } from './levels.ts';

/**
 * What a user says about their education (spec §3): their role and their levels. The accounts module stores
 * them (the users table, the profile page, the API), the onboarding asks for them; both modules' rules read
 * them here, below the modules, as they read the levels and the profiles.
 */

/** Roles (spec §3, §6): pupil by default, or teacher; no other differences are shown. */
export const EDUCATION_ROLES = ['pupil', 'teacher'] as const;
export type EducationRole = (typeof EDUCATION_ROLES)[number];

/** How the roles are shown. */
export const ROLE_LABELS: Readonly<Record<EducationRole, string>> = { pupil: 'Leerling', teacher: 'Docent' };

/** A user's levels: the levels of spec §9 plus the generic 'vmbo' of the onboarding (excluded once a vmbo sub level is chosen, spec §4). */
export const USER_LEVELS = ['vmbo', ...LEVEL_ORDER] as const;
export type UserLevel = (typeof USER_LEVELS)[number];
