import type { Level } from './levels.ts';

/** The havo/vwo profiles (spec §3 Onboarding). */
export const PROFILES = ['NT', 'NG', 'EM', 'CM'] as const;
export type Profile = (typeof PROFILES)[number];

/** The path value for "no profile" (GET /v1/subjects/{level}/geen): vmbo levels and teachers. */
export const NO_PROFILE = 'geen';
export type ProfileOrNone = Profile | typeof NO_PROFILE;

/** Levels that have profiles: havo and vwo. */
export function isProfileLevel(level: Level): boolean {
  return level === 'havo' || level === 'vwo';
}
