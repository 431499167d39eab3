import { CARD_SECTIONS, DIFFICULTIES, EXAM_TYPES } from '#app/modules/cards/domain/study-content.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { STUDY_MESSAGES } from '#app/modules/cards/domain/messages.ts';

/**
 * The study area's API and pages (spec §3 Card, Topic, Test,
 * Chatbot, Idiom; §7 subject, card and test calls): the card filters of a
 * listing's query, the exam-check answers a pupil sends, and the shapes the
 * API answers (also what the pages get from their loaders).
 */
/** The largest id (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;
/** At most this many values per filter in a query. */
export const MAX_FILTER_VALUES = 50;

/** An id in a JSON body (a number) or a form (through formSchema). */
export const id = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message });

/** An id in a path or a query: text, a plain decimal integer. */
export const textId = (message: string) => textNumber(id(message));

export const subjectIdParams = z.object({ id: textId(STUDY_MESSAGES.UNKNOWN_SUBJECT).meta({ example: 12 }) });
export const cardIdParams = z.object({ id: textId(STUDY_MESSAGES.UNKNOWN_CARD).meta({ example: 345 }) });

/** A query value that may come once (a string) or repeated (an array): always an array. */
export const list = <T extends z.ZodType>(item: T, description: string) =>
  z
    .preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(item).max(MAX_FILTER_VALUES, { error: STUDY_MESSAGES.FILTER }),
    )
    .meta({ description, type: 'array' });

/**
 * The filters of a card listing (spec §2, §7 `{filterQuery}`): `sections[]`,
 * `topicIds[]`, `parentTopicIds[]` (a chapter: all its topics),
 * `difficulty[]`, `examTypes[]` and `hideLearned`. Values of one filter
 * widen (or), filters narrow (and); topics and parent topics together are one
 * filter. The same schema reads a page's address and the API's query.
 */
export const cardFilterQuerySchema = z.object({
  'sections[]': list(
    z.enum(CARD_SECTIONS, { error: STUDY_MESSAGES.FILTER }),
    'Sections: uitleg, oefenen, examenvragen.',
  ),
  'topicIds[]': list(textId(STUDY_MESSAGES.TOPIC), 'Topic ids (availableTopics).'),
  'parentTopicIds[]': list(textId(STUDY_MESSAGES.TOPIC), 'Parent topic ids: every topic of the chapter.'),
  'difficulty[]': list(z.enum(DIFFICULTIES, { error: STUDY_MESSAGES.FILTER }), 'makkelijk, gemiddeld, moeilijk.'),
  'examTypes[]': list(z.enum(EXAM_TYPES, { error: STUDY_MESSAGES.FILTER }), 'CE (centraal examen), SE (schoolexamen).'),
  hideLearned: z
    .enum(['true', 'false'], { error: STUDY_MESSAGES.FILTER })
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: 'Leave out the cards the pupil marked learned.' }),
});

export type CardFilterQuery = z.output<typeof cardFilterQuerySchema>;

/** The filters as the service takes them. */
export interface CardFilters {
  sections: string[];
  topicIds: number[];
  parentTopicIds: number[];
  difficulty: string[];
  examTypes: string[];
  hideLearned: boolean;
}

export const toCardFilters = (q: CardFilterQuery): CardFilters => ({
  sections: q['sections[]'],
  topicIds: q['topicIds[]'],
  parentTopicIds: q['parentTopicIds[]'],
  difficulty: q['difficulty[]'],
  examTypes: q['examTypes[]'],
  hideLearned: q.hideLearned,
});

/** A URL's query as the API's validator sees it: a key once → a string, repeated → an array. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** The learned toggle as a form post (pages without JavaScript); read through formSchema. */
export const learnedFormSchema = z.object({
  intent: z.enum(['learn', 'unlearn'], { error: STUDY_MESSAGES.UNKNOWN_CARD }),
  cardId: id(STUDY_MESSAGES.UNKNOWN_CARD),
});

// Answers of the API.

export const topicRef = z.object({ id: z.number().int(), name: z.string() });

/** Spec §3 Topic, with its chapter. */
export const topicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().meta({ description: 'The parent topic (chapter).' }),
  newContent: z.boolean().meta({ description: 'A card of the topic is new since the pupil last opened one of them.' }),
  learnedCards: z.number().int(),
  totalLearnableCards: z.number().int(),
});

export type TopicView = z.output<typeof topicSchema>;

export const parentTopicSchema = topicRef;
export type ParentTopicView = z.output<typeof parentTopicSchema>;

/** Spec §3 Card, as a list shows it (no text). */
export const cardSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  section: z.enum(CARD_SECTIONS),
  examType: z.enum(EXAM_TYPES),
  difficulty: z.enum(DIFFICULTIES),
  topics: z.array(topicRef),
  newContent: z.boolean(),
  userHasLearned: z.boolean(),
  isDownload: z.boolean().meta({ description: 'A sheet to print or save; not learnable.' }),
  learnable: z
    .boolean()
    .meta({ description: 'Counts for progress and can be marked learned (not a sheet, not the corrections card).' }),
  light: z.boolean().meta({ description: 'Part of the light stream.' }),
});

export type CardSummaryView = z.output<typeof cardSummarySchema>;

/**
 * A card in the learn page's list: what the list shows, its topics by id (their names are in the page's
 * topics once, not again on every card).
 */
export type LearnListCard = Omit<CardSummaryView, 'topics' | 'light'> & { topicIds: number[] };

/** GET /v1/subject/{id}/cards (spec §7: cards and availableTopics). */
export const cardListSchema = z.object({
  cards: z.array(cardSummarySchema),
  availableTopics: z.array(topicSchema),
  parentTopics: z.array(parentTopicSchema),
  lockedCards: z
    .number()
    .int()
    .meta({ description: 'Cards of the full stream a pupil with light access does not see (0 with full access).' }),
});

export type CardListView = z.output<typeof cardListSchema>;

/** GET /v1/card/{id}: the card with its text (HTML with the formulas rendered). */
export const cardSchema = cardSummarySchema.extend({
  subjectId: z.number().int(),
  bodyHtml: z.string(),
  answerHtml: z.string().nullable(),
  isCorrections: z.boolean().meta({ description: 'The corrections card of the subject’s bundle.' }),
  clearsNew: z.boolean().meta({
    description:
      'Opening the card clears a new-content flag, its own or one of its topics’: only then does the card modal ' +
      'post its visit (POST /v1/users/me/cards/{id}/visit).',
  }),
});

export type CardView = z.output<typeof cardSchema>;

/** POST/DELETE /v1/users/me/cards/{id}/learn and POST …/visit. */
export const cardStateSchema = z.object({
  id: z.number().int(),
  userHasLearned: z.boolean(),
  newContent: z.boolean(),
  topics: z.array(topicSchema).meta({ description: 'The card’s topics with their counts after the change.' }),
});

export type CardStateView = z.output<typeof cardStateSchema>;
