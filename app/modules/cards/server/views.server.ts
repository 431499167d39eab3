import { type ContentCard } from '#app/modules/cards/server/study-state.server.ts';
import { isLearnable, isNew, topicViews } from '#app/modules/cards/domain/access.ts';
import { type StreamRow, type SubjectContentRow, type UserStudyState } from '#app/modules/cards/db/study.server.ts';
import type { CardSection, Difficulty, ExamType } from '#app/modules/cards/domain/study-content.ts';
import type {
  CardFilters,
  CardStateView,
  CardSummaryView,
  ParentTopicView,
  TopicView,
} from '#app/modules/cards/schemas/study.ts';

export function parentTopicViews(content: SubjectContentRow, topics: readonly TopicView[]): ParentTopicView[] {
  const used = new Set(topics.map((t) => t.parentId));
  return content.topics.filter((t) => t.parentId === null && used.has(t.id)).map((t) => ({ id: t.id, name: t.name }));
}

export function cardSummary(
  content: SubjectContentRow,
  card: ContentCard,
  state: UserStudyState,
  topicNames: ReadonlyMap<number, string>,
): CardSummaryView {
  return {
    id: card.id,
    title: card.title,
    section: card.section as CardSection,
    examType: card.examType as ExamType,
    difficulty: card.difficulty as Difficulty,
    topics: card.topicIds.map((id) => ({ id, name: topicNames.get(id) ?? '' })),
    newContent: isNew(card, state),
    userHasLearned: state.learned.has(card.id) && isLearnable(content, card),
    isDownload: card.isDownload,
    learnable: isLearnable(content, card),
    light: card.light,
  };
}

export const topicNameMap = (content: SubjectContentRow) => new Map(content.topics.map((t) => [t.id, t.name]));

/** Whether a card passes the filters (values of one filter widen, filters narrow). */
export function matches(
  card: ContentCard,
  filters: CardFilters,
  topicIds: ReadonlySet<number> | null,
  learned: boolean,
): boolean {
  if (filters.sections.length && !filters.sections.includes(card.section)) return false;
  if (filters.difficulty.length && !filters.difficulty.includes(card.difficulty)) return false;
  if (filters.examTypes.length && !filters.examTypes.includes(card.examType)) return false;
  if (topicIds && !card.topicIds.some((id) => topicIds.has(id))) return false;
  if (filters.hideLearned && learned) return false;
  return true;
}

/** The topic ids a filter selects: its topics and every topic of its parent topics; null: no topic filter. */
export function selectedTopicIds(content: SubjectContentRow, filters: CardFilters): Set<number> | null {
  if (filters.topicIds.length === 0 && filters.parentTopicIds.length === 0) return null;
  const parents = new Set(filters.parentTopicIds);
  const ids = new Set(filters.topicIds);
  for (const topic of content.topics) if (topic.parentId !== null && parents.has(topic.parentId)) ids.add(topic.id);
  return ids;
}

/** The card's state and its topics from the pupil's state (after a change this request made to it). */
export function cardState(content: SubjectContentRow, cardId: number, stream: StreamRow, state: UserStudyState) {
  const card = content.cards.find((c) => c.id === cardId)!;
  const own = new Set(card.topicIds);
  return {
    id: cardId,
    userHasLearned: state.learned.has(cardId) && isLearnable(content, card),
    newContent: isNew(card, state),
    topics: topicViews(content, stream, state).filter((t) => own.has(t.id)),
  } satisfies CardStateView;
}
