import {
  BASE_LEVELS,
  EMPTY_DRAFT,
  SUB_LEVELS,
  type BaseLevel,
  type OnboardingDraft,
  type SubLevel,
} from '#app/modules/onboarding/domain/onboarding.ts';
import { EDUCATION_ROLES, type EducationRole } from '#app/platform/education.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { PROFILES } from '#app/platform/profiles.ts';
import { z } from '#app/platform/schemas/z.ts';
import { ONBOARDING_MESSAGES } from '#app/modules/onboarding/domain/messages.ts';

/**
 * The onboarding's writes, one schema per step (spec §2 onboarding, §3
 * Onboarding draft): the step's form validates with it in the browser
 * (Conform) and its action on the server. Their texts: ONBOARDING_MESSAGES.
 */

/** More subjects than any level has: a longer list is not from our form. */
export const MAX_ONBOARDING_SUBJECTS = 200;

/** Each value once, in the order given. */
const unique = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * The field a step's choice comes with when it is saved in the draft as soon
 * as it is made (ChoiceStep `autosave`): the action keeps it and stays on the step.
 */
export const DRAFT_INTENT = { name: 'intent', value: 'draft' } as const;

/** Whether a step's form was sent to keep the choice in the draft only (not Next). */
export function isDraftSave(formData: FormData): boolean {
  return formData.get(DRAFT_INTENT.name) === DRAFT_INTENT.value;
}

/** stap-1: leerling or docent. */
export const roleStepSchema = z.object({
  educationRole: z.enum(EDUCATION_ROLES, { error: ONBOARDING_MESSAGES.ROLE }),
});

/**
 * stap-1's choice kept in the draft as soon as it is made (`isDraftSave`): a role, or none when the chosen
 * one was chosen again, which clears it (spec §4 Onboarding selection).
 */
export const roleDraftSchema = z.object({
  educationRole: z.enum(EDUCATION_ROLES, { error: ONBOARDING_MESSAGES.ROLE }).optional(),
});

/** A list of choices: at least one; a pupil exactly one (`single`). */
function choices<const T extends readonly [string, ...string[]]>(
  values: T,
  single: boolean,
  messages: { none: string; many: string },
) {
  const list = z
    .array(z.enum(values, { error: messages.none }), { error: messages.none })
    .min(1, { error: messages.none })
    .transform(unique);
  return single ? list.refine((items) => items.length === 1, { error: messages.many }) : list;
}

/** stap-1b: the base levels (VMBO, HAVO, VWO): a pupil picks one, a teacher one or more. */
export function baseLevelStepSchema(role: EducationRole) {
  return z.object({
    baseLevelIds: choices(BASE_LEVELS, role === 'pupil', {
      none: ONBOARDING_MESSAGES.LEVEL,
      many: ONBOARDING_MESSAGES.ONE_LEVEL,
    }),
  });
}

/** stap-2 (pupils): the exam year, one of examYearRange at the time of sending. */
export const examYearStepSchema = z.object({
  examYear: z
    .number({ error: ONBOARDING_MESSAGES.EXAM_YEAR })
    .int({ error: ONBOARDING_MESSAGES.EXAM_YEAR })
    .refine(
      (year) => {
        const { min, max } = examYearRange(new Date());
        return year >= min && year <= max;
      },
      { error: ONBOARDING_MESSAGES.EXAM_YEAR },
    ),
});

/** stap-3/leerweg: the vmbo sub levels: a pupil picks one, a teacher one or more. */
export function subLevelStepSchema(role: EducationRole) {
  return z.object({
    subLevelIds: choices(SUB_LEVELS, role === 'pupil', {
      none: role === 'pupil' ? ONBOARDING_MESSAGES.SUB_LEVEL : ONBOARDING_MESSAGES.SUB_LEVELS,
      many: ONBOARDING_MESSAGES.ONE_SUB_LEVEL,
    }),
  });
}

/** stap-3/profielen (havo/vwo pupils): NT, NG, EM or CM. */
export const profileStepSchema = z.object({
  profile: z.enum(PROFILES, { error: ONBOARDING_MESSAGES.PROFILE }),
});

/** stap-4: the chosen subjects, by id, each once. */
export const subjectsStepSchema = z.object({
  subjectIds: z
    .array(
      z
        .number({ error: ONBOARDING_MESSAGES.UNKNOWN_SUBJECT })
        .int({ error: ONBOARDING_MESSAGES.UNKNOWN_SUBJECT })
        .min(1, { error: ONBOARDING_MESSAGES.UNKNOWN_SUBJECT })
        .max(2_147_483_647, { error: ONBOARDING_MESSAGES.UNKNOWN_SUBJECT }),
      { error: ONBOARDING_MESSAGES.SUBJECTS },
    )
    .min(1, { error: ONBOARDING_MESSAGES.SUBJECTS })
    .max(MAX_ONBOARDING_SUBJECTS, { error: ONBOARDING_MESSAGES.UNKNOWN_SUBJECT })
    .transform(unique),
});

const ids = z.array(z.number().int().positive()).catch([]);

/**
 * The stored draft (users.onboarding_draft, jsonb) read back: anything that
 * does not fit (an older shape, a hand-edited row) counts as not answered.
 */
export const onboardingDraftSchema = z
  .object({
    educationRole: z.enum(EDUCATION_ROLES).nullable().catch(null),
    selectedBaseLevelIds: z
      .array(z.string())
      .catch([])
      .transform((levels) => levels.filter((l): l is BaseLevel => (BASE_LEVELS as readonly string[]).includes(l))),
    selectedSubLevelIds: z
      .array(z.string())
      .catch([])
      .transform((levels) => levels.filter((l): l is SubLevel => (SUB_LEVELS as readonly string[]).includes(l))),
    profile: z.enum(PROFILES).nullable().catch(null),
    selectedSubjectIds: ids,
    selectedHasAccessIds: ids,
    examYear: z.number().int().nullable().catch(null),
  })
  .catch({ ...EMPTY_DRAFT }) satisfies z.ZodType<OnboardingDraft, unknown>;
