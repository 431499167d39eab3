import { LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import { DIFFICULTIES, QUICKSCAN_PARAMS, type Difficulty } from '#app/modules/quickscan/domain/quickscan.ts';
import { QUICKSCAN_MESSAGES } from '#app/modules/quickscan/domain/messages.ts';
import { z } from '#app/platform/schemas/z.ts';

/** A school subject the quick scan can ask about, with the levels it is an exam subject at. */
export interface QuickscanSubjectOption {
  slug: string;
  name: string;
  levels: readonly Level[];
}

/** The query of /quickscan as the schema reads it: each single value once, the lists repeated. */
export interface QuickscanQueryInput {
  niveau: string | undefined;
  examenjaar: string | undefined;
  vakken: string[];
  lastig: string[];
}

/** The answers in a URL's query (GET form), as the schema reads them; repeated single values count once. */
export function quickscanQueryInput(params: URLSearchParams): QuickscanQueryInput {
  return {
    niveau: params.get(QUICKSCAN_PARAMS.level) ?? undefined,
    examenjaar: params.get(QUICKSCAN_PARAMS.examYear) ?? undefined,
    vakken: params.getAll(QUICKSCAN_PARAMS.subjects),
    lastig: params.getAll(QUICKSCAN_PARAMS.difficulties),
  };
}

/** No answer given at all: the page shows the questions, without messages. */
export function isEmptyQuickscanQuery(input: QuickscanQueryInput): boolean {
  return !input.niveau && !input.examenjaar && input.vakken.length === 0 && input.lastig.length === 0;
}

/** Longer lists than this are not from our form. */
const MAX_LIST = 40;
const unique = <T>(list: readonly T[]) => [...new Set(list)];

/**
 * The quick scan's answers: a level of LEVEL_ORDER, an exam
 * year of `examYears`, one or more subjects taught at that level (in the
 * order of `subjects`), and any of DIFFICULTIES. Duplicates count once.
 * Dutch messages on the fields niveau, examenjaar, vakken and lastig.
 */
export function quickscanQuerySchema({
  subjects,
  examYears,
}: {
  subjects: readonly QuickscanSubjectOption[];
  examYears: readonly number[];
}) {
  const bySlug = new Map(subjects.map((s) => [s.slug, s]));
  const min = Math.min(...examYears);
  const max = Math.max(...examYears);
  return (
    z
      .object({
        niveau: z.enum(LEVEL_ORDER, { error: QUICKSCAN_MESSAGES.LEVEL }),
        examenjaar: z
          .string({ error: QUICKSCAN_MESSAGES.EXAM_YEAR })
          .regex(/^\d{4}$/, { error: QUICKSCAN_MESSAGES.EXAM_YEAR })
          .transform(Number)
          .refine((year) => year >= min && year <= max, { error: QUICKSCAN_MESSAGES.EXAM_YEAR }),
        vakken: z
          .array(z.string(), { error: QUICKSCAN_MESSAGES.SUBJECTS_REQUIRED })
          .max(MAX_LIST, { error: QUICKSCAN_MESSAGES.SUBJECT_UNKNOWN })
          .transform(unique)
          .refine((list) => list.length > 0, { error: QUICKSCAN_MESSAGES.SUBJECTS_REQUIRED })
          .refine((list) => list.every((slug) => bySlug.has(slug)), { error: QUICKSCAN_MESSAGES.SUBJECT_UNKNOWN }),
        lastig: z
          .array(z.enum(DIFFICULTIES, { error: QUICKSCAN_MESSAGES.DIFFICULTY }), {
            error: QUICKSCAN_MESSAGES.DIFFICULTY,
          })
          .max(MAX_LIST, { error: QUICKSCAN_MESSAGES.DIFFICULTY })
          .transform(unique),
      })
      // Also when another answer is wrong, as long as the level and the subjects can be read.
      .superRefine(
        (value, ctx) => {
          const elsewhere = value.vakken.filter((slug) => {
            const subject = bySlug.get(slug);
            return subject !== undefined && !subject.levels.includes(value.niveau);
          });
          if (elsewhere.length === 0) return;
          ctx.addIssue({
            code: 'custom',
            path: ['vakken'],
            message: QUICKSCAN_MESSAGES.subjectNotAtLevel(
              elsewhere.map((slug) => bySlug.get(slug)?.name ?? slug),
              value.niveau,
            ),
          });
        },
        {
          when: ({ value }) => {
            const { niveau, vakken } = (value ?? {}) as { niveau?: unknown; vakken?: unknown };
            return (LEVEL_ORDER as readonly unknown[]).includes(niveau) && Array.isArray(vakken);
          },
        },
      )
      .transform((value) => ({
        level: value.niveau,
        examYear: value.examenjaar,
        subjects: subjects.filter((s) => value.vakken.includes(s.slug)).map((s) => s.slug),
        difficulties: DIFFICULTIES.filter((d): d is Difficulty => value.lastig.includes(d)),
      }))
  );
}

export type QuickscanAnswers = z.output<ReturnType<typeof quickscanQuerySchema>>;
