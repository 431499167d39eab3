/**
 * The classes' writes (one schema each, shared by the form, the action and the API) and the views the API
 * answers (issue 31). Messages: CLASS_MESSAGES.
 */
import { licenseCodeSchema } from '#app/modules/licenses/index.ts';
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { requiredString, rowId } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { CLASS_MESSAGES } from '../domain/messages.ts';
import {
  JOIN_CODE_LENGTH,
  MAX_CLASS_NAME,
  MAX_CLASS_SUBJECTS,
  MAX_SCHOOL_NAME,
  normaliseJoinCode,
  schoolYearOf,
} from '../domain/classes.ts';

/** The school year of today (1 August starts one). */
const schoolYearNow = () => schoolYearOf(new Date());

/** POST /v1/classes and the form "Nieuwe klas". */
export const classCreateSchema = z
  .object(
    {
      schoolName: requiredString()
        .min(2, { error: CLASS_MESSAGES.SCHOOL_NAME })
        .max(MAX_SCHOOL_NAME, { error: CLASS_MESSAGES.SCHOOL_NAME })
        .meta({ example: 'Demo College' }),
      brin: z
        .string({ error: CLASS_MESSAGES.BRIN })
        .trim()
        .toUpperCase()
        .refine((value) => value === '' || /^\d{2}[A-Z0-9]{2}$/.test(value), { error: CLASS_MESSAGES.BRIN })
        .transform((value) => (value === '' ? null : value))
        .optional()
        .meta({ description: 'The school’s BRIN code (4 characters), optional.', example: '12AB' }),
      name: requiredString().max(MAX_CLASS_NAME, { error: CLASS_MESSAGES.NAME }).meta({ example: 'H5 Wiskunde B' }),
      level: z.enum(LEVEL_ORDER, { error: CLASS_MESSAGES.LEVEL }),
      examYear: z
        .number({ error: CLASS_MESSAGES.EXAM_YEAR })
        .int({ error: CLASS_MESSAGES.EXAM_YEAR })
        .refine((year) => year >= schoolYearNow() + 1 && year <= schoolYearNow() + 4, {
          error: CLASS_MESSAGES.EXAM_YEAR,
        })
        .meta({ example: 2027 }),
      schoolYear: z
        .number({ error: CLASS_MESSAGES.SCHOOL_YEAR })
        .int({ error: CLASS_MESSAGES.SCHOOL_YEAR })
        .refine((year) => year === schoolYearNow() || year === schoolYearNow() + 1, {
          error: CLASS_MESSAGES.SCHOOL_YEAR,
        })
        .meta({ description: 'The year the school year starts: 2026 for 2026–2027.', example: 2026 }),
      subjectIds: z
        .array(rowId(CLASS_MESSAGES.SUBJECTS), { error: CLASS_MESSAGES.SUBJECTS })
        .min(1, { error: CLASS_MESSAGES.SUBJECTS })
        .max(MAX_CLASS_SUBJECTS, { error: CLASS_MESSAGES.SUBJECTS })
        .refine((ids) => new Set(ids).size === ids.length, { error: CLASS_MESSAGES.SUBJECTS })
        .meta({ description: 'Subjects of the class’s level (GET /v1/subjects/{level}/{profile}).', example: [12] }),
    },
    // A body that is no object, or a key of no field.
    { error: CLASS_MESSAGES.CLASS_FIELDS },
  )
  .strict();

export type ClassCreateInput = z.output<typeof classCreateSchema>;

/** POST /v1/users/me/classes/join and the join form: the code from the board (case, spaces, hyphens do not matter). */
export const joinCodeSchema = z.object(
  {
    code: requiredString()
      .max(20, { error: CLASS_MESSAGES.JOIN_CODE })
      .transform(normaliseJoinCode)
      .refine((code) => code.length === JOIN_CODE_LENGTH, { error: CLASS_MESSAGES.JOIN_CODE })
      .meta({ example: 'AB3K-7MQP' }),
  },
  { error: CLASS_MESSAGES.JOIN_CODE },
);

/** POST /v1/classes/{id}/teachers: a colleague's e-mail address. */
export const coTeacherSchema = z.object(
  {
    email: requiredString()
      .max(254, { error: CLASS_MESSAGES.EMAIL })
      .pipe(z.email({ error: CLASS_MESSAGES.EMAIL })),
  },
  { error: CLASS_MESSAGES.EMAIL },
);

