import { type Level, LEVEL_ORDER } from '#app/platform/levels.ts';
import { isProfileLevel, NO_PROFILE, PROFILES } from '#app/platform/profiles.ts';
import { SUBJECT_ANSWER_FIELDS } from '#app/platform/schemas/subject-answer.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { SUBJECT_MESSAGES } from '#app/modules/catalog/domain/messages.ts';

/** The largest id a subject can have (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/** A subject id in a body: a positive whole number. */
export const subjectIdField = () =>
  z
    .number({ error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT })
    .int({ error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT })
    .min(1, { error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT })
    .max(MAX_ID, { error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT });

/** `{id}` in a path (/v1/subjects/{id}, /v1/users/me/subjects/{id}): a positive whole number. */
export const subjectIdParamsSchema = z.object({
  id: textNumber(subjectIdField()).meta({ description: 'The subject’s id.', example: 12 }),
});

/** The profile in a path: one of PROFILES, or 'geen' (vmbo, teachers). */
export const PROFILE_PATH_VALUES = [...PROFILES, NO_PROFILE] as const;

/** `{level}/{profile}` of GET /v1/subjects/{level}/{profile}: a profile only with havo or vwo. */
export const levelProfileParamsSchema = z
  .object({
    level: z
      .enum(LEVEL_ORDER, { error: SUBJECT_MESSAGES.LEVEL })
      .meta({ description: 'School level.', example: 'havo' }),
    profile: z
      .enum(PROFILE_PATH_VALUES, { error: SUBJECT_MESSAGES.PROFILE })
      .meta({ description: 'Havo/vwo profile, or `geen` (vmbo levels, teachers).', example: 'NT' }),
  })
  .refine(({ level, profile }) => profile === NO_PROFILE || isProfileLevel(level), {
    error: SUBJECT_MESSAGES.PROFILE_NOT_FOR_LEVEL,
    path: ['profile'],
  });

/** A study subject: one school subject at one level ("Wiskunde B havo"). */
export const subjectSchema = z.object({
  id: z.number().int(),
  slug: z.string().meta({ description: 'The school subject’s slug.', example: 'wiskunde-b' }),
  name: z.string().meta({ example: 'Wiskunde B' }),
  levelName: z.enum(LEVEL_ORDER),
});

export type SubjectView = z.output<typeof subjectSchema>;

/** A subject of a level, marked required for the profile (spec §3 Onboarding draft). */
export const primarySubjectSchema = subjectSchema.extend({
  required: z.boolean().meta({ description: 'Required for this level and profile.' }),
});

export type PrimarySubjectView = z.output<typeof primarySubjectSchema>;

/** GET /v1/subjects/{level}/{profile}: required ones first, then in the subjects' order. */
export const primarySubjectsSchema = z.object({
  subjects: z.array(primarySubjectSchema.extend(SUBJECT_ANSWER_FIELDS)),
});

/** Subjects the user can still add, per level of theirs (required ones for their profile first). */
export interface AvailableSubjectsView {
  level: Level;
  subjects: PrimarySubjectView[];
}
