/**
 * The CvTE's exam timetable as content data (issue 20): content/exam-timetable.json, one record per exam
 * year, each with the Regeling rooster it comes from. A record holds the first tijdvak's period, the
 * period of the vmbo bb/kb's flexible digital exams (the school picks the day), and the day of each
 * subject's central exam where the regulation names it. `npm run content:validate` checks it.
 */
import { z } from '#app/platform/schemas/z.ts';
import { LEVEL_ORDER } from '#app/platform/levels.ts';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(value).toISOString().startsWith(value),
    {
      message: 'not a calendar date',
    },
  );

const period = z
  .object({ from: isoDate, to: isoDate })
  .strict()
  .refine((p) => p.from <= p.to, { message: 'the period ends before it starts' });

export const examTimetableYearSchema = z
  .object({
    examYear: z.number().int().min(2020).max(2100),
    /** The regulation's title and reference (kenmerk). */
    reference: z.string().min(10),
    /** Where it is published (officielebekendmakingen.nl or examenblad.nl). */
    source: z.url({ protocol: /^https$/ }),
    firstPeriod: period,
    flexibleDigital: period
      .and(z.object({ levels: z.array(z.enum(LEVEL_ORDER)).min(1) }))
      .nullable()
      .optional(),
    /** The day of a subject's first-tijdvak exam per level, as the regulation lists it. */
    exams: z.array(
      z.object({ subject: z.string().min(1), levels: z.array(z.enum(LEVEL_ORDER)).min(1), date: isoDate }).strict(),
    ),
  })
  .strict();

import type { ExamTimetableYear } from '../domain/exam-dates.ts';

export type { ExamTimetableYear };

export const examTimetableSchema = z.array(examTimetableYearSchema);

/** Parses content/exam-timetable.json; on failure one line per problem with the path inside the file. */
export function parseExamTimetable(
  raw: unknown,
  file = 'exam-timetable.json',
): { success: true; data: ExamTimetableYear[] } | { success: false; errors: string[] } {
  const parsed = examTimetableSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      success: false,
      errors: parsed.error.issues.map(
        (issue) => `${file}${issue.path.map((p) => `[${String(p)}]`).join('')}: ${issue.message}`,
      ),
    };
  }
  const errors: string[] = [];
  const years = new Set<number>();
  parsed.data.forEach((year, i) => {
    if (years.has(year.examYear)) errors.push(`${file}[${i}]: exam year ${year.examYear} is listed twice`);
    years.add(year.examYear);
    for (const [field, p] of [
      ['firstPeriod', year.firstPeriod],
      ['flexibleDigital', year.flexibleDigital],
    ] as const) {
      if (p && (!p.from.startsWith(`${year.examYear}-`) || !p.to.startsWith(`${year.examYear}-`))) {
        errors.push(`${file}[${i}].${field}: the period is not in ${year.examYear}`);
      }
    }
    year.exams.forEach((exam, j) => {
      if (exam.date < year.firstPeriod.from || exam.date > year.firstPeriod.to) {
        errors.push(`${file}[${i}].exams[${j}] ${exam.subject}: ${exam.date} is outside the first tijdvak`);
      }
    });
  });
  return errors.length ? { success: false, errors } : { success: true, data: parsed.data };
}
