import { subjectIdField, subjectSchema } from '#app/modules/catalog/index.ts';
import { SUBJECT_ANSWER_FIELDS } from '#app/platform/schemas/subject-answer.ts';
import { MY_SUBJECT_MESSAGES } from '#app/modules/cards/index.ts';
import { z } from '#app/platform/schemas/z.ts';
import { attemptSchema } from '#app/modules/checks/schemas/attempts.ts';

/** A pupil's stream to a subject with its exam checks (spec §3 User subject). */
export const streamSchema = z.object({
  userHasAccess: z.boolean().meta({ description: 'Full access (a license code or an order).' }),
  isLightStream: z.boolean().meta({ description: 'Light access only (a demo).' }),
  tests: z
    .array(z.object({ id: z.number().int(), title: z.string() }))
    .meta({ description: 'The subject’s exam checks.' }),
  correctionsCardId: z.number().int().nullable(),
});

/** At most this many subjects in one POST /v1/users/me/subjects. */
export const MAX_SUBJECT_IDS = 50;
/** POST /v1/users/me/subjects (spec §7): the ids of the subjects to add, each once. */
export const addSubjectsSchema = z.object({
  ids: z
    .array(subjectIdField(), { error: MY_SUBJECT_MESSAGES.CHOOSE_SUBJECTS })
    .min(1, { error: MY_SUBJECT_MESSAGES.CHOOSE_SUBJECTS })
    .max(MAX_SUBJECT_IDS, { error: MY_SUBJECT_MESSAGES.TOO_MANY_SUBJECTS })
    .refine((ids) => new Set(ids).size === ids.length, { error: MY_SUBJECT_MESSAGES.DUPLICATE_SUBJECTS })
    .meta({ description: 'Ids of subjects (GET /v1/subjects/{level}/{profile}).', example: [12, 14] }),
});

export type AddSubjects = z.output<typeof addSubjectsSchema>;

/** Spec §3 User subject: the stream says whether the user has access (spec §4 Subject access). */
export const userSubjectSchema = subjectSchema.extend({
  stream: streamSchema,
  latestTestAttempt: attemptSchema.nullable().meta({ description: 'The latest exam-check attempt in the subject.' }),
});

export type UserSubjectView = z.output<typeof userSubjectSchema>;

/**
 * GET /v1/users/me/subjects (spec §7: the list of user subjects), each named as the API names a subject
 * (SUBJECT_ANSWER_FIELDS: the slug of its pages, and the school subject's).
 */
export const userSubjectsSchema = z.object({ subjects: z.array(userSubjectSchema.extend(SUBJECT_ANSWER_FIELDS)) });

/** POST and DELETE /v1/users/me/subjects…: the updated list with the notice of spec §8. */
export const userSubjectsNoticeSchema = userSubjectsSchema.extend({ message: z.string() });

/** A subject of "Mijn vakken en boeken": the user's subject with where to buy its book. */
export interface MySubjectView extends UserSubjectView {
  /** The shop's exam bundle of this subject and level, or null when the shop has none. */
  shopHref: string | null;
}
