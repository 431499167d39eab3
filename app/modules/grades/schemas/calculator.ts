import { z } from '#app/platform/schemas/z.ts';
import { type Level, LEVEL_ORDER } from '#app/platform/levels.ts';
import { convertScore, nTermFromText } from '#app/modules/grades/domain/conversion.ts';
import { type ExamSubjectKind, examSubjectsOf } from '#app/modules/grades/domain/exam-subjects.ts';
import { GRADES_MESSAGES } from '#app/modules/grades/domain/messages.ts';
import { ASSESSMENTS } from '#app/modules/grades/domain/simulator.ts';
import { seGradeField } from '#app/modules/grades/schemas/grades.ts';

/**
 * The public grade calculator's two GET forms (/exameninfo/cijfer-berekenen,
 * issue 21 part 6). Their inputs are the page's query, so a result is a
 * shareable URL that carries only what was typed and nothing is stored.
 *
 * Part one, score → grade: `score`, `max` and `n` (the N-term, 1,0 when left
 * empty). Part two, the pass/fail check: `niveau` and per subject of that
 * level `se-{key}`, `ce-{key}` and, for LO and the other judged parts,
 * `oordeel-{key}`.
 */

const WHOLE = /^\d{1,8}$/;
/** Longer than any grade, score or N-term; the query's fields are read only up to it. */
const FIELD_MAX = 12;
const text = z.string().trim().max(FIELD_MAX).optional();

const whole = (value: string | undefined): number => (value && WHOLE.test(value) ? Number(value) : Number.NaN);

/** Score → grade: the three fields as text, checked by the conversion itself (its refusals name the field). */
export const conversionQuerySchema = z.object({ score: text, max: text, n: text }).transform((query, ctx) => {
  const nText = query.n ? query.n : '1,0';
  const nTerm = nTermFromText(nText);
  const input = { score: whole(query.score), maxScore: whole(query.max), nTerm };
  const converted = convertScore(input);
  if (!converted.ok) {
    const field = { invalid_max_score: 'max', invalid_score: 'score', invalid_n_term: 'n' }[converted.reason];
    ctx.addIssue({ code: 'custom', path: [field], message: converted.message });
    return z.NEVER;
  }
  return input;
});

export type ConversionQuery = z.output<typeof conversionQuerySchema>;

/** The pass/fail check: a level and, per subject, what was typed (empty: not taken, or not known yet). */
export const quickCheckQuerySchema = z.object({
  level: z.enum(LEVEL_ORDER, { error: 'Kies je niveau.' }),
  entries: z
    .array(
      z.object({
        subject: z.string().max(40),
        se: seGradeField,
        ce: seGradeField,
        // An empty select ("nog niet bekend") is no judgement.
        assessment: z.preprocess(
          (value) => (value === '' ? undefined : value),
          z.enum(ASSESSMENTS, { error: GRADES_MESSAGES.CHOOSE_ASSESSMENT }).optional(),
        ),
      }),
    )
    .max(40),
});

export type QuickCheckQuery = z.output<typeof quickCheckQuerySchema>;

/** The query parameter of a subject's field in the pass/fail check. */
export const quickCheckField = (field: 'se' | 'ce' | 'assessment', key: string): string =>
  `${field === 'assessment' ? 'oordeel' : field}-${key}`;

/** The check's raw input from a query: the level, and each of its subjects' fields as typed. */
export function quickCheckInput(params: URLSearchParams): { level: string; entries: Record<string, string>[] } {
  const level = params.get('niveau') ?? '';
  const subjects = (LEVEL_ORDER as readonly string[]).includes(level)
    ? examSubjectsOf(level as (typeof LEVEL_ORDER)[number])
    : [];
  const entries = subjects.map((subject) => {
    const entry: Record<string, string> = { subject: subject.key };
    for (const field of ['se', 'ce', 'assessment'] as const) {
      const value = params.get(quickCheckField(field, subject.key));
      if (value !== null) entry[field] = value.slice(0, FIELD_MAX * 2);
    }
    return entry;
  });
  return { level, entries };
}

/* What the calculator page shows (gradeCalculator answers it). */

/**
 * An exam with its published N-term (issue 35: "kies een examen"): the calculator fills in its maximum score and
 * N-term. Given by the page (the exam data staff keep), not read here.
 */
export interface CalculatorExam {
  /** 'wiskunde-b:havo:2024:1'. */
  key: string;
  /** 'Wiskunde B havo 2024, tijdvak 1'. */
  label: string;
  maxScore: number;
  /** The N-term, e.g. 1.1. */
  n: number;
  /** Where the CvTE published it. */
  source: string;
}

export interface ConversionAnswer {
  /** The exam chosen from the list, when one was (its values fill the fields left empty). */
  exam: CalculatorExam | null;
  /** What was typed, by query name (score, max, n). */
  typed: Record<string, string>;
  /** The Dutch message per field; null when nothing is wrong (or nothing was asked). */
  errors: Record<string, string> | null;
  result: {
    score: number;
    maxScore: number;
    /** The N-term as text with a comma ('1,1'). */
    n: string;
    /** The grade with a comma ('6,3'). */
    grade: string;
    /** The main formula, or a bend near an end of the scale. */
    line: 'main' | 'low' | 'high';
    /** The lowest score for a 5,5 on this scale with this N-term; null when not even a full score gives it. */
    passScore: number | null;
    /** The same exam with N = 1,0, when the N-term is another. */
    gradeAtOne: string | null;
  } | null;
}

export interface CheckSubjectField {
  key: string;
  name: string;
  kind: ExamSubjectKind;
  /** Every list of the level has it: it must be filled in. */
  required: boolean;
  /** The query names of its fields. */
  fields: { se?: string; ce?: string; assessment?: string };
}

export interface CheckAnswer {
  level: Level;
  /** The pass/fail rules of the level with their sources; `verified` false: not checked against the article yet. */
  rules: { title: string; source: string; verified: boolean }[];
  levels: { value: Level; label: string }[];
  subjects: CheckSubjectField[];
  typed: Record<string, string>;
  /** Per field name, the Dutch message; null when nothing is wrong. */
  errors: Record<string, string> | null;
  result: {
    /** Names of the subjects still to fill in; the outcome waits for them. */
    missing: string[];
    /** Names of the central exams without a CE grade (assumed equal to the SE grade). */
    assumed: string[];
    outcome: {
      outcome: 'geslaagd' | 'gezakt' | 'herkansing';
      message: string;
      /** Built on CE grades assumed equal to the SE grades: the message says so. */
      assumed: boolean;
      failures: string[];
    } | null;
    /** Per counted subject: its final grade and, without a CE grade, what its exam needs. */
    lines: {
      key: string;
      name: string;
      finalGrade: number | null;
      assessment: string | null;
      needed: string | null;
      /** A part of the combination grade: listed under it. */
      part: boolean;
    }[];
    combinationGrade: number | null;
  } | null;
}

export interface CalculatorPage {
  conversion: ConversionAnswer;
  check: CheckAnswer;
}
