import { EDUCATION_ROLES, USER_LEVELS } from '#app/platform/education.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { PROFILES } from '#app/platform/profiles.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { z } from '#app/platform/schemas/z.ts';
import { USER_MESSAGES } from '#app/modules/accounts/domain/messages.ts';

const examYear = z
  .number({ error: USER_MESSAGES.EXAM_YEAR })
  .int({ error: USER_MESSAGES.EXAM_YEAR })
  .refine(
    (year) => {
      const { min, max } = examYearRange(new Date());
      return year >= min && year <= max;
    },
    { error: USER_MESSAGES.EXAM_YEAR },
  );

/**
 * PATCH /v1/users/me (spec §7): educationRole, onboardingCompleted, profile
 * and examYear, any of them; `null` clears profile or exam year.
 */
export const userUpdateSchema = z
  .object({
    educationRole: z.enum(EDUCATION_ROLES, { error: USER_MESSAGES.ROLE }).optional(),
    onboardingCompleted: z.boolean({ error: MESSAGES.YES_OR_NO }).optional(),
    profile: z.enum(PROFILES, { error: USER_MESSAGES.PROFILE }).nullable().optional(),
    examYear: examYear
      .nullable()
      .optional()
      .meta({ description: 'The year of the pupil’s final exams.', example: 2027 }),
  })
  .strict()
  .refine((update) => Object.keys(update).length > 0, { error: USER_MESSAGES.NOTHING_TO_CHANGE });

export type UserUpdate = z.output<typeof userUpdateSchema>;

/** PATCH /v1/users/me/levels (spec §7): the user's levels, each at most once. */
export const userLevelsSchema = z.object({
  levels: z
    .array(z.enum(USER_LEVELS, { error: USER_MESSAGES.LEVELS }), { error: USER_MESSAGES.LEVELS })
    .max(USER_LEVELS.length, { error: USER_MESSAGES.LEVELS })
    .refine((levels) => new Set(levels).size === levels.length, { error: USER_MESSAGES.LEVELS })
    .meta({ example: ['havo'] }),
});

/** The signed-in user as the API answers it (spec §3 User). */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  educationRole: z.enum(EDUCATION_ROLES),
  onboardingCompleted: z.boolean(),
  profile: z.enum(PROFILES).nullable(),
  examYear: z.number().int().nullable(),
  levels: z.array(z.enum(USER_LEVELS)),
});

export type UserView = z.output<typeof userSchema>;

/** GET /v1/users/me answers `{ user }` (spec §7). */
export const userEnvelopeSchema = z.object({ user: userSchema });
