import { EDUCATION_ROLES, USER_LEVELS, type UserLevel } from '#app/platform/education.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { PROFILES } from '#app/platform/profiles.ts';
import { requiredCheckbox, requiredString } from '#app/platform/schemas/fields.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import type { UserView } from './user.ts';
import { ACCOUNT_MESSAGES, AUTH_FORM_MESSAGES, USER_MESSAGES } from '#app/modules/accounts/domain/messages.ts';
import { z } from '#app/platform/schemas/z.ts';

/**
 * The forms of the account pages: each section of the
 * profile page and of "Mijn vakken en boeken" is its own form, routed to the
 * page's one action by a hidden `intent` field. Their texts are
 * ACCOUNT_MESSAGES (app/modules/accounts/domain/messages.ts); the subject
 * notices of spec §8 are study's MY_SUBJECT_MESSAGES.
 */

/** The profile page's forms. */
export const PROFILE_INTENTS = [
  'name',
  'email',
  'password',
  'newsletter',
  'exam-year',
  'levels',
  'role',
  'profile',
  'delete',
] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

/** The forms of "Mijn vakken en boeken". */
export const SUBJECTS_INTENTS = ['add', 'remove', 'license'] as const;
export type SubjectsIntent = (typeof SUBJECTS_INTENTS)[number];

/** The hidden field that says which form was sent. */
export const intentSchema = <T extends readonly [string, ...string[]]>(intents: T) =>
  z.object({ intent: z.enum(intents, { error: MESSAGES.GENERIC_ERROR }) });

/** The profile's forms (app/modules/accounts/ui/profile/) read their texts from here. */

export { ACCOUNT_DELETED_PARAM, ACCOUNT_DELETED_PATH } from '#app/modules/accounts/domain/account.ts';

/** The value of the profile select for "no profile" (vmbo, teachers, not chosen yet). */
export const NO_PROFILE_VALUE = 'geen';

/** The newsletter checkbox's value (spec §3 User emailPreference: 'accepted' means subscribed). */
export const EMAIL_PREFERENCE_ACCEPTED = 'accepted';

/** Changing the name (as on sign-up: at most 100 characters). */
export const nameFormSchema = z.object({
  name: requiredString().max(100, { error: AUTH_FORM_MESSAGES.NAME_TOO_LONG }),
});

/** The newsletter checkbox: checked → accepted (subscribed), unchecked → not. */
export const newsletterPreferenceSchema = z.object({
  emailPreference: z
    .literal(EMAIL_PREFERENCE_ACCEPTED, { error: MESSAGES.GENERIC_ERROR })
    .optional()
    .transform((value) => value === EMAIL_PREFERENCE_ACCEPTED),
});

/** The exam year: one of examYearRange (this school year's exams up to four years ahead), or none yet. */
export const examYearFormSchema = z.object({
  examYear: z
    .number({ error: USER_MESSAGES.EXAM_YEAR })
    .int({ error: USER_MESSAGES.EXAM_YEAR })
    .refine(
      (year) => {
        const { min, max } = examYearRange(new Date());
        return year >= min && year <= max;
      },
      { error: USER_MESSAGES.EXAM_YEAR },
    )
    .optional()
    .transform((year) => year ?? null),
});

/**
 * The user's levels, at least one (spec §4: a vmbo sub level takes the place
 * of the generic 'vmbo'), in the order of USER_LEVELS.
 */
export const levelsFormSchema = z.object({
  levels: z
    .array(z.enum(USER_LEVELS, { error: USER_MESSAGES.LEVELS }), { error: ACCOUNT_MESSAGES.LEVELS_REQUIRED })
    .min(1, { error: ACCOUNT_MESSAGES.LEVELS_REQUIRED })
    .max(USER_LEVELS.length, { error: USER_MESSAGES.LEVELS })
    .transform((levels): UserLevel[] => {
      const vmboSubLevel = levels.some((level) => level.startsWith('vmbo-'));
      return USER_LEVELS.filter((level) => levels.includes(level) && !(vmboSubLevel && level === 'vmbo'));
    }),
});

/** Pupil or teacher (spec §3, §6). */
export const roleFormSchema = z.object({
  educationRole: z.enum(EDUCATION_ROLES, { error: USER_MESSAGES.ROLE }),
});

/** The havo/vwo profile, or none. */
export const profileFormSchema = z.object({
  profile: z
    .enum([...PROFILES, NO_PROFILE_VALUE] as const, { error: USER_MESSAGES.PROFILE })
    .transform((profile) => (profile === NO_PROFILE_VALUE ? null : profile)),
});

/**
 * Deleting the account: without JavaScript a required checkbox confirms it;
 * with JavaScript the dialog's OK sends the same field.
 */
export const deleteAccountSchema = z.object({ confirm: requiredCheckbox() });

/** Removing one subject from the user's list. */
export const removeSubjectSchema = z.object({
  subjectId: z
    .number({ error: MESSAGES.GENERIC_ERROR })
    .int({ error: MESSAGES.GENERIC_ERROR })
    .min(1, { error: MESSAGES.GENERIC_ERROR }),
});

/** What the profile page shows. */
export interface ProfilePageView {
  user: UserView;
  /** Spec §3 User emailPreference. */
  emailPreference: 'accepted' | null;
  /** The exam years to choose from (examYearRange of today). */
  examYears: number[];
}
