import { formSchema } from '#app/platform/schemas/form.ts';
import {
  type AccessRefusal,
  type StudyResult,
  ok,
  refuse,
  studyOf,
  subjectContent,
} from '#app/modules/study/server/study-state.server.ts';
import type { Result } from '#app/platform/result.ts';
import { isLearnable, mayOpen, topicViews } from '#app/modules/study/domain/access.ts';
import {
  cardState,
  cardSummary,
  matches,
  parentTopicViews,
  selectedTopicIds,
  topicNameMap,
} from '#app/modules/study/server/views.server.ts';
import {
  findCardSubject,
  findCardTexts,
  listCardSubjects,
  recordVisit,
  setLearned,
  type StreamRow,
  type SubjectContentRow,
} from '#app/modules/study/db/study.server.ts';
import {
  type CardFilters,
  type CardListView,
  type CardStateView,
  type CardView,
  type CardReviewResult,
  cardReviewFormSchema,
  type cardReviewSchema,
  learnedFormSchema,
} from '#app/modules/study/schemas/study.ts';
import { readReviewStart, recordReview, writeReviewFromKept } from '#app/modules/study/db/memory.server.ts';
import type { CardMemory } from '#app/modules/study/domain/memory.ts';
import { learnedSuggestion, nextReviewText, recallAt } from '#app/modules/study/domain/memory.ts';
import { reviewCard } from '../domain/fsrs.ts';
import type { ReviewMemo } from '#app/platform/server/caches/review-memo.server.ts';
import type { z } from '#app/platform/schemas/z.ts';

type CardReviewInput = z.output<typeof cardReviewSchema>;
import type { Scope } from '#app/platform/server/deps.ts';
import { userView } from '#app/platform/server/caches/user-views.server.ts';
import type { AccessStream } from '#app/modules/study/db/subjects.server.ts';

declare module '#app/platform/server/deps.ts' {
  interface ModuleDeps {
    /**
     * The review memo (ADR 022, app/platform/server/caches/review-memo.server.ts): what this server copy last
     * knew of a pupil's cards, so that a review in a run of reviews needs no read. One per server copy, made by
     * the composition root; the plan's read fills it too. Absent (unit tests of the shell): every review reads.
     */
    reviewMemo?: ReviewMemo<CardMemory, AccessStream>;
  }
}

/** The subject's cards (below), kept while the pupil's data stands (ADR 019): per filter set. */
export function listCards(
  s: Scope,
  userId: string,
  subjectId: number,
  filters: CardFilters,
): Promise<StudyResult<CardListView>> {
  return userView(s, userId, `study:cards:${subjectId}:${JSON.stringify(filters)}`, () =>
    listCardsNow(s, userId, subjectId, filters),
  );
}

/**
 * GET /v1/subject/{id}/cards (spec §7): the cards the pupil may open that
 * pass the filters, in the subject's order, with every available topic and
 * its progress. No access: refused (§6).
 */
async function listCardsNow(
  s: Scope,
  userId: string,
  subjectId: number,
  filters: CardFilters,
): Promise<StudyResult<CardListView>> {
  const { content, stream, state } = await studyOf(s, userId, subjectId);
  if (!content) return refuse('not_found');
  if (!stream) return refuse('no_access');
  const names = topicNameMap(content);
  const topicIds = selectedTopicIds(content, filters);
  const visible = content.cards.filter((card) => mayOpen(stream, card));
  const cards = visible
    .filter((card) => matches(card, filters, topicIds, state.learned.has(card.id) && isLearnable(content, card)))
    .map((card) => cardSummary(content, card, state, names));
  const availableTopics = topicViews(content, stream, state);
  return ok({
    cards,
    availableTopics,
    parentTopics: parentTopicViews(content, availableTopics),
    lockedCards: content.cards.length - visible.length,
  });
}

/**
 * The subject of a card, from a cached map of every card's subject (the same
 * for every pupil; a card added since is read from the database). Null: no
 * such card.
 */
export async function subjectOfCard(s: Scope, cardId: number): Promise<number | null> {
  const subjects = await s.cache.get('study:card-subjects', () => listCardSubjects(s.db));
  return subjects.get(cardId) ?? (await findCardSubject(s.db, cardId));
}

/** Whether a pupil with `stream` may open card `cardId` of `content`: the card, or why not. */
function openableIn(content: SubjectContentRow | null, cardId: number, stream: StreamRow) {
  const contentCard = content?.cards.find((c) => c.id === cardId);
  if (!content || !contentCard) return { refusal: 'not_found' as const };
  if (!stream) return { refusal: 'no_access' as const };
  if (!mayOpen(stream, contentCard)) return { refusal: 'light_only' as const };
  return { refusal: null, content, contentCard, stream };
}

/** A card the pupil may open: its subject's content, its entry there and the stream; or why not. */
export async function openableCard(s: Scope, userId: string, cardId: number) {
  const subjectId = await subjectOfCard(s, cardId);
  if (subjectId === null) return { refusal: 'not_found' as const };
  const { content, stream, state } = await studyOf(s, userId, subjectId);
  const found = openableIn(content, cardId, stream);
  if (found.refusal) return found;
  return { ...found, subjectId, state };
}

/** GET /v1/card/{id} (spec §7): the card with its text, if the pupil may open it. */
export async function getCard(s: Scope, userId: string, cardId: number): Promise<StudyResult<CardView>> {
  const [found, texts] = await Promise.all([openableCard(s, userId, cardId), findCardTexts(s.db, cardId)]);
  if (found.refusal) return refuse(found.refusal);
  if (!texts) return refuse('not_found');
  const { subjectId, content, contentCard, state } = found;
  return ok({
    ...cardSummary(content, contentCard, state, topicNameMap(content)),
    subjectId,
    bodyHtml: texts.bodyHtml,
    answerHtml: texts.answerHtml,
    isCorrections: content.study?.correctionsCardId === cardId,
  });
}

