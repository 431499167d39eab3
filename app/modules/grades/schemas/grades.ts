import { z } from '#app/platform/schemas/z.ts';
import { nTermFromText, nTermTenths } from '#app/modules/grades/domain/conversion.ts';
import { toTenths } from '#app/modules/grades/domain/grade.ts';
import { GRADES_MESSAGES } from '#app/modules/grades/domain/messages.ts';
import { ASSESSMENTS } from '#app/modules/grades/domain/simulator.ts';

/** At most this many subjects in one write. */
export const MAX_GRADE_ENTRIES = 40;

const GRADE_TEXT = /^(?:10|[1-9])(?:[.,]\d)?$/;

/**
 * A grade: a number (JSON) or text with a Dutch comma or a point ('6,8', '6.8', '7'; a form sends text), 1,0–10,0
 * with one decimal, as whole tenths. Empty or null: none (not known yet, or cleared).
 */
const gradeTextField = (message: string, description: string) =>
  z
    .union([z.number(), z.string().max(10)], { error: message })
    .nullable()
    .optional()
    .transform((value, ctx): number | null => {
      if (value === null || value === undefined) return null;
      const text = String(value).trim();
      if (text === '') return null;
      const tenths = GRADE_TEXT.test(text) ? toTenths(Number(text.replace(',', '.'))) : null;
      if (tenths === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return tenths;
    })
    .meta({ description });

/** An SE grade; empty or null: "weet ik nog niet". */
export const seGradeField = gradeTextField(
  GRADES_MESSAGES.SE_GRADE_INVALID,
  'The SE grade, 1,0–10,0 with one decimal ("6,8", "6.8" or 6.8); null or absent: not known yet.',
);

/** One subject's entry: its SE grade or judgement, and whether it is on the pupil's list. */
export const gradeEntrySchema = z.object({
  subject: z
    .string({ error: GRADES_MESSAGES.UNKNOWN_EXAM_SUBJECT })
    .regex(/^[a-z0-9-]{1,40}$/, { error: GRADES_MESSAGES.UNKNOWN_EXAM_SUBJECT })
    .meta({ description: 'The exam subject’s key (GET answers them).', example: 'wiskunde-b' }),
  se: seGradeField,
  assessment: z
    .enum(ASSESSMENTS, { error: GRADES_MESSAGES.CHOOSE_ASSESSMENT })
    .nullable()
    .optional()
    .meta({ description: 'For LO and the other judged parts: goed, voldoende or onvoldoende; null: not known yet.' }),
  included: z
    .boolean()
    .optional()
    .meta({ description: 'False takes the subject off the list, true adds it; absent: true.' }),
});

/**
 * PUT /v1/users/me/grades and the grades page's forms (save, add, remove):
 * the entries to store, each subject once. An entry replaces what was stored
 * for its subject.
 */
export const saveGradesSchema = z.object({
  grades: z
    .array(gradeEntrySchema)
    .max(MAX_GRADE_ENTRIES, { error: GRADES_MESSAGES.TOO_MANY_EXAM_SUBJECTS })
    .refine((entries) => new Set(entries.map((entry) => entry.subject)).size === entries.length, {
      error: GRADES_MESSAGES.DUPLICATE_EXAM_SUBJECT,
    }),
});

export type SaveGrades = z.output<typeof saveGradesSchema>;
export type GradeEntry = SaveGrades['grades'][number];

/**
 * POST /v1/users/me/grades/past-exams and the grades page's past-exam form: a
 * past central exam the pupil made, their score, its maximum score and its
 * N-term ("1,1", "1.1" or 1.1; Examenblad publishes it with the exam). The
 * subject and year are checked against the pupil's level by the use case.
 */
export const savePastExamSchema = z
  .object({
    subject: z
      .string({ error: GRADES_MESSAGES.PAST_EXAM_SUBJECT })
      .regex(/^[a-z0-9-]{1,40}$/, { error: GRADES_MESSAGES.PAST_EXAM_SUBJECT })
      .meta({ description: 'The exam subject’s key, a subject with a central exam.', example: 'wiskunde-b' }),
    year: z
      .number({ error: GRADES_MESSAGES.PAST_EXAM_YEAR })
      .int({ error: GRADES_MESSAGES.PAST_EXAM_YEAR })
      .min(2000, { error: GRADES_MESSAGES.PAST_EXAM_YEAR })
      .max(2100, { error: GRADES_MESSAGES.PAST_EXAM_YEAR })
      .meta({ description: 'The exam year: one of the last ten whose May exams were taken, not 2020.', example: 2024 }),
    tijdvak: z
      .union([z.literal(1), z.literal(2)], { error: GRADES_MESSAGES.PAST_EXAM_TIJDVAK })
      .meta({ description: '1 (May) or 2 (June, the retakes).', example: 1 }),
    score: z
      .number({ error: GRADES_MESSAGES.INVALID_SCORE(1000) })
      .int({ error: GRADES_MESSAGES.INVALID_SCORE(1000) })
      .min(0, { error: GRADES_MESSAGES.INVALID_SCORE(1000) })
      .max(1000, { error: GRADES_MESSAGES.INVALID_SCORE(1000) })
      .meta({ description: 'The pupil’s score in points.', example: 52 }),
    maxScore: z
      .number({ error: GRADES_MESSAGES.INVALID_MAX_SCORE })
      .int({ error: GRADES_MESSAGES.INVALID_MAX_SCORE })
      .min(1, { error: GRADES_MESSAGES.INVALID_MAX_SCORE })
      .max(1000, { error: GRADES_MESSAGES.INVALID_MAX_SCORE })
      .meta({ description: 'The exam’s maximum score.', example: 78 }),
    nTerm: z
      .union([z.number(), z.string().max(10)], { error: GRADES_MESSAGES.INVALID_N_TERM })
      .transform((value, ctx): number => {
        const n = nTermTenths(nTermFromText(String(value)));
        if (n === null) {
          ctx.addIssue({ code: 'custom', message: GRADES_MESSAGES.INVALID_N_TERM });
          return z.NEVER;
        }
        return n;
      })
      .meta({ description: 'The exam’s N-term, 0,0–3,0 with one decimal ("1,1", "1.1" or 1.1).', example: '1,1' }),
  })
  .superRefine((exam, ctx) => {
    if (exam.score > exam.maxScore) {
      ctx.addIssue({ code: 'custom', path: ['score'], message: GRADES_MESSAGES.INVALID_SCORE(exam.maxScore) });
    }
  });

export type SavePastExam = z.output<typeof savePastExamSchema>;

/**
 * PUT /v1/users/me/grades/ce and the grades page's "Mijn echte CE-cijfer" form (issue 33, ADR 032): the CE grade
 * the pupil actually got in a subject with a central exam, or none to clear it. The subject is checked against
 * the pupil's level by the use case.
 */
export const saveCeGradeSchema = z.object({
  subject: z
    .string({ error: GRADES_MESSAGES.CE_GRADE_SUBJECT })
    .regex(/^[a-z0-9-]{1,40}$/, { error: GRADES_MESSAGES.CE_GRADE_SUBJECT })
    .meta({ description: 'The exam subject’s key, a subject with a central exam.', example: 'wiskunde-b' }),
  ce: gradeTextField(
    GRADES_MESSAGES.CE_GRADE_INVALID,
    'The CE grade the pupil got, 1,0–10,0 with one decimal ("6,4", "6.4" or 6.4); null, empty or absent: clear it.',
  ),
});

export type SaveCeGrade = z.output<typeof saveCeGradeSchema>;

const tenths = z.number().int().min(10).max(100);

/** A past exam as the pupil entered it, with its grade. */
export const pastExamViewSchema = z.object({
  id: z.number().int(),
  subject: z.string().meta({ example: 'wiskunde-b' }),
  name: z.string().meta({ example: 'Wiskunde B' }),
  year: z.number().int(),
  tijdvak: z.union([z.literal(1), z.literal(2)]),
  score: z.number().int(),
  maxScore: z.number().int(),
  nTenths: z.number().int().meta({ description: 'The N-term in tenths (11 = 1,1).' }),
  gradeTenths: tenths.meta({ description: 'The grade by the CvTE conversion with this N-term, in tenths.' }),
});

export type PastExamView = z.output<typeof pastExamViewSchema>;

/** GET and PUT /v1/users/me/grades/ce: the real CE grades the pupil entered, in the level's subject order. */
export const ceGradesViewSchema = z.object({
  level: z.string().meta({ example: 'havo' }),
  ceGrades: z.array(
    z.object({
      subject: z.string().meta({ example: 'wiskunde-b' }),
      name: z.string().meta({ example: 'Wiskunde B' }),
      ceTenths: tenths.meta({ description: 'The CE grade the pupil got, in tenths (64 = 6,4).' }),
      enteredAt: z.string().meta({ description: 'When the pupil entered (or last changed) it, ISO 8601.' }),
    }),
  ),
});

export type CeGradesView = z.output<typeof ceGradesViewSchema>;

const neededSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('any') }),
  z.object({ kind: z.literal('needed'), tenths, grade: z.number() }),
  z.object({ kind: z.literal('impossible') }),
]);

