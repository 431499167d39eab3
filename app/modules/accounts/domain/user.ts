import { LEVEL_ORDER } from '#app/platform/levels.ts';

/** Roles (spec §3, §6): pupil by default, or teacher; no other differences are shown. */
export const EDUCATION_ROLES = ['pupil', 'teacher'] as const;
export type EducationRole = (typeof EDUCATION_ROLES)[number];

/** A user's levels: the levels of spec §9 plus the generic 'vmbo' of the onboarding (excluded once a vmbo sub level is chosen, spec §4). */
export const USER_LEVELS = ['vmbo', ...LEVEL_ORDER] as const;
export type UserLevel = (typeof USER_LEVELS)[number];