/** POST /v1/classes/{id}/licenses: a class licence's code, read as the licences module reads a code. */
export const classLicenseCodeSchema = z.object(licenseCodeSchema.shape, { error: CLASS_MESSAGES.LICENSE_CODE });

/** PATCH /v1/classes/{id}/members/{userId}: approve a waiting pupil (or let a removed one back in). */
const MEMBER_DECISION = 'Een leerling toelaten: status "active".';
export const memberDecisionSchema = z.object(
  { status: z.literal('active', { error: MEMBER_DECISION }) },
  { error: MEMBER_DECISION },
);

/**
 * PUT /v1/users/me/classes/{id}/grade-share and "Deel mijn cijfers met deze klas" / "Stop met delen": a pupil in
 * the class shares their grades page with its teachers, or stops.
 */
export const gradeShareSchema = z.object(
  {
    share: z.boolean({ error: CLASS_MESSAGES.GRADE_SHARE }).meta({
      description: 'true: the class’s teachers see the pupil’s grades page (read-only); false: they do not.',
      example: true,
    }),
  },
  // A body that is no object.
  { error: CLASS_MESSAGES.GRADE_SHARE },
);

export const classIdParamsSchema = z.object({
  id: textNumber(rowId(CLASS_MESSAGES.NOT_FOUND)),
});

export const classMemberParamsSchema = classIdParamsSchema.extend({
  userId: z.string().min(1).max(64, { error: CLASS_MESSAGES.MEMBER_NOT_FOUND }),
});

const subjectRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
const teacherRefSchema = z.object({ name: z.string(), role: z.enum(['owner', 'co']) });

/** A class as its teachers and pupils see it in a list. */
export const classSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.enum(LEVEL_ORDER),
  examYear: z.number().int(),
  schoolYear: z.number().int().meta({ description: 'The year the school year starts.' }),
  archived: z.boolean().meta({ description: 'From 1 August after its school year: read-only.' }),
  school: z.object({ name: z.string(), brin: z.string().nullable() }),
  subjects: z.array(subjectRefSchema),
  teachers: z.array(teacherRefSchema).meta({ description: 'First names and last initials.' }),
});

/** A class as its teachers see it: with the code and the count of pupils. */
export const taughtClassSchema = classSummarySchema.extend({
  role: z.enum(['owner', 'co']),
  joinCode: z.string().meta({ example: 'AB3K-7MQP' }),
  joinsFreelyUntil: z.iso.datetime().meta({ description: 'After this, a joiner waits for a teacher’s approval.' }),
  pupils: z.number().int(),
  waiting: z.number().int(),
});

/** A class as a pupil sees it: their status in it. */
export const joinedClassSchema = classSummarySchema.extend({
  status: z.enum(['active', 'pending']),
  joinedAt: z.iso.datetime(),
  sharesGrades: z.boolean().meta({
    description: 'The pupil shares their grades page with the class’s teachers (an archived class shows none).',
  }),
});

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string().meta({ description: 'First name and last initial; never the e-mail address.' }),
  status: z.enum(['pending', 'active', 'removed']),
  joinedAt: z.iso.datetime(),
  seat: z.boolean().meta({ description: 'Holds a seat of one of the class’s licences.' }),
});

/** A class licence on a class: its subject, its seats and how many are in use. */
export const classLicenseSchema = z.object({
  code: z.string(),
  subject: z.string(),
  seats: z.number().int(),
  used: z.number().int(),
});

export const taughtClassesSchema = z.object({ classes: z.array(taughtClassSchema) });
export const joinedClassesSchema = z.object({ classes: z.array(joinedClassSchema) });
export const classDetailSchema = z.object({
  class: taughtClassSchema,
  members: z.array(memberSchema),
  licenses: z.array(classLicenseSchema),
});
export const classCreatedSchema = z.object({ class: taughtClassSchema, message: z.string() });
export const joinAnswerSchema = z.object({ class: joinedClassSchema, message: z.string() });
export const classMessageSchema = z.object({ message: z.string() });

export type ClassSummaryView = z.output<typeof classSummarySchema>;
export type TaughtClassView = z.output<typeof taughtClassSchema>;
export type JoinedClassView = z.output<typeof joinedClassSchema>;
export type MemberView = z.output<typeof memberSchema>;
export type ClassLicenseView = z.output<typeof classLicenseSchema>;
