import type { Level } from '#app/platform/levels.ts';
import type { Profile } from '#app/modules/accounts/index.ts';

/**
 * Which subjects a pupil must take (spec §3 Onboarding draft: "Subjects can be
 * marked required"; issue 7). Dutch school reality, simplified: Nederlands and
 * Engels at every level; on havo and vwo the profile adds its own subjects.
 * Vmbo pupils and teachers have no profile: NO_PROFILE.
 */

/** The path value for "no profile" (GET /v1/subjects/{level}/geen): vmbo levels and teachers. */
export const NO_PROFILE = 'geen';
export type ProfileOrNone = Profile | typeof NO_PROFILE;

/** Required at every level, with or without a profile. */
export const CORE_SUBJECT_SLUGS = ['nederlands', 'engels'] as const;

/** What each havo/vwo profile adds to the core subjects. */
export const PROFILE_SUBJECT_SLUGS: Readonly<Record<Profile, readonly string[]>> = {
  NT: ['wiskunde-b', 'natuurkunde', 'scheikunde'],
  NG: ['biologie', 'scheikunde'],
  EM: ['economie', 'wiskunde-a', 'geschiedenis'],
  CM: ['geschiedenis'],
};

/** Levels that have profiles: havo and vwo. */
export function isProfileLevel(level: Level): boolean {
  return level === 'havo' || level === 'vwo';
}

/**
 * The school-subject slugs required at `level` for `profile`: the core
 * subjects, plus the profile's on havo/vwo. A profile on a vmbo level adds
 * nothing (callers refuse that combination; this rule stays total).
 */
export function requiredSubjectSlugs(level: Level, profile: ProfileOrNone): string[] {
  const extra = profile !== NO_PROFILE && isProfileLevel(level) ? PROFILE_SUBJECT_SLUGS[profile] : [];
  return [...CORE_SUBJECT_SLUGS, ...extra];
}

/** A license code is short; anything longer is not one of ours. */
export const MAX_LICENSE_CODE_LENGTH = 40;

/**
 * The query parameter that brings a code to "Mijn vakken en boeken" (an
 * article's license block): the page shows it in the field, ready to activate.
 */
export const LICENSE_CODE_PARAM = 'code';

/**
 * A code from the address as the page's field shows it: trimmed and cut to a
 * code's length. It is only a suggestion; activating checks it like any code.
 */
export function licenseCodeFromQuery(value: string | null): string {
  return (value ?? '').trim().slice(0, MAX_LICENSE_CODE_LENGTH);
}

/**
 * A license code as stored: upper case, without spaces ('sb27 havo-wb-0001 '
 * → 'SB27HAVO-WB-0001' keeps the hyphens people type; 'sb27-havo-wb-0001' →
 * 'SB27-HAVO-WB-0001').
 */
export function normaliseLicenseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/**
 * Redeeming licence codes, counted per signed-in user (on the page and in the API alike) on top of the
 * per-client write limits: a person has a few books, guessing codes takes far more tries.
 */
export const LICENSE_ATTEMPTS = { name: 'license', points: 10, durationSeconds: 600 } as const;
