import { formSchema } from '#app/platform/schemas/form.ts';
import {
  openableIn,
  type StudyResult,
  ok,
  refuse,
  studyOf,
  subjectContent,
  subjectOfCard,
} from '#app/modules/cards/server/study-state.server.ts';
import { isLearnable, mayOpen, newSinceVisit, topicViews } from '#app/modules/cards/domain/access.ts';
import {
  cardState,
  cardSummary,
  matches,
  parentTopicViews,
  selectedTopicIds,
  topicNameMap,
} from '#app/modules/cards/server/views.server.ts';
import {
  findCardTexts,
  loadCardVisit,
  setLearned,
  type SubjectContentRow,
  type UserStudyState,
  visitAndLoadStudy,
} from '#app/modules/cards/db/study.server.ts';
import {
  type CardFilters,
  type CardListView,
  type CardStateView,
  type CardView,
  learnedFormSchema,
} from '#app/modules/cards/schemas/study.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { started } from '#app/platform/server/caches/started.ts';

/**
 * GET /v1/subject/{id}/cards (spec §7): the cards the pupil may open that
 * pass the filters, in the subject's order, with every available topic and
 * its progress. No access: refused (§6).
 */
export async function listCards(
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

/** A card the pupil may open: its subject's content, its entry there and the stream; or why not. */
export async function openableCard(s: Scope, userId: string, cardId: number) {
  const subjectId = await subjectOfCard(s, cardId);
  if (subjectId === null) return { refusal: 'not_found' as const };
  const { content, stream, state } = await studyOf(s, userId, subjectId);
  const found = openableIn(content, cardId, stream);
  if (found.refusal) return found;
  return { ...found, subjectId, state };
}

type CardTexts = NonNullable<Awaited<ReturnType<typeof findCardTexts>>>;

/**
 * The texts (body and answer) of a subject's cards read so far, kept with the subject's content as the read-through
 * cache holds it (`subjectContent`): the same for every pupil, and a pupil opens a card between every two reviews.
 * They go with that content object: when it expires or a publish forgets it (`forgetSubjectContent`), the next
 * request reads the new content and with it new texts. With the cache off (CONTENT_CACHE_SECONDS=0) every request
 * has content of its own, so nothing is kept.
 */
const textsOfContent = new WeakMap<SubjectContentRow, Map<number, Promise<CardTexts | null>>>();

function cardTexts(s: Scope, content: SubjectContentRow, cardId: number): Promise<CardTexts | null> {
  let texts = textsOfContent.get(content);
  if (!texts) textsOfContent.set(content, (texts = new Map()));
  let found = texts.get(cardId);
  if (!found) {
    const read = started(() => findCardTexts(s.db, cardId));
    found = read;
    texts.set(cardId, read);
    // A failed read is not kept.
    read.catch(() => texts.get(cardId) === read && texts.delete(cardId));
  }
  return found;
}

/**
 * GET /v1/card/{id} (spec §7): the card with its text, if the pupil may open it. It says nothing of the card's
 * topics' progress, so it reads what the pupil did with this card alone, not in the whole subject
 * (`loadCardVisit`), and their visits of its topics: `clearsNew` says whether opening it clears a new-content
 * flag (the card's or a topic's), so that the card modal posts its visit only then (`visitCard`).
 */
export async function getCard(s: Scope, userId: string, cardId: number): Promise<StudyResult<CardView>> {
  const subjectId = await subjectOfCard(s, cardId);
  if (subjectId === null) return refuse('not_found');
  const content = await subjectContent(s, subjectId);
  const card = content?.cards.find((c) => c.id === cardId);
  if (!content || !card) return refuse('not_found');
  const { stream, state } = await loadCardVisit(s.db, userId, subjectId, cardId, card.topicIds);
  const found = openableIn(content, cardId, stream);
  if (found.refusal) return refuse(found.refusal);
  const texts = await cardTexts(s, found.content, cardId);
  if (!texts) return refuse('not_found');
  const summary = cardSummary(found.content, found.contentCard, state, topicNameMap(found.content));
  return ok({
    ...summary,
    clearsNew: summary.newContent || clearsNewTopic(state, newTopicsOf(content, card)),
    subjectId,
    bodyHtml: texts.bodyHtml,
    answerHtml: texts.answerHtml,
    isCorrections: found.content.study?.correctionsCardId === cardId,
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

/**
 * POST /v1/users/me/cards/{id}/visit (spec §4): clears the new-content flag of the card and its topics. One
 * statement records the visit if the pupil may open the card and reads their state in the subject as it was; the
 * answer is that state with this visit in it.
 */
export async function visitCard(s: Scope, userId: string, cardId: number): Promise<StudyResult<CardStateView>> {
  const subjectId = await subjectOfCard(s, cardId);
  if (subjectId === null) return refuse('not_found');
  const content = await subjectContent(s, subjectId);
  const card = content?.cards.find((c) => c.id === cardId);
  if (!content || !card) return refuse('not_found');
  const { stream, state } = await visitAndLoadStudy(s.db, userId, subjectId, card, newTopicsOf(content, card));
  const found = openableIn(content, cardId, stream);
  if (found.refusal) return refuse(found.refusal);
  const now = new Date();
  state.visitedCards.set(cardId, now);
  for (const topicId of card.topicIds) state.visitedTopics.set(topicId, now);
  return ok(cardState(content, cardId, found.stream, state));
}

/**
 * The card's topics that hold new content, each with its newest card's `newSince`: a visit of the card clears
 * their new flag (`topicViews`) when it comes after that. Every card of the topic counts, also those the
 * pupil's stream cannot open: at worst a visit is written that changes no flag.
 */
function newTopicsOf(content: SubjectContentRow, card: SubjectContentRow['cards'][number]): Map<number, Date> {
  const own = new Set(card.topicIds);
  const newest = new Map<number, Date>();
  for (const other of content.cards) {
    if (!other.newSince) continue;
    for (const topicId of other.topicIds) {
      const since = newest.get(topicId);
      if (own.has(topicId) && (!since || other.newSince > since)) newest.set(topicId, other.newSince);
    }
  }
  return newest;
}

/** Whether a visit now clears a topic's new flag: one of `newTopics` not visited since its newest card's `newSince`. */
function clearsNewTopic(state: UserStudyState, newTopics: ReadonlyMap<number, Date>): boolean {
  for (const [topicId, since] of newTopics) if (newSinceVisit(since, state.visitedTopics.get(topicId))) return true;
  return false;
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
