/** Assignments (issue 31): the one schema of a new assignment (form, action and API) and the views. */
import { rowId } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { ASSIGNMENT_KINDS, ASSIGNMENT_STATUSES, MAX_TARGET, MIN_TARGET } from '../domain/assignments.ts';
import { CLASS_MESSAGES } from '../domain/messages.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** POST /v1/classes/{id}/assignments and the form "Nieuwe opdracht". */
export const assignmentCreateSchema = z
  .object(
    {
      subjectId: rowId(CLASS_MESSAGES.ASSIGNMENT_SUBJECT),
      kind: z.enum(ASSIGNMENT_KINDS, { error: CLASS_MESSAGES.ASSIGNMENT_KIND }),
      topicId: rowId(CLASS_MESSAGES.ASSIGNMENT_TOPIC)
        .optional()
        .meta({ description: 'A topic or chapter (cards, keep_ready).' }),
      testId: rowId(CLASS_MESSAGES.ASSIGNMENT_CHECK).optional().meta({ description: 'An exam check (check).' }),
      dueOn: z
        .string({ error: CLASS_MESSAGES.ASSIGNMENT_DUE })
        .regex(ISO_DAY, { error: CLASS_MESSAGES.ASSIGNMENT_DUE })
        .refine(
          (day) => {
            const time = Date.parse(`${day}T12:00:00Z`);
            return Number.isFinite(time) && day >= dayOf(new Date()) && time < Date.now() + 400 * 86_400_000;
          },
          { error: CLASS_MESSAGES.ASSIGNMENT_DUE },
        )
        .optional()
        .meta({ description: 'YYYY-MM-DD, today or later (cards, check).', example: '2027-01-15' }),
      targetRecall: z
        .number({ error: CLASS_MESSAGES.ASSIGNMENT_TARGET })
        .min(MIN_TARGET, { error: CLASS_MESSAGES.ASSIGNMENT_TARGET })
        .max(MAX_TARGET, { error: CLASS_MESSAGES.ASSIGNMENT_TARGET })
        .optional()
        .meta({ description: 'keep_ready: the recall on the exam morning to keep (default 0.75).', example: 0.75 }),
    },
    // A body that is no object, or a key of no field.
    { error: CLASS_MESSAGES.ASSIGNMENT_FIELDS },
  )
  .strict()
  .superRefine((input, ctx) => {
    if (input.kind !== 'check' && input.topicId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['topicId'], message: CLASS_MESSAGES.ASSIGNMENT_TOPIC });
    }
    if (input.kind === 'check' && input.testId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['testId'], message: CLASS_MESSAGES.ASSIGNMENT_CHECK });
    }
    if (input.kind !== 'keep_ready' && input.dueOn === undefined) {
      ctx.addIssue({ code: 'custom', path: ['dueOn'], message: CLASS_MESSAGES.ASSIGNMENT_DUE });
    }
  });

export type AssignmentCreateInput = z.output<typeof assignmentCreateSchema>;

export const assignmentParamsSchema = z.object({
  id: textNumber(rowId(CLASS_MESSAGES.NOT_FOUND)),
  assignmentId: textNumber(rowId(CLASS_MESSAGES.ASSIGNMENT_NOT_FOUND)),
});

const statusSchema = z.enum(ASSIGNMENT_STATUSES);

/** An assignment as its class's teachers see it, with each pupil's status. */
export const classAssignmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ASSIGNMENT_KINDS),
  title: z.string().meta({ description: 'What to do, in Dutch.' }),
  subject: z.object({ id: z.number().int(), name: z.string() }),
  dueOn: z.string().nullable(),
  targetRecall: z.number().nullable(),
  createdAt: z.iso.datetime(),
  teacher: z.string(),
  counts: z.record(statusSchema, z.number().int()),
  pupils: z.array(z.object({ userId: z.string(), name: z.string(), status: statusSchema })),
});

/** An open assignment as the pupil sees it ("Vandaag"): what, by when, from whom, and where to do it. */
export const myAssignmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ASSIGNMENT_KINDS),
  title: z.string(),
  className: z.string(),
  teacher: z.string(),
  dueOn: z.string().nullable(),
  status: statusSchema,
  href: z.string(),
});

export const classAssignmentsSchema = z.object({ assignments: z.array(classAssignmentSchema) });
export const myAssignmentsSchema = z.object({ assignments: z.array(myAssignmentSchema) });
export const assignmentCreatedSchema = z.object({ assignment: classAssignmentSchema, message: z.string() });

export type ClassAssignmentView = z.output<typeof classAssignmentSchema>;
export type MyAssignmentView = z.output<typeof myAssignmentSchema>;
