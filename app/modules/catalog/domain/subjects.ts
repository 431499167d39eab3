import type { Level } from '#app/platform/levels.ts';
import { isProfileLevel, NO_PROFILE, type Profile, type ProfileOrNone } from '#app/platform/profiles.ts';

/**
 * Which subjects a pupil must take (spec §3 Onboarding draft: "Subjects can be
 * marked required"). Dutch school reality, simplified: Nederlands and
 * Engels at every level; on havo and vwo the profile adds its own subjects.
 * Vmbo pupils and teachers have no profile: NO_PROFILE.
 */

/** Required at every level, with or without a profile. */
export const CORE_SUBJECT_SLUGS = ['nederlands', 'engels'] as const;

/** What each havo/vwo profile adds to the core subjects. */
export const PROFILE_SUBJECT_SLUGS: Readonly<Record<Profile, readonly string[]>> = {
  NT: ['wiskunde-b', 'natuurkunde', 'scheikunde'],
  NG: ['biologie', 'scheikunde'],
  EM: ['economie', 'wiskunde-a', 'geschiedenis'],
  CM: ['geschiedenis'],
};

/**
 * The school-subject slugs required at `level` for `profile`: the core
 * subjects, plus the profile's on havo/vwo. A profile on a vmbo level adds
 * nothing (callers refuse that combination; this rule stays total).
 */
export function requiredSubjectSlugs(level: Level, profile: ProfileOrNone): string[] {
  const extra = profile !== NO_PROFILE && isProfileLevel(level) ? PROFILE_SUBJECT_SLUGS[profile] : [];
  return [...CORE_SUBJECT_SLUGS, ...extra];
}
