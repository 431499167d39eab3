import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { z } from '#app/platform/schemas/z.ts';
import { attemptSchema } from '#app/modules/checks/index.ts';
import { streamSchema } from '#app/modules/checks/index.ts';

/** GET /v1/subject/{id}: the subject as the pupil sees it (spec §7). */
export const studySubjectSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  levelName: z.enum(LEVEL_ORDER),
  stream: streamSchema,
  latestTestAttempt: attemptSchema.nullable(),
  hasContent: z.boolean().meta({ description: 'The subject has study content (cards, checks).' }),
  aboutHtml: z.string().nullable(),
  counts: z.object({
    cards: z.number().int(),
    tests: z.number().int(),
    idioms: z.number().int(),
    topics: z.number().int(),
  }),
  chatbotId: z.number().int().nullable(),
  idiomListId: z.number().int().nullable(),
});

export type StudySubjectView = z.output<typeof studySubjectSchema>;
