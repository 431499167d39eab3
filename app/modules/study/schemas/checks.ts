import {
  attemptSchema,
  MAX_ANSWERS,
  MAX_OPEN_ANSWER,
  STUDY_MESSAGES,
  id,
  topicRef,
} from '#app/modules/study/schemas/study.ts';

import { storableText } from '#app/platform/schemas/fields.ts';
import { z } from '#app/platform/schemas/z.ts';

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
export const testSchema = testSummarySchema.omit({ locked: true }).extend({
  subjectId: z.number().int(),
  questions: z.array(questionSchema),
});

export type TestView = z.output<typeof testSchema>;

/** One answer in POST /v1/test/{id}. */
export const answerSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      questionId: id(STUDY_MESSAGES.ANSWER_QUESTION),
      kind: z.literal('choice'),
      optionId: z
        .string({ error: STUDY_MESSAGES.ANSWER_OPTION })
        .regex(/^[a-f]$/, { error: STUDY_MESSAGES.ANSWER_OPTION })
        .nullable()
        .meta({ description: 'The chosen option (a–f); null when skipped.' }),
    }),
    z.object({
      questionId: id(STUDY_MESSAGES.ANSWER_QUESTION),
      kind: z.literal('open'),
      text: z
        .string({ error: STUDY_MESSAGES.ANSWER_TEXT })
        .max(MAX_OPEN_ANSWER, { error: `Je antwoord is te lang: maximaal ${MAX_OPEN_ANSWER} tekens.` })
        .transform(storableText)
        .default(''),
      points: z
        .number({ error: STUDY_MESSAGES.ANSWER_POINTS })
        .int({ error: STUDY_MESSAGES.ANSWER_POINTS })
        .min(0, { error: STUDY_MESSAGES.ANSWER_POINTS })
        .max(10, { error: STUDY_MESSAGES.ANSWER_POINTS })
        .meta({ description: 'The points the pupil gives their own answer with the model answer.' }),
    }),
  ],
  { error: STUDY_MESSAGES.ANSWERS },
);

/** POST /v1/test/{id} (spec §7 "exam-check request body"): one answer per question. */
export const testAnswersSchema = z.object(
  {
    answers: z
      .array(answerSchema, { error: STUDY_MESSAGES.ANSWERS })
      .min(1, { error: STUDY_MESSAGES.ANSWERS })
      .max(MAX_ANSWERS, { error: STUDY_MESSAGES.ANSWERS })
      .refine((answers) => new Set(answers.map((a) => a.questionId)).size === answers.length, {
        error: STUDY_MESSAGES.ANSWER_TWICE,
      }),
  },
  { error: STUDY_MESSAGES.ANSWERS },
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
      const points = Number(form.get(`points-${q.id}`) ?? 0);
      return { questionId: q.id, kind: 'open', text: typeof text === 'string' ? text : '', points };
    }),
  };
}

/** The exam check of a product's subject in Mijn Slaagbundel, as an article's exam-check block shows it. */
export interface ArticleExamCheck {
  /** The subject page's address parts (app/modules/study/domain/study-paths.ts). */
  subject: { id: number; slug: string; levelName: string };
  /** 'Wiskunde B havo'. */
  subjectTitle: string;
  /** Exam checks of the subject, and their questions together. */
  checks: number;
  questions: number;
}
