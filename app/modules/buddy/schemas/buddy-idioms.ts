import { textId } from '#app/modules/cards/index.ts';
import { storableText } from '#app/platform/schemas/fields.ts';
import { z } from '#app/platform/schemas/z.ts';
import { BUDDY_MESSAGES } from '#app/modules/buddy/domain/messages.ts';

/** The longest question a pupil may ask the buddy. */
export const MAX_BUDDY_QUESTION = 500;
export const chatbotIdParams = z.object({ id: textId(BUDDY_MESSAGES.UNKNOWN_CHATBOT).meta({ example: 3 }) });
export const idiomIdParams = z.object({ id: textId(BUDDY_MESSAGES.UNKNOWN_IDIOM).meta({ example: 3 }) });

// Exam buddy and idioms (spec §3 Chatbot, Idiom: isActive per user).

export const chatbotSchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  name: z.string(),
  intro: z.string(),
  isActive: z.boolean().meta({ description: 'The pupil has (light or full) access to the subject.' }),
});

export type ChatbotView = z.output<typeof chatbotSchema>;

export const chatbotListSchema = z.object({ chatbots: z.array(chatbotSchema) });

export const idiomEntrySchema = z.object({
  id: z.number().int(),
  term: z.string(),
  meaning: z.string(),
  example: z.string(),
});

export type IdiomEntryView = z.output<typeof idiomEntrySchema>;

export const idiomListSummarySchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  title: z.string(),
  subjectName: z.string(),
  entryCount: z.number().int(),
  isActive: z.boolean().meta({ description: 'The pupil has (light or full) access to the subject.' }),
});

export type IdiomListSummaryView = z.output<typeof idiomListSummarySchema>;

export const idiomListsSchema = z.object({ idioms: z.array(idiomListSummarySchema) });

export const idiomListSchema = idiomListSummarySchema.extend({ entries: z.array(idiomEntrySchema) });
export type IdiomListView = z.output<typeof idiomListSchema>;

export const idiomSearchQuerySchema = z.object({
  q: z
    .string({ error: BUDDY_MESSAGES.SEARCH })
    .trim()
    .max(100, { error: BUDDY_MESSAGES.SEARCH_LENGTH })
    .transform(storableText)
    .optional()
    .meta({ description: 'Only the terms whose term, meaning or example contain these words.' }),
});

/** A question to the exam buddy. */
export const buddyQuestionSchema = z.object(
  {
    question: z
      .string({ error: BUDDY_MESSAGES.QUESTION_REQUIRED })
      .trim()
      .min(1, { error: BUDDY_MESSAGES.QUESTION_REQUIRED })
      .max(MAX_BUDDY_QUESTION, { error: BUDDY_MESSAGES.QUESTION_LENGTH })
      .transform(storableText),
  },
  { error: BUDDY_MESSAGES.QUESTION_REQUIRED },
);

export const buddySourceSchema = z.object({
  kind: z.enum(['card', 'idiom']),
  id: z.number().int(),
  title: z.string(),
  excerpt: z
    .string()
    .meta({ description: 'Whole sentences as plain text; a formula plain text cannot show reads "…".' }),
  excerptHtml: z
    .string()
    .meta({ description: 'The excerpt as the card shows it: a whole step (its paragraphs, formulas, table).' }),
  path: z.string().meta({
    description:
      'Where the source is: a card over its subject’s learn page (as the learn pages link it), an idiom in its list.',
    example: '/mijnslaagbundel/24/wiskunde-b-havo/leren-en-oefenen/kaart/312',
  }),
});

export const buddyAnswerSchema = z.object({
  question: z.string(),
  /** How the answer was made: found in the subject's own material, or written by a language model from it. */
  mode: z.enum(['retrieval', 'language-model']),
  answer: z.string(),
  sources: z.array(buddySourceSchema),
});

export type BuddyAnswerView = z.output<typeof buddyAnswerSchema>;

/** An answer as a conversation keeps it: one saved before sources had a path shows without one. */
export const storedBuddyAnswerSchema = buddyAnswerSchema.extend({
  sources: z.array(buddySourceSchema.extend({ path: z.string().default('') })),
});
