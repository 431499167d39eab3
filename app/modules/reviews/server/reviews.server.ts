import { recallAt } from '#app/modules/reviews/domain/memory.ts';
import { listAccess, subjectContent, subjectOfCard } from '#app/modules/cards/index.server.ts';
import { mayOpen } from '#app/modules/cards/index.ts';
import { listCardMemory, listDueMemories, meanReviewSeconds } from '#app/modules/reviews/db/memory.server.ts';
import type { CardMemory } from '#app/modules/reviews/domain/memory.ts';
import type { ReviewQueueView } from '#app/modules/reviews/schemas/review.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { subjectSlug } from '#app/platform/study-paths.ts';

/** At most this many due cards are listed (the total counts them all). */
export const QUEUE_LIST_LIMIT = 50;
/** The seconds a review is assumed to take before the pupil's own reviews say otherwise. */
export const DEFAULT_REVIEW_SECONDS = 30;

/**
 * The pupil's memory of each card they reviewed, by card id: read once per request, however many parts of a page
 * ask (today's plan, what next, the marks "herhaald").
 */
export function cardMemoryOf(s: Scope, userId: string): Promise<Map<number, CardMemory>> {
  return s.once(`reviews:card-memory:${userId}`, () => listCardMemory(s.db, userId));
}

/**
 * GET /v1/users/me/reviews/due (issue 20): the cards the pupil reviewed before that are due again now,
 * across their subjects, soonest due first, with how long reviewing them takes (their own mean time per
 * review, 30 s before they have one).
 */
export async function reviewQueue(s: Scope, userId: string, now: Date = new Date()): Promise<ReviewQueueView> {
  const [memories, seconds, access] = await Promise.all([
    listDueMemories(s.db, userId, now),
    meanReviewSeconds(s.db, userId),
    listAccess(s.db, userId),
  ]);
  // Only cards of subjects the pupil may still open (a card of the full stream only with full access), as the
  // subject's shared content has them.
  const subjectIds = await Promise.all(memories.map(({ cardId }) => subjectOfCard(s, cardId)));
  const openable = new Map<
    number,
    { title: string; subject: { id: number; name: string; slug: string; levelName: string } }
  >();
  for (const subjectId of new Set(subjectIds)) {
    const stream = subjectId === null ? undefined : access.get(subjectId);
    const content = subjectId !== null && stream ? await subjectContent(s, subjectId) : null;
    if (!stream || !content) continue;
    for (const card of content.cards) {
      if (mayOpen(stream, card)) openable.set(card.id, { title: card.title, subject: content.subject });
    }
  }
  const due = memories.flatMap(({ cardId, memory }) => {
    const card = openable.get(cardId);
    return card ? [{ cardId, ...card, memory }] : [];
  });
  return {
    cards: due.slice(0, QUEUE_LIST_LIMIT).map((row) => ({
      cardId: row.cardId,
      title: row.title,
      subject: { id: row.subject.id, name: row.subject.name, slug: subjectSlug(row.subject) },
      due: row.memory.due.toISOString(),
      recallNow: recallAt(row.memory, now),
    })),
    total: due.length,
    minutes: due.length === 0 ? 0 : Math.max(1, Math.round((due.length * (seconds ?? DEFAULT_REVIEW_SECONDS)) / 60)),
  };
}