/**
 * POST/DELETE /v1/users/me/cards/{id}/learn (spec §4): marks the card learned
 * or not. Idempotent: the mark is the state asked for, so fast repeated
 * clicks end in the state of the last request. A sheet or the corrections
 * card cannot be learned (no change).
 */
export async function setCardLearned(
  s: Scope,
  userId: string,
  cardId: number,
  learned: boolean,
): Promise<StudyResult<CardStateView>> {
  const found = await openableCard(s, userId, cardId);
  if (found.refusal) return refuse(found.refusal);
  const { content, contentCard, stream, state } = found;
  if (isLearnable(content, contentCard)) {
    await setLearned(s.db, userId, cardId, learned);
    if (learned) state.learned.add(cardId);
    else state.learned.delete(cardId);
  }
  return ok(cardState(content, cardId, stream, state));
}

/** POST /v1/users/me/cards/{id}/visit (spec §4): clears the new-content flag of the card and its topics. */
export async function visitCard(s: Scope, userId: string, cardId: number): Promise<StudyResult<CardStateView>> {
  const found = await openableCard(s, userId, cardId);
  if (found.refusal) return refuse(found.refusal);
  const { content, contentCard, stream, state } = found;
  await recordVisit(s.db, userId, cardId, contentCard.topicIds);
  const now = new Date();
  state.visitedCards.set(cardId, now);
  for (const topicId of contentCard.topicIds) state.visitedTopics.set(topicId, now);
  return ok(cardState(content, cardId, stream, state));
}

/**
 * The learned toggle's form post (pages without JavaScript): `intent` learn
 * or unlearn and `cardId`. False when the form is malformed; a refusal changes nothing.
 */
export async function learnedFormAction(s: Scope, userId: string, form: FormData): Promise<boolean> {
  const parsed = formSchema(learnedFormSchema).safeParse({ intent: form.get('intent'), cardId: form.get('cardId') });
  if (!parsed.success) return false;
  await setCardLearned(s, userId, parsed.data.cardId, parsed.data.intent === 'learn');
  return true;
}

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
  // The pupil's most frequent write, so it reads the least. The subject's content is cached for everyone. In a
  // run of reviews this copy kept what the card's review starts from (`s.reviewMemo`, ADR 022), and the review
  // is one write that checks it is still so; otherwise, or when the check fails, one query reads it (the
  // card's memory, the pupil's own FSRS-6 parameters once fitted (ADR 018), their stream to the subject and
  // the learned mark) beside the content.
  const subjectId = await subjectOfCard(s, cardId);
  if (subjectId === null) return refuse('not_found' as const);
  const rate = (before: CardMemory | null, weights: number[] | null) =>
    reviewCard(before, input.rating, now, {
      secondsSpent: input.secondsSpent ?? null,
      ...(weights && { weights }),
    });
  const answer = (memory: CardMemory, weights: number[] | null, learned: boolean): CardReviewResult => ({
    cardId,
    rating: input.rating,
    due: memory.due.toISOString(),
    nextReviewText: nextReviewText(memory.due, now),
    recallNow: recallAt(memory, now, weights ?? undefined),
    stability: memory.stability,
    reviews: memory.reps,
    lapses: memory.lapses,
    learnedSuggestion: learnedSuggestion(memory, input.rating, learned),
  });

  const memo = s.reviewMemo;
  const kept = memo?.keptReviewStart(userId, cardId, subjectId);
  if (kept) {
    const content = await subjectContent(s, subjectId);
    const found = openableIn(content, cardId, kept.stream);
    // A refusal is only given from a read: the kept stream may be older than a new access.
    if (!found.refusal && isLearnable(found.content, found.contentCard)) {
      const { memory, log } = rate(kept.memory, kept.weights);
      const written = await writeReviewFromKept(
        s.db,
        { userId, cardId, subjectId, stream: kept.stream },
        kept.memory,
        memory,
        log,
      );
      if (written) {
        memo?.rememberMemory(userId, cardId, memory);
        return ok(answer(memory, kept.weights, written.learned));
      }
    }
    memo?.forgetMemory(userId, cardId);
  }

  const [content, start] = await Promise.all([
    subjectContent(s, subjectId),
    readReviewStart(s.db, userId, cardId, subjectId),
  ]);
  memo?.rememberPupil(userId, subjectId, start.weights, start.stream);
  const found = openableIn(content, cardId, start.stream);
  if (found.refusal) return refuse(found.refusal);
  if (!isLearnable(found.content, found.contentCard)) return refuse('not_reviewable' as const);
  const { memory } = await recordReview(s.db, userId, cardId, (before) => rate(before, start.weights), start.memory);
  memo?.rememberMemory(userId, cardId, memory);
  return ok(answer(memory, start.weights, start.learned));
}

/** The review's form post (the card modal, also without JavaScript); null when the form is malformed. */
export async function reviewFormAction(
  s: Scope,
  userId: string,
  form: FormData,
): Promise<Awaited<ReturnType<typeof reviewCardForUser>> | null> {
  const parsed = formSchema(cardReviewFormSchema).safeParse({
    intent: form.get('intent'),
    cardId: form.get('cardId'),
    rating: form.get('rating'),
    secondsSpent: form.get('secondsSpent') ?? undefined,
  });
  if (!parsed.success) return null;
  return reviewCardForUser(s, userId, parsed.data.cardId, parsed.data);
}
