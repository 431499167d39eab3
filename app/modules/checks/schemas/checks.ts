import { id, textId, topicRef } from '#app/modules/cards/index.ts';
import { attemptSchema } from '#app/modules/checks/schemas/attempts.ts';
import { storableText } from '#app/platform/schemas/fields.ts';
import { decimalInteger } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { CHECK_MESSAGES } from '#app/modules/checks/domain/messages.ts';

/** At most this many answers in one exam-check request (a check has at most 40 questions). */
export const MAX_ANSWERS = 60;
/** The longest open answer a pupil may type. */
export const MAX_OPEN_ANSWER = 4000;
export const testIdParams = z.object({ id: textId(CHECK_MESSAGES.UNKNOWN_TEST).meta({ example: 7 }) });

/** A test in a list (GET /v1/subject/{id}/tests). */
export const testSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  questionCount: z.number().int(),
  maxScore: z.number().int(),
  light: z.boolean(),
  locked: z.boolean().meta({ description: 'Only in the full stream; the pupil has light access.' }),
  latestAttempt: attemptSchema.nullable(),
  unfinished: z
    .object({
      question: z.number().int().meta({ description: 'The question the pupil was at (1 is the first).' }),
      answered: z.number().int(),
    })
    .nullable()
    .meta({ description: 'An attempt started and not yet handed in: it goes on where the pupil left it.' }),
});

export type TestSummaryView = z.output<typeof testSummarySchema>;

export const testListSchema = z.object({ tests: z.array(testSummarySchema) });

export const choiceQuestion = z.object({
  id: z.number().int(),
  kind: z.literal('choice'),
  topic: topicRef,
  promptHtml: z.string(),
  maxPoints: z.number().int(),
  options: z.array(z.object({ id: z.string(), html: z.string() })),
});

export const openQuestion = z.object({
  id: z.number().int(),
  kind: z.literal('open'),
  topic: topicRef,
  promptHtml: z.string(),
  maxPoints: z.number().int(),
  modelAnswerHtml: z.string().meta({ description: 'Shown after the pupil answered, to score themselves.' }),
  scoringPoints: z.array(z.string()),
});

export const questionSchema = z.discriminatedUnion('kind', [choiceQuestion, openQuestion]);
export type QuestionView = z.output<typeof questionSchema>;

/** GET /v1/test/{id}: the check with its questions (never which option is right). */
export const testSchema = testSummarySchema.omit({ locked: true, unfinished: true }).extend({
  subjectId: z.number().int(),
  questions: z.array(questionSchema),
});

/** The pupil's unfinished attempt of a check, to resume: the question they were at and their answers so far. */
export interface TestDraftView {
  step: number;
  answers: TestDraft['answers'];
}

export type TestView = z.output<typeof testSchema>;

/** One answer in POST /v1/test/{id}. */
export const answerSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      questionId: id(CHECK_MESSAGES.ANSWER_QUESTION),
      kind: z.literal('choice'),
      optionId: z
        .string({ error: CHECK_MESSAGES.ANSWER_OPTION })
        .regex(/^[a-f]$/, { error: CHECK_MESSAGES.ANSWER_OPTION })
        .nullable()
        .meta({ description: 'The chosen option (a–f); null when skipped.' }),
    }),
    z.object({
      questionId: id(CHECK_MESSAGES.ANSWER_QUESTION),
      kind: z.literal('open'),
      text: z
        .string({ error: CHECK_MESSAGES.ANSWER_TEXT })
        .max(MAX_OPEN_ANSWER, { error: CHECK_MESSAGES.ANSWER_LENGTH(MAX_OPEN_ANSWER) })
        .transform(storableText)
        .default(''),
      points: z
        .number({ error: CHECK_MESSAGES.ANSWER_POINTS })
        .int({ error: CHECK_MESSAGES.ANSWER_POINTS })
        .min(0, { error: CHECK_MESSAGES.ANSWER_POINTS })
        .max(10, { error: CHECK_MESSAGES.ANSWER_POINTS })
        .meta({ description: 'The points the pupil gives their own answer with the model answer.' }),
    }),
  ],
  { error: CHECK_MESSAGES.ANSWERS },
);

/** POST /v1/test/{id} (spec §7 "exam-check request body"): one answer per question. */
export const testAnswersSchema = z.object(
  {
    answers: z
      .array(answerSchema, { error: CHECK_MESSAGES.ANSWERS })
      .min(1, { error: CHECK_MESSAGES.ANSWERS })
      .max(MAX_ANSWERS, { error: CHECK_MESSAGES.ANSWERS })
      .refine((answers) => new Set(answers.map((a) => a.questionId)).size === answers.length, {
        error: CHECK_MESSAGES.ANSWER_TWICE,
      }),
  },
  { error: CHECK_MESSAGES.ANSWERS },
);

