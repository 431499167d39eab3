import { z } from '#app/platform/schemas/z.ts';
import { STUDY_MESSAGES, id } from '#app/modules/cards/index.ts';
import { REVIEW_RATING_VALUES } from '#app/modules/reviews/domain/ratings.ts';
import { REVIEW_MESSAGES } from '#app/modules/reviews/domain/messages.ts';

/** The longest a review may say was spent on a card: an hour (longer is a tab left open). */
export const MAX_REVIEW_SECONDS = 3600;
/**
 * The most seconds a review counts towards the day's minutes (ADR 030): longer is a pupil who looked away. The
 * pages send at most this; the log keeps what a client sent. FSRS tools cap the same way (Anki's "maximum
 * answer seconds", 60 by default); a card with a worked solution takes longer to read, so 120.
 */
export const REVIEW_SECONDS_CAP = 120;

/** A review of a card (issue 20): how well the pupil recalled it, and the seconds they spent on it. */
export const cardReviewSchema = z.object(
  {
    rating: z.enum(REVIEW_RATING_VALUES, { error: REVIEW_MESSAGES.RATING }).meta({
      description:
        'How well the pupil recalled the card: again (Opnieuw), hard (Moeilijk), good (Goed), easy (Makkelijk).',
      example: 'good',
    }),
    secondsSpent: z
      .number({ error: REVIEW_MESSAGES.SECONDS_SPENT })
      .int({ error: REVIEW_MESSAGES.SECONDS_SPENT })
      .min(0, { error: REVIEW_MESSAGES.SECONDS_SPENT })
      .max(MAX_REVIEW_SECONDS, { error: REVIEW_MESSAGES.SECONDS_SPENT })
      .optional()
      .meta({
        description: `Seconds from showing the card to rating it; the day's minutes count at most ${REVIEW_SECONDS_CAP} of them.`,
        example: 35,
      }),
    reviewsBefore: z
      .number({ error: REVIEW_MESSAGES.RATING })
      .int({ error: REVIEW_MESSAGES.RATING })
      .min(0, { error: REVIEW_MESSAGES.RATING })
      .max(1_000_000, { error: REVIEW_MESSAGES.RATING })
      .optional()
      .meta({
        description:
          'How many reviews the card had when it was shown (the answer’s `reviews` of its review before; 0 for a ' +
          'new card). A rating sent again, or after the card was rated elsewhere, is then not counted again: ' +
          'the answer (200, `repeated`) is the card as it is. Without it every rating counts.',
        example: 4,
      }),
  },
  { error: REVIEW_MESSAGES.RATING },
);

/**
 * The review as a form post (the card modal and the review session; also without JavaScript); read through
 * formSchema. Without JavaScript the page sends when it showed the card (`shownAt`, ms), and the seconds are
 * counted from it.
 */
export const cardReviewFormSchema = z.object({
  intent: z.literal('review', { error: REVIEW_MESSAGES.RATING }),
  cardId: id(STUDY_MESSAGES.UNKNOWN_CARD),
  ...cardReviewSchema.shape,
  shownAt: z.number({ error: REVIEW_MESSAGES.RATING }).int({ error: REVIEW_MESSAGES.RATING }).min(0).optional(),
});

/** A card's memory after a review (issue 20). */
export const cardReviewResultSchema = z.object({
  cardId: z.number().int(),
  rating: z.enum(REVIEW_RATING_VALUES),
  due: z.iso.datetime().meta({ description: 'When the next review of the card is planned.' }),
  nextReviewText: z
    .string()
    .meta({ example: 'over 3 dagen', description: 'When FSRS has the card due, in Dutch (its recall then 90 %).' }),
  sameDay: z.boolean().meta({
    description:
      'True when the card is in a learning step and comes back the same day (at `due`). Otherwise the study plan ' +
      'brings it back when that adds to the exam morning (ADR 031), which need not be at `due`.',
  }),
  recallNow: z.number().min(0).max(1).meta({ description: 'The predicted chance of recall now (0–1).' }),
  stability: z.number().meta({ description: 'Days until the predicted recall falls to 90 %.' }),
  reviews: z.number().int().meta({ description: 'How often the pupil reviewed the card.' }),
  lapses: z.number().int().meta({ description: 'How often they forgot it after knowing it.' }),
  repeated: z.boolean().meta({
    description:
      'True when this rating was not counted: the card was rated since it was shown (`reviewsBefore`), so the ' +
      'answer is the card as it is, with the rating that counted.',
  }),
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

const fsrsState = z.object({
  state: z.enum(['learning', 'review', 'relearning']),
  stability: z.number().meta({ description: 'Days until the predicted recall falls to 90 %.' }),
  difficulty: z.number().meta({ description: '1 (easy) to 10 (hard).' }),
});

/** GET /v1/users/me/reviews: the pupil's review log, oldest first. */
export const reviewLogSchema = z.object({
  exportedAt: z.iso.datetime(),
  reviews: z.array(
    z.object({
      cardId: z.number().int(),
      rating: z.enum(['again', 'hard', 'good', 'easy']),
      reviewedAt: z.iso.datetime(),
      elapsedDays: z.number().meta({ description: 'Days since the review before (0 for the first).' }),
      before: fsrsState.nullable().meta({ description: 'The FSRS state before; null for the first review.' }),
      after: fsrsState.extend({ due: z.iso.datetime() }),
      secondsSpent: z.number().int().nullable(),
    }),
  ),
});

export type ReviewLogView = z.output<typeof reviewLogSchema>;
