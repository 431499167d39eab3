import { ACCOUNT_DELETED_MESSAGE } from '#app/modules/accounts/domain/account.ts';
import { EDUCATION_ROLES, USER_LEVELS, type UserLevel } from '#app/modules/accounts/domain/user.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { PROFILES } from '#app/platform/profiles.ts';
import { AUTH_FORM_MESSAGES } from './auth-forms.ts';
import { requiredCheckbox, requiredString } from '#app/platform/schemas/fields.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { USER_MESSAGES, type UserView } from './user.ts';
import { z } from '#app/platform/schemas/z.ts';

/**
 * The forms of the account pages: each section of the
 * profile page and of "Mijn vakken en boeken" is its own form, routed to the
 * page's one action by a hidden `intent` field. The success texts are
 * additions (the spec shows none), except the subject notices of spec §8
 * (SUBJECT_MESSAGES in ./subjects.ts).
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

export const ACCOUNT_MESSAGES = {
  NAME_SAVED: 'Je naam is opgeslagen.',
  EMAIL_LINK_SENT: (email: string): string =>
    `We hebben een link gestuurd naar ${email}. Klik op de link in die e-mail om je nieuwe e-mailadres te bevestigen. Tot dan log je in met je huidige e-mailadres.`,
  EMAIL_CHANGED: 'Je e-mailadres is gewijzigd. Voortaan log je hiermee in.',
  PASSWORD_CHANGED: 'Je wachtwoord is gewijzigd. Je bent op al je andere apparaten uitgelogd.',
  NEWSLETTER_ON: 'Je ontvangt onze nieuwsbrief.',
  NEWSLETTER_OFF: 'Je ontvangt onze nieuwsbrief niet meer.',
  NEWSLETTER_UNVERIFIED: 'Bevestig eerst je e-mailadres, dan kun je de nieuwsbrief aanzetten.',
  EXAM_YEAR_SAVED: 'Je examenjaar is opgeslagen.',
  LEVELS_SAVED: 'Je niveaus zijn opgeslagen.',
  LEVELS_REQUIRED: 'Kies minimaal één niveau.',
  ROLE_SAVED: 'Je rol is opgeslagen.',
  PROFILE_SAVED: 'Je profiel is opgeslagen.',
  DELETE_CONFIRM_LABEL: 'Ja, verwijder mijn account en al mijn gegevens',
  ACCOUNT_DELETED: ACCOUNT_DELETED_MESSAGE,
} as const;

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
