import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { isProfileLevel, MAX_LICENSE_CODE_LENGTH, NO_PROFILE, normaliseLicenseCode } from '#app/modules/study/domain/subjects.ts';
import { PROFILES } from '#app/modules/accounts/index.ts';
import { requiredString } from '#app/platform/schemas/fields.ts';
import { attemptSchema, streamSchema } from './study.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { z } from '#app/platform/schemas/z.ts';

/**
 * Subjects, the user's subjects, subject access and license codes (spec §3
 * User subject, §4 Subject access, §7 /v1/subjects and /v1/users/me/subjects,
 * §8 notices). The notices are spec §8 verbatim; the other texts are additions.
 */
export const SUBJECT_MESSAGES = {
  /** Spec §8. */
  ADDED: MESSAGES.SUBJECT_ADDED,
  /** Spec §8. */
  REMOVED: MESSAGES.SUBJECT_REMOVED,
  UNKNOWN_SUBJECT: 'Dit vak bestaat niet (meer).',
  NOT_YOURS: 'Dit vak staat niet in je lijst.',
  CHOOSE_SUBJECTS: 'Kies minimaal één vak.',
  TOO_MANY_SUBJECTS: 'Kies maximaal 50 vakken tegelijk.',
  DUPLICATE_SUBJECTS: 'Kies elk vak maar één keer.',
  LEVEL: 'Kies een van de niveaus.',
  PROFILE: 'Kies een profiel: NT, NG, EM, CM of geen.',
  PROFILE_NOT_FOR_LEVEL: 'Alleen havo en vwo hebben een profiel; kies bij vmbo ‘geen’.',
  LICENSE_UNKNOWN: 'Deze code kennen we niet. Controleer de code achter in je boek.',
  LICENSE_USED: 'Deze code is al gebruikt.',
  LICENSE_REDEEMED: (productName: string): string => `Gelukt! Je hebt nu toegang tot ${productName}.`,
} as const;

/** At most this many subjects in one POST /v1/users/me/subjects. */
export const MAX_SUBJECT_IDS = 50;
export { MAX_LICENSE_CODE_LENGTH } from '#app/modules/study/domain/subjects.ts';
/** The largest id a subject can have (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

const subjectId = () =>
  z
    .number({ error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT })
    .int({ error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT })
    .min(1, { error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT })
    .max(MAX_ID, { error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT });

/** `{id}` in a path (/v1/subjects/{id}, /v1/users/me/subjects/{id}): a positive whole number. */
export const subjectIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT })
    .int({ error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT })
    .min(1, { error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT })
    .max(MAX_ID, { error: SUBJECT_MESSAGES.UNKNOWN_SUBJECT })
    .meta({ description: 'The subject’s id.', example: 12 }),
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

/** POST /v1/users/me/subjects (spec §7): the ids of the subjects to add, each once. */
export const addSubjectsSchema = z.object({
  ids: z
    .array(subjectId(), { error: SUBJECT_MESSAGES.CHOOSE_SUBJECTS })
    .min(1, { error: SUBJECT_MESSAGES.CHOOSE_SUBJECTS })
    .max(MAX_SUBJECT_IDS, { error: SUBJECT_MESSAGES.TOO_MANY_SUBJECTS })
    .refine((ids) => new Set(ids).size === ids.length, { error: SUBJECT_MESSAGES.DUPLICATE_SUBJECTS })
    .meta({ description: 'Ids of subjects (GET /v1/subjects/{level}/{profile}).', example: [12, 14] }),
});

export type AddSubjects = z.output<typeof addSubjectsSchema>;

/** POST /v1/users/me/licenses: the code from the back of a book; case and spaces do not matter. */
export const licenseCodeSchema = z.object({
  code: requiredString()
    .max(MAX_LICENSE_CODE_LENGTH, { error: MESSAGES.maxChars(MAX_LICENSE_CODE_LENGTH) })
    .transform(normaliseLicenseCode)
    .meta({ description: 'The license code; stored in upper case without spaces.', example: 'SB27-HAVO-WB-0001' }),
});

export type LicenseCodeInput = z.output<typeof licenseCodeSchema>;

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

/** Spec §3 User subject: the stream says whether the user has access (spec §4 Subject access). */
export const userSubjectSchema = subjectSchema.extend({
  stream: streamSchema,
  latestTestAttempt: attemptSchema.nullable().meta({ description: 'The latest exam-check attempt in the subject.' }),
});

export type UserSubjectView = z.output<typeof userSubjectSchema>;

/** A product the user owns through a redeemed license code. */
export const ownedProductSchema = z.object({
  sku: z.string().meta({ example: 'SB-HAVO-WB-2027' }),
  name: z.string(),
  slug: z.string(),
  levelSlug: z.string(),
  productType: z.string(),
  subjectId: z.number().int(),
  redeemedAt: z.iso.datetime().meta({ description: 'When the code was redeemed (ISO 8601).' }),
});

export type OwnedProductView = z.output<typeof ownedProductSchema>;

/** GET /v1/subjects/{level}/{profile}: required ones first, then in the subjects' order. */
export const primarySubjectsSchema = z.object({ subjects: z.array(primarySubjectSchema) });

/** GET /v1/users/me/subjects (spec §7: the list of user subjects). */
export const userSubjectsSchema = z.object({ subjects: z.array(userSubjectSchema) });

/** POST and DELETE /v1/users/me/subjects…: the updated list with the notice of spec §8. */
export const userSubjectsNoticeSchema = userSubjectsSchema.extend({ message: z.string() });

/** POST /v1/users/me/licenses: the updated list, the product now owned and a notice. */
export const licenseRedeemedSchema = userSubjectsNoticeSchema.extend({ product: ownedProductSchema });

/** GET /v1/users/me/products. */
export const ownedProductsSchema = z.object({ products: z.array(ownedProductSchema) });
