/**
 * Rating a card (issue 20): the pupil's recall of a card they may open moves its FSRS memory on and logs the
 * review, in one read and one write.
 */
import { formSchema } from '#app/platform/schemas/form.ts';
import type { Result } from '#app/platform/result.ts';
import { queueSummaryRefreshAfterReview } from '#app/platform/server/summary-refresh.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { z } from '#app/platform/schemas/z.ts';
import {
  type AccessRefusal,
  cardStandingSql,
  ok,
  refuse,
  subjectContent,
  openableIn,
  subjectOfCard,
} from '#app/modules/cards/index.server.ts';
import { isLearnable } from '#app/modules/cards/index.ts';
import { createReviewStore, latestReview } from '#app/modules/reviews/db/memory.server.ts';
import { REVIEW_RATINGS, type ReviewRating } from '#app/modules/reviews/domain/ratings.ts';
import {
  type CardMemory,
  learnedSuggestion,
  nextReviewText,
  recallAt,
  reviewCard,
} from '#app/modules/reviews/domain/memory.ts';
import {
  type CardReviewResult,
  cardReviewFormSchema,
  type cardReviewSchema,
  REVIEW_SECONDS_CAP,
} from '#app/modules/reviews/schemas/review.ts';

type CardReviewInput = z.output<typeof cardReviewSchema>;

/** The review's statements, which read and check the pupil's standing with the card by the cards module's SQL. */
const store = createReviewStore(cardStandingSql);

/**
 * POST /v1/users/me/cards/{id}/reviews (issue 20): the pupil's rating of their recall of a card they may
 * open. The card's FSRS memory moves on and the review is logged; the learned mark is left as it is (the
 * answer says what the review suggests for it). A sheet or the corrections card is not reviewed.
 */
export async function reviewCardForUser(
  s: Scope,
  userId: string,
  cardId: number,
  input: CardReviewInput,
  now: Date = new Date(),
): Promise<Result<CardReviewResult, { reason: AccessRefusal | 'not_reviewable' }>> {
  // The pupil's most frequent write, so it reads the least. The subject's content is cached for everyone; one
  // query reads what the card's review starts from (the card's memory, the pupil's own FSRS-6 parameters once
  // fitted (ADR 018), their stream to the subject and the learned mark) beside it, and one statement writes the
  // review if that memory is still the card's.
  const subjectId = await subjectOfCard(s, cardId);
  if (subjectId === null) return refuse('not_found' as const);
  // A rating of the card as the pupil saw it (ADR 030): counted only while its count of reviews is still that.
  const asShown = (memory: CardMemory | null) =>
    input.reviewsBefore === undefined || (memory?.reps ?? 0) === input.reviewsBefore;
  const rate = (before: CardMemory | null, weights: number[] | null) =>
    reviewCard(before, input.rating, now, { secondsSpent: input.secondsSpent ?? null, ...(weights && { weights }) });
  /** The answer: the card's memory after this review, or (`counted`: the rating that counted) as it is. */
  const answer = (
    memory: CardMemory,
    weights: number[] | null,
    learned: boolean,
    counted?: ReviewRating,
  ): CardReviewResult => ({
    cardId,
    rating: counted ?? input.rating,
    due: memory.due.toISOString(),
    nextReviewText: nextReviewText(memory.due, now),
    // In a learning step (rated Opnieuw, or a first read rated Moeilijk) the card is due within minutes.
    sameDay: memory.state !== 2,
    recallNow: recallAt(memory, now, weights ?? undefined),
    stability: memory.stability,
    reviews: memory.reps,
    lapses: memory.lapses,
    repeated: counted !== undefined,
    learnedSuggestion: counted ? null : learnedSuggestion(memory, input.rating, learned),
  });

  const [content, start] = await Promise.all([
    subjectContent(s, subjectId),
    store.readReviewStart(s.db, userId, cardId, subjectId),
  ]);
  const found = openableIn(content, cardId, start.stream);
  if (found.refusal) return refuse(found.refusal);
  if (!isLearnable(found.content, found.contentCard)) return refuse('not_reviewable' as const);
  const made = await store.recordReview(
    s.db,
    userId,
    cardId,
    (before) => (asShown(before) ? rate(before, start.weights) : null),
    start.memory,
  );
  if (!made) {
    // Rated since it was shown (a double submit, a stray key): not counted again; the card as it is answers.
    const latest = await latestReview(s.db, userId, cardId);
    if (!latest) return refuse('not_found' as const);
    const rating = REVIEW_RATINGS.find((r) => r.grade === latest.rating)?.value ?? input.rating;
    return ok(answer(latest.memory, start.weights, start.learned, rating));
  }
  const { memory } = made;
  // What the pupil's class dashboard and parents read follows (issue 31): the first review of a run a few seconds
  // later, the run's later ones within half a minute (issue 36).
  queueSummaryRefreshAfterReview(s, userId, subjectId);
  return ok(answer(memory, start.weights, start.learned));
}

/** The review's form post (the card modal and the review session, also without JavaScript); null when malformed. */
export async function reviewFormAction(
  s: Scope,
  userId: string,
  form: FormData,
  now = Date.now(),
): Promise<Awaited<ReturnType<typeof reviewCardForUser>> | null> {
  const field = (name: string) => form.get(name) ?? undefined;
  const parsed = formSchema(cardReviewFormSchema).safeParse({
    intent: form.get('intent'),
    cardId: form.get('cardId'),
    rating: form.get('rating'),
    secondsSpent: field('secondsSpent'),
    reviewsBefore: field('reviewsBefore'),
    shownAt: field('shownAt'),
  });
  if (!parsed.success) return null;
  const { cardId, shownAt, secondsSpent, rating, reviewsBefore } = parsed.data;
  // Without JavaScript the seconds count from when the page showed the card (at most the cap, as the page's do).
  const seconds =
    secondsSpent ??
    (shownAt === undefined ? undefined : Math.min(REVIEW_SECONDS_CAP, Math.round(Math.max(0, now - shownAt) / 1000)));
  return reviewCardForUser(s, userId, cardId, {
    rating,
    ...(seconds !== undefined && { secondsSpent: seconds }),
    ...(reviewsBefore !== undefined && { reviewsBefore }),
  });
}
