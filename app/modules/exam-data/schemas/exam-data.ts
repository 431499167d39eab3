/**
 * The exam reference data's writes and views (issue 35): one schema per write, shared by the staff's forms, their
 * actions and the API. A form sends text (`formSchema` turns numbers and booleans); the API a JSON body. Every
 * field error is Dutch; nothing is filled in silently (an N-term without a value is refused, never taken as 1,0).
 */
import { LEVEL_LABELS, LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import { rowId, storableText } from '#app/platform/schemas/fields.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { EXAM_DATA_MESSAGES as M } from '../domain/messages.ts';
import {
  CVTE_REFERENCE,
  EXAM_DATA_KINDS,
  isOfficialSource,
  VERSION_STATUSES,
  type ExamTimetable,
  type NTermRecord,
  type PastExamRecord,
  type Tijdvak,
} from '../domain/reference.ts';

/** A calendar date 'YYYY-MM-DD' that exists. */
export const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const isoDate = (error: string = M.DATE) =>
  z.string({ error }).trim().refine(isCalendarDate, { error }).meta({ format: 'date', example: '2027-05-12' });
const clock = z
  .string({ error: M.TIME })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: M.TIME })
  .meta({ example: '13:30' });
const level = z.enum(LEVEL_ORDER, { error: M.LEVEL });
const subjectSlug = z
  .string({ error: M.SUBJECT })
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: M.SUBJECT })
  .max(60, { error: M.SUBJECT })
  .meta({ description: 'The school subject’s slug.', example: 'wiskunde-b' });
const source = (error: string = M.SOURCE) =>
  z
    .string({ error })
    .trim()
    .max(500, { error })
    .refine((value) => isOfficialSource(value), { error })
    .meta({ format: 'uri', example: 'https://www.examenblad.nl/' });
const note = z
  .string({ error: M.NOTE })
  .overwrite(storableText)
  .trim()
  .min(3, { error: M.NOTE })
  .max(500, { error: M.NOTE })
  .meta({ description: 'What changes and why: shown to the staff member who approves it, and kept.' });

/** A form's row left empty is no row: the timetable form offers a few blank rows to fill. */
const dropBlankRows = (value: unknown) =>
  Array.isArray(value)
    ? value.filter(
        (row) =>
          row !== undefined &&
          row !== null &&
          !(typeof row === 'object' && Object.values(row).every((v) => v === undefined || v === '')),
      )
    : value;
/** A form's optional period left empty is none. */
const blankPeriod = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'object' && Object.entries(value).every(([k, v]) => k === 'levels' || v === undefined || v === ''))
    ? null
    : value;

const period = z.object({ from: isoDate(), to: isoDate() }, { error: M.DATE });

const timetableExam = z.object({ subject: subjectSlug, level, date: isoDate(), start: clock, end: clock });

const timetableShape = {
  examYear: z
    .number({ error: M.EXAM_YEAR })
    .int({ error: M.EXAM_YEAR })
    .min(2021, { error: M.EXAM_YEAR })
    .max(2100, { error: M.EXAM_YEAR }),
  reference: z
    .string({ error: M.REFERENCE })
    .overwrite(storableText)
    .trim()
    .max(300, { error: M.REFERENCE })
    .regex(CVTE_REFERENCE, { error: M.REFERENCE })
    .meta({ example: 'Regeling rooster centrale examens vo 2027 (CvTE-25.00123)' }),
  /** Null only in a record imported from the content file without it; a staff member's version names it. */
  publishedOn: isoDate(M.PUBLISHED_ON).nullable(),
  source: source(),
  firstPeriod: period,
  secondPeriod: z.preprocess(blankPeriod, period.nullable()),
  flexibleDigital: z.preprocess(
    blankPeriod,
    period
      .extend({ levels: z.array(level, { error: M.DIGITAL_LEVELS }).min(1, { error: M.DIGITAL_LEVELS }) })
      .nullable(),
  ),
  exams: z.preprocess(dropBlankRows, z.array(timetableExam, { error: M.EXAMS }).max(200, { error: M.EXAMS })),
};

