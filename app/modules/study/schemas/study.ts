import { CARD_SECTIONS, DIFFICULTIES, EXAM_TYPES } from '#app/modules/study/domain/study-content.ts';
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { STUDY_MESSAGES } from '#app/modules/study/domain/messages.ts';
import { REVIEW_RATING_VALUES } from '#app/modules/study/domain/memory.ts';

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
/** At most this many answers in one exam-check request (a check has at most 40 questions). */
export const MAX_ANSWERS = 60;
/** The longest open answer a pupil may type. */
export const MAX_OPEN_ANSWER = 4000;
export const MAX_BUDDY_QUESTION = 500;

/** An id in a JSON body (a number) or a form (through formSchema). */
export const id = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message });

/** An id in a path or a query: text, a plain decimal integer. */
export const textId = (message: string) => textNumber(id(message));

export const subjectIdParams = z.object({ id: textId(STUDY_MESSAGES.UNKNOWN_SUBJECT).meta({ example: 12 }) });
export const cardIdParams = z.object({ id: textId(STUDY_MESSAGES.UNKNOWN_CARD).meta({ example: 345 }) });
export const testIdParams = z.object({ id: textId(STUDY_MESSAGES.UNKNOWN_TEST).meta({ example: 7 }) });
export const chatbotIdParams = z.object({ id: textId(STUDY_MESSAGES.UNKNOWN_CHATBOT).meta({ example: 3 }) });
export const idiomIdParams = z.object({ id: textId(STUDY_MESSAGES.UNKNOWN_IDIOM).meta({ example: 3 }) });

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

/** The longest a review may say was spent on a card: an hour (longer is a tab left open). */
export const MAX_REVIEW_SECONDS = 3600;

/** A review of a card (issue 20): how well the pupil recalled it, and the seconds they spent on it. */
export const cardReviewSchema = z.object(
  {
    rating: z.enum(REVIEW_RATING_VALUES, { error: STUDY_MESSAGES.RATING }).meta({
      description:
        'How well the pupil recalled the card: again (Opnieuw), hard (Moeilijk), good (Goed), easy (Makkelijk).',
      example: 'good',
    }),
    secondsSpent: z
      .number({ error: STUDY_MESSAGES.SECONDS_SPENT })
      .int({ error: STUDY_MESSAGES.SECONDS_SPENT })
      .min(0, { error: STUDY_MESSAGES.SECONDS_SPENT })
      .max(MAX_REVIEW_SECONDS, { error: STUDY_MESSAGES.SECONDS_SPENT })
      .optional()
      .meta({ description: 'Seconds from opening the card to rating it.', example: 35 }),
  },
  { error: STUDY_MESSAGES.RATING },
);

/** The review as a form post (the card modal; also without JavaScript); read through formSchema. */
export const cardReviewFormSchema = z.object({
  intent: z.literal('review', { error: STUDY_MESSAGES.RATING }),
  cardId: id(STUDY_MESSAGES.UNKNOWN_CARD),
  rating: cardReviewSchema.shape.rating,
  secondsSpent: cardReviewSchema.shape.secondsSpent,
});

// Answers of the API.

/** A card's memory after a review (issue 20). */
export const cardReviewResultSchema = z.object({
  cardId: z.number().int(),
  rating: z.enum(REVIEW_RATING_VALUES),
  due: z.iso.datetime().meta({ description: 'When the next review of the card is planned.' }),
  nextReviewText: z.string().meta({ example: 'over 3 dagen', description: 'When, in Dutch.' }),
  recallNow: z.number().min(0).max(1).meta({ description: 'The predicted chance of recall now (0–1).' }),
  stability: z.number().meta({ description: 'Days until the predicted recall falls to 90 %.' }),
  reviews: z.number().int().meta({ description: 'How often the pupil reviewed the card.' }),
  lapses: z.number().int().meta({ description: 'How often they forgot it after knowing it.' }),
  learnedSuggestion: z.enum(['suggest_learned', 'forgotten_learned']).nullable().meta({
    description:
      'What the review suggests for the learned mark, which it never changes: mark it (known for a week or more), or the card marked learned was forgotten.',
  }),
});

export type CardReviewResult = z.output<typeof cardReviewResultSchema>;

/** The cards due for review now, across the pupil's subjects (issue 20). */
export const reviewQueueSchema = z.object({
  cards: z
    .array(
      z.object({
        cardId: z.number().int(),
        title: z.string(),
        subject: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
        due: z.iso.datetime().meta({ description: 'When the review became due.' }),
        recallNow: z.number().min(0).max(1).meta({ description: 'The predicted chance of recall now (0–1).' }),
      }),
    )
    .meta({ description: `The due cards, soonest due first (at most ${50}).` }),
  total: z.number().int().meta({ description: 'How many cards are due (also beyond the list).' }),
  minutes: z.number().int().meta({ description: 'About how many minutes reviewing them takes.' }),
});

export type ReviewQueueView = z.output<typeof reviewQueueSchema>;

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

// The user's subject (spec §3 User subject), now with its stream's tests and latest attempt.

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

export const streamSchema = z.object({
  userHasAccess: z.boolean().meta({ description: 'Full access (a license code or an order).' }),
  isLightStream: z.boolean().meta({ description: 'Light access only (a demo).' }),
  tests: z
    .array(z.object({ id: z.number().int(), title: z.string() }))
    .meta({ description: 'The subject’s exam checks.' }),
  correctionsCardId: z.number().int().nullable(),
});

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

// Exam checks.
