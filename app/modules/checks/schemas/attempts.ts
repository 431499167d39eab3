import { z } from '#app/platform/schemas/z.ts';

/** An exam check's result per topic (spec §3 Test latestAttempt.results.perTopic). */
export const perTopicSchema = z.object({
  topicId: z.number().int(),
  name: z.string(),
  percentage: z.number().int(),
  isUncertain: z.boolean().meta({ description: 'Too few questions on the topic to judge it.' }),
  score: z.number().int(),
  maxScore: z.number().int(),
});

export type PerTopicView = z.output<typeof perTopicSchema>;

/** Spec §3 Test latestAttempt. */
export const attemptSchema = z.object({
  id: z.number().int(),
  testId: z.number().int(),
  createdAt: z.iso.datetime(),
  score: z.number().int(),
  maxScore: z.number().int(),
  results: z.object({
    grade: z.number().meta({ description: 'The grade 1.0–10.0: 9 · score / max + 1, one decimal.', example: 6.8 }),
    perTopic: z.array(perTopicSchema),
  }),
});

export type AttemptView = z.output<typeof attemptSchema>;