/** The checks across a timetable's fields: periods in the exam year and in order, exams inside the first tijdvak. */
function checkTimetable(t: ExamTimetable, ctx: z.RefinementCtx) {
  const inYear = (p: { from: string; to: string }, path: string) => {
    if (p.from > p.to) ctx.addIssue({ code: 'custom', path: [path, 'to'], message: M.PERIOD_ORDER });
    for (const end of ['from', 'to'] as const) {
      if (!p[end].startsWith(`${t.examYear}-`))
        ctx.addIssue({ code: 'custom', path: [path, end], message: M.PERIOD_YEAR(t.examYear) });
    }
  };
  inYear(t.firstPeriod, 'firstPeriod');
  if (t.secondPeriod) {
    inYear(t.secondPeriod, 'secondPeriod');
    if (t.secondPeriod.from <= t.firstPeriod.to)
      ctx.addIssue({ code: 'custom', path: ['secondPeriod', 'from'], message: M.SECOND_AFTER_FIRST });
  }
  if (t.flexibleDigital) inYear(t.flexibleDigital, 'flexibleDigital');
  if (t.publishedOn && t.publishedOn > t.firstPeriod.from)
    ctx.addIssue({ code: 'custom', path: ['publishedOn'], message: M.PUBLISHED_LATE });
  const seen = new Set<string>();
  t.exams.forEach((exam, i) => {
    if (exam.date < t.firstPeriod.from || exam.date > t.firstPeriod.to)
      ctx.addIssue({ code: 'custom', path: ['exams', i, 'date'], message: M.EXAM_DATE_OUTSIDE });
    if (exam.start >= exam.end) ctx.addIssue({ code: 'custom', path: ['exams', i, 'end'], message: M.TIME_ORDER });
    const key = `${exam.subject}:${exam.level}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['exams', i, 'subject'], message: M.EXAM_TWICE });
    seen.add(key);
  });
}

/**
 * The cross-field checks run once the fields they read are valid, whatever else is wrong (a reference without its
 * kenmerk, a note left out): a form shows every error at once.
 */
const CROSS_CHECKED = new Set(['examYear', 'publishedOn', 'firstPeriod', 'secondPeriod', 'flexibleDigital', 'exams']);
const crossCheckable = {
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => !issue.path?.length || CROSS_CHECKED.has(String(issue.path[0]))),
};

/** A whole exam year of the CvTE's timetable, as it is kept (and as content/exam-timetable.json holds it). */
export const examTimetableSchema = z
  .object(timetableShape)
  .superRefine(checkTimetable, crossCheckable) satisfies z.ZodType<ExamTimetable, unknown>;

const examKey = {
  subject: subjectSlug,
  level,
  year: z.number({ error: M.YEAR }).int({ error: M.YEAR }).min(2000, { error: M.YEAR }).max(2100, { error: M.YEAR }),
  tijdvak: z
    .number({ error: M.TIJDVAK })
    .int({ error: M.TIJDVAK })
    .min(1, { error: M.TIJDVAK })
    .max(3, { error: M.TIJDVAK })
    .transform((value) => value as Tijdvak),
};

/** Parses content/exam-timetable.json; on failure one line per problem with its place in the file. */
export function parseTimetableFile(
  raw: unknown,
  file = 'exam-timetable.json',
): { success: true; data: ExamTimetable[] } | { success: false; errors: string[] } {
  if (!Array.isArray(raw)) return { success: false, errors: [`${file}: expected a list of exam years`] };
  const errors: string[] = [];
  const data: ExamTimetable[] = [];
  const years = new Set<number>();
  raw.forEach((entry, i) => {
    const parsed = examTimetableSchema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push(`${file}[${i}]${issue.path.map((p) => `[${String(p)}]`).join('')}: ${issue.message}`);
      return;
    }
    if (years.has(parsed.data.examYear))
      errors.push(`${file}[${i}]: exam year ${parsed.data.examYear} is listed twice`);
    years.add(parsed.data.examYear);
    data.push(parsed.data);
  });
  return errors.length ? { success: false, errors } : { success: true, data };
}

/** The N-term of one exam: 0,0–3,0 in steps of 0,1, with the exam's maximum score and where it was published. */
export const nTermSchema = z.object({
  ...examKey,
  n: z
    .number({ error: M.N_TERM })
    .min(0, { error: M.N_TERM })
    .max(3, { error: M.N_TERM })
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, { error: M.N_TERM })
    .meta({ example: 1.1 }),
  maxScore: z
    .number({ error: M.MAX_SCORE })
    .int({ error: M.MAX_SCORE })
    .min(1, { error: M.MAX_SCORE })
    .max(300, { error: M.MAX_SCORE })
    .meta({ example: 78 }),
  source: source(),
}) satisfies z.ZodType<NTermRecord, unknown>;

const examenblad = z
  .string({ error: M.PAST_EXAM_URL })
  .trim()
  .max(500, { error: M.PAST_EXAM_URL })
  .refine((value) => isOfficialSource(value, ['examenblad.nl']), { error: M.PAST_EXAM_URL })
  .meta({ format: 'uri', example: 'https://www.examenblad.nl/' });
/** A past exam: the exam, its correctievoorschrift and its normering, each a page on Examenblad. */
export const pastExamSchema = z.object({
  ...examKey,
  examUrl: examenblad,
  correctionUrl: examenblad,
  normingUrl: examenblad,
}) satisfies z.ZodType<PastExamRecord, unknown>;

/** POST …/exam-data/timetables and the timetable form: a new version of one exam year, with a note. */
export const proposeTimetableSchema = z
  .object({ ...timetableShape, publishedOn: isoDate(M.PUBLISHED_ON), note })
  .superRefine(checkTimetable, crossCheckable);
/** POST …/exam-data/n-terms and the N-term form. */
export const proposeNTermSchema = nTermSchema.extend({ note });
/** POST …/exam-data/past-exams and the past-exam form. */
export const proposePastExamSchema = pastExamSchema.extend({ note });

/** POST …/exam-data/changes/{id}/reject and the change page's form: why. */
export const rejectChangeSchema = z.object({
  reason: z
    .string({ error: M.REJECT_REASON })
    .overwrite(storableText)
    .trim()
    .min(3, { error: M.REJECT_REASON })
    .max(500, { error: M.REJECT_REASON }),
});
/** A change (version) in a path. */
export const changeParamsSchema = z.object({ id: textNumber(rowId(M.NOT_FOUND)) });

const versionStatus = z.enum(VERSION_STATUSES);
const kind = z.enum(EXAM_DATA_KINDS);

/** A version of one record, as staff see it. */
export const examDataVersionSchema = z.object({
  id: z.number().int(),
  kind,
  key: z.string().meta({ description: 'The record: an exam year, or subject:level:year:tijdvak.' }),
  version: z.number().int(),
  status: versionStatus,
  title: z.string().meta({ description: 'What the record is, in Dutch: "Examenrooster 2027".' }),
  note: z.string().nullable(),
  proposedBy: z.string().nullable().meta({ description: 'The staff member’s name; null: imported from content.' }),
  proposedAt: z.iso.datetime(),
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  decisionNote: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type ExamDataVersionView = z.output<typeof examDataVersionSchema>;

/** One subject's exam date moved by a timetable change, and what it does to the plans aimed at it. */
export const dateMoveSchema = z.object({
  subject: z.string(),
  level: z.enum(LEVEL_ORDER),
  examYear: z.number().int().meta({ description: 'The exam year of the pupils whose date moves.' }),
  name: z.string().meta({ example: 'Wiskunde B havo' }),
  from: z.string().meta({ format: 'date' }),
  to: z.string().meta({ format: 'date' }),
  pupils: z.number().int().meta({ description: 'Pupils of that exam year whose plan aims at this date.' }),
  newPerDayBefore: z.number().nullable().meta({ description: 'Their mean new cards a day before the change.' }),
  newPerDayAfter: z.number().nullable(),
  sampled: z.number().int().meta({ description: 'How many of their plans were computed for the figures.' }),
});
export type DateMoveView = z.output<typeof dateMoveSchema>;

/** What publishing a change does: the sentence staff read before approving, and its parts. */
export const changeEffectSchema = z.object({
  summary: z.string(),
  pupils: z.number().int(),
  moves: z.array(dateMoveSchema),
});
export type ChangeEffectView = z.output<typeof changeEffectSchema>;

/** GET …/exam-data/changes/{id}: the version, the published one it would replace, and its effect. */
export const examDataChangeSchema = z.object({
  change: examDataVersionSchema,
  published: examDataVersionSchema.nullable(),
  effect: changeEffectSchema,
  mayDecide: z.boolean().meta({ description: 'Whether the caller may approve or reject it (not their own).' }),
  mayWithdraw: z.boolean().meta({ description: 'Whether the caller proposed it and may withdraw it (reject).' }),
});
export type ExamDataChangeView = z.output<typeof examDataChangeSchema>;

/** GET …/exam-data: every record with its published version and a pending change. */
export const examDataListSchema = z.object({
  records: z.array(
    z.object({
      kind,
      key: z.string(),
      title: z.string(),
      published: examDataVersionSchema.nullable(),
      pending: examDataVersionSchema.nullable(),
    }),
  ),
});
export type ExamDataListView = z.output<typeof examDataListSchema>;

/** Levels as the forms label them. */
export const LEVEL_OPTIONS: readonly { value: Level; label: string }[] = LEVEL_ORDER.map((value) => ({
  value,
  label: LEVEL_LABELS[value],
}));

/** GET /v1/users/me/exam-date-notices: an exam date a published timetable moved, until the pupil closes it. */
export const examDateNoticeSchema = z.object({
  subjectId: z.number().int(),
  subjectName: z.string().meta({ example: 'Wiskunde B havo' }),
  from: z.string().meta({ format: 'date', description: 'The date the plan aimed at before.' }),
  to: z.string().meta({ format: 'date', description: 'The date it aims at now.' }),
  sourceName: z.string().meta({ example: 'Examenrooster CvTE 2027 (CvTE-25.00123)' }),
});
/** DELETE /v1/users/me/exam-date-notices/{subjectId} and the area home's "Begrepen". */
export const noticeParamsSchema = z.object({ subjectId: textNumber(rowId(M.NOTICE)) });