/** GET /v1/users/me/grades: the simulation (issue 21). */
export const gradesViewSchema = z.object({
  level: z.string().meta({ example: 'havo' }),
  subjects: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      kind: z.enum(['central', 'school', 'combination-part', 'assessed']),
      seTenths: tenths.nullable().meta({ description: 'The SE grade in tenths (68 = 6,8); null: not known yet.' }),
      assessment: z.enum(ASSESSMENTS).nullable(),
      prediction: z
        .object({
          basis: z.enum(['checks', 'recall']).meta({
            description:
              'From the exam checks (N = 1), or without any from the recall of the subject’s cards on the exam morning (at least half of them read; a wide band).',
          }),
          tenths,
          lowTenths: tenths,
          highTenths: tenths,
          attempts: z.number().int().min(0),
        })
        .nullable()
        .meta({ description: 'The predicted CE grade with its band; null without evidence.' }),
      needed: neededSchema.nullable().meta({
        description:
          'The CE grade needed to pass, the other exams as expected; null without a central exam or while grades are missing.',
      }),
      neededAtLow: neededSchema.nullable().meta({
        description:
          'When any grade passes as expected: the CE grade needed when every other central exam comes out at the low end of its band (without a prediction: at its SE grade). Null otherwise.',
      }),
      finalGrade: z
        .number()
        .int()
        .nullable()
        .meta({ description: 'The whole final grade with the CE grade used, once the outcome is known.' }),
      access: z.enum(['full', 'light', 'none']).nullable().meta({
        description:
          'The pupil’s access to the subject in Mijn Slaagbundel (a light demo, full, none); null: not one of their study subjects.',
      }),
      checksOnline: z
        .number()
        .int()
        .min(0)
        .nullable()
        .meta({ description: 'How many exam checks the subject has online; null when not known.' }),
      removable: z.boolean(),
      studyHref: z.string().nullable(),
      pastExams: z
        .number()
        .int()
        .min(0)
        .meta({ description: 'How many of the prediction’s grades are past exams the pupil entered.' }),
    }),
  ),
  pastExams: z.array(pastExamViewSchema).meta({ description: 'The past exams the pupil entered, newest exam first.' }),
  pastExamChoices: z
    .object({
      subjects: z.array(z.object({ key: z.string(), name: z.string() })),
      years: z.array(z.number().int()),
    })
    .meta({ description: 'What a past exam can be entered for: the listed subjects with a central exam, the years.' }),
  addable: z.array(z.object({ key: z.string(), name: z.string() })),
  missing: z.array(z.string()).meta({ description: 'Subjects whose SE grade or judgement is not filled in.' }),
  assumed: z
    .array(z.string())
    .meta({ description: 'Subjects without an exam check: their CE grade is assumed equal to the SE grade.' }),
  outcome: z
    .object({
      outcome: z.enum(['geslaagd', 'gezakt', 'herkansing']),
      message: z.string(),
      failures: z.array(z.object({ rule: z.string(), reason: z.string(), message: z.string() })),
    })
    .nullable()
    .meta({ description: 'The outcome with the predicted CE grades; null while something is missing.' }),
  suggestion: z
    .object({ key: z.string(), name: z.string(), message: z.string(), studyHref: z.string().nullable() })
    .nullable(),
  combinationGrade: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'The combination grade (havo, vwo), once the outcome is known.' }),
});

export type GradesView = z.output<typeof gradesViewSchema>;
