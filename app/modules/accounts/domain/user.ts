import { LEVEL_ORDER } from '#app/platform/levels.ts';

/** Roles (spec §3, §6): pupil by default, or teacher; no other differences are shown. */
export const EDUCATION_ROLES = ['pupil', 'teacher'] as const;
export type EducationRole = (typeof EDUCATION_ROLES)[number];

/** A user's levels: the levels of spec §9 plus the generic 'vmbo' of the onboarding (excluded once a vmbo sub level is chosen, spec §4). */
export const USER_LEVELS = ['vmbo', ...LEVEL_ORDER] as const;
export type UserLevel = (typeof USER_LEVELS)[number];

/** Exam years a pupil can choose: this school year's exams up to four years ahead. */
export function examYearRange(now: Date): { min: number; max: number } {
  // The exams of a school year are in May; from August a new school year's exams are the next ones.
  const first = now.getUTCMonth() >= 7 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return { min: first, max: first + 4 };
}
