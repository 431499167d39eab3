/** Parents (issue 31): the writes' schemas (form, action and API alike) and the views. */
import { optionalCheckbox, requiredString, rowId } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { gradesViewSchema } from '#app/modules/grades/index.ts';
import { GUARDIAN_MESSAGES } from '../domain/messages.ts';

/** POST /v1/users/me/parents and "Ouder uitnodigen". */
export const parentInviteSchema = z.object(
  {
    email: requiredString()
      .max(254, { error: GUARDIAN_MESSAGES.EMAIL })
      .pipe(z.email({ error: GUARDIAN_MESSAGES.EMAIL }))
      .meta({ example: 'ouder@example.nl' }),
    under16: z.boolean({ error: 'Kies ja of nee.' }).optional().meta({
      description: 'The pupil is younger than 16: the parent confirms their consent when accepting (UAVG art. 5).',
    }),
  },
  // A body that is no object.
  { error: GUARDIAN_MESSAGES.EMAIL },
);
export type ParentInviteInput = z.output<typeof parentInviteSchema>;

/**
 * POST /v1/users/me/children and the invitation page: the invitation's token (from the mail's link) and the
 * consent tick, needed when the pupil is under 16.
 */
export const acceptInvitationSchema = z.object(
  {
    token: z
      .string({ error: GUARDIAN_MESSAGES.INVITATION_UNKNOWN })
      .min(1, { error: GUARDIAN_MESSAGES.INVITATION_UNKNOWN })
      .max(64, { error: GUARDIAN_MESSAGES.INVITATION_UNKNOWN }),
    consent: optionalCheckbox(),
  },
  // A body that is no object.
  { error: GUARDIAN_MESSAGES.INVITATION_UNKNOWN },
);

/**
 * PUT /v1/users/me/parents/{id}/grade-share and "Deel mijn cijfers" / "Stop met delen" on "Mijn ouders": the
 * pupil shares their grades page with a parent who accepted, or stops.
 */
export const parentGradeShareSchema = z.object(
  {
    share: z.boolean({ error: GUARDIAN_MESSAGES.GRADE_SHARE }).meta({
      description: 'true: the parent sees the pupil’s grades page (read-only); false: they do not.',
      example: true,
    }),
  },
  // A body that is no object.
  { error: GUARDIAN_MESSAGES.GRADE_SHARE },
);

export const parentLinkIdParamsSchema = z.object({
  id: textNumber(rowId(GUARDIAN_MESSAGES.NOT_FOUND)),
});

export const parentLinkSchema = z.object({
  id: z.number().int(),
  email: z.string().meta({ description: 'The address the pupil invited.' }),
  status: z.enum(['invited', 'active']),
  parentName: z.string().nullable().meta({ description: 'The first name of the parent once they accepted.' }),
  invitedAt: z.iso.datetime(),
  sharesGrades: z.boolean().meta({ description: 'The pupil shares their grades page with this parent.' }),
});
export const parentLinksSchema = z.object({ parents: z.array(parentLinkSchema) });
export const parentInvitedSchema = z.object({ parent: parentLinkSchema, message: z.string() });

const childSubjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['op_schema', 'loopt_achter', 'onbekend']),
  label: z.string(),
  reason: z.string().meta({ description: 'One Dutch line: why.' }),
  examDate: z.string().nullable(),
  minutesThisWeek: z.number().int(),
});
export const childSchema = z.object({
  name: z.string().meta({ description: 'The child’s first name.' }),
  subjects: z.array(childSubjectSchema),
  gradesShared: z.boolean().meta({ description: 'The child shares their grades page with this parent.' }),
  grades: gradesViewSchema.nullable().meta({
    description:
      'The child’s grades page (SE grades, predicted CE grades, past exams, the simulation) when the child shares ' +
      'it with this parent; else null, as it is while the child has no exam level.',
  }),
});
export const childrenSchema = z.object({ children: z.array(childSchema), digest: z.boolean() });

export type ParentLinkView = z.output<typeof parentLinkSchema>;
export type ChildView = z.output<typeof childSchema>;