export type TestAnswers = z.output<typeof testAnswersSchema>;

/** Feedback on one answer after the check: what was right, and the points. */
export const answerFeedbackSchema = z.object({
  questionId: z.number().int(),
  kind: z.enum(['choice', 'open']),
  points: z.number().int(),
  maxPoints: z.number().int(),
  optionId: z.string().nullable().meta({ description: 'Multiple choice: the chosen option.' }),
  correctOptionId: z.string().nullable().meta({ description: 'Multiple choice: the right option.' }),
  explanationHtml: z.string().nullable(),
  text: z.string().nullable().meta({ description: 'Open question: what the pupil wrote.' }),
});

export type AnswerFeedbackView = z.output<typeof answerFeedbackSchema>;

/** POST /v1/test/{id} (the attempt result) and GET /v1/test/{id}/latest-attempt (spec §7: answers). */
export const attemptResultSchema = z.object({
  attempt: attemptSchema,
  answers: z.array(answerFeedbackSchema),
});

export type AttemptResultView = z.output<typeof attemptResultSchema>;

/**
 * The exam check as a form post (the check page without JavaScript, and its
 * JavaScript form alike): `choice-{id}` holds the option, `text-{id}` and
 * `points-{id}` an open answer. Turned into the API's body and checked with
 * testAnswersSchema, the one schema of this write.
 */
export function answersFromForm(
  form: FormData,
  questions: readonly { id: number; kind: 'choice' | 'open' }[],
): unknown {
  return {
    answers: questions.map((q) => {
      if (q.kind === 'choice') {
        const option = form.get(`choice-${q.id}`);
        return { questionId: q.id, kind: 'choice', optionId: typeof option === 'string' && option ? option : null };
      }
      const text = form.get(`text-${q.id}`);
      // Form text: a plain decimal integer is a number, anything else stays text and is refused (formSchema's rule).
      // No points chosen stays null: never a silent 0 (the schema refuses it, unscoredQuestions names it).
      const chosen = form.get(`points-${q.id}`);
      const points = chosen === null || chosen === '' ? null : decimalInteger(chosen);
      return { questionId: q.id, kind: 'open', text: typeof text === 'string' ? text : '', points };
    }),
  };
}

/** The numbers (1-based) of the open questions the form hands in without points: they must be scored first. */
export function unscoredQuestions(
  form: FormData,
  questions: readonly { id: number; kind: 'choice' | 'open' }[],
): number[] {
  return questions.flatMap((q, index) => {
    if (q.kind !== 'open') return [];
    const chosen = form.get(`points-${q.id}`);
    return chosen === null || chosen === '' ? [index + 1] : [];
  });
}

/** One answer of an unfinished check: like answerSchema, points null while the pupil has not scored it. */
const draftAnswerSchema = z.discriminatedUnion(
  'kind',
  [
    answerSchema.options[0],
    answerSchema.options[1].extend({ points: answerSchema.options[1].shape.points.nullable() }),
  ],
  { error: CHECK_MESSAGES.ANSWERS },
);

/** Saving an unfinished exam check (the form's answers so far and the question shown), to go on later. */
export const testDraftSchema = z.object(
  {
    step: z
      .number({ error: CHECK_MESSAGES.DRAFT_STEP })
      .int({ error: CHECK_MESSAGES.DRAFT_STEP })
      .min(0, { error: CHECK_MESSAGES.DRAFT_STEP })
      .max(MAX_ANSWERS, { error: CHECK_MESSAGES.DRAFT_STEP }),
    answers: z
      .array(draftAnswerSchema, { error: CHECK_MESSAGES.ANSWERS })
      .max(MAX_ANSWERS, { error: CHECK_MESSAGES.ANSWERS })
      .refine((answers) => new Set(answers.map((a) => a.questionId)).size === answers.length, {
        error: CHECK_MESSAGES.ANSWER_TWICE,
      }),
  },
  { error: CHECK_MESSAGES.ANSWERS },
);

export type TestDraft = z.output<typeof testDraftSchema>;

/** The form's answers so far as a draft body (checked with testDraftSchema): `step` holds the question shown. */
export function draftFromForm(form: FormData, questions: readonly { id: number; kind: 'choice' | 'open' }[]): unknown {
  const step = form.get('step');
  const { answers } = answersFromForm(form, questions) as { answers: unknown[] };
  return { step: typeof step === 'string' && step !== '' ? decimalInteger(step) : 0, answers };
}

/** The exam check of a product's subject in Mijn Slaagbundel, as an article's exam-check block shows it. */
export interface ArticleExamCheck {
  /** The subject page's address parts (app/platform/study-paths.ts). */
  subject: { id: number; slug: string; levelName: string };
  /** 'Wiskunde B havo'. */
  subjectTitle: string;
  /** Exam checks of the subject, and their questions together. */
  checks: number;
  questions: number;
}
