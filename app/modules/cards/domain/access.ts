/**
 * The study area's access and progress rules (spec §3 Topic, §4 Subject access):
 * what a stream may open, which cards count for progress, what is new to a
 * pupil, and the topics with their progress. Pure: the server reads the content
 * and the pupil's state and passes them in.
 */

/** A pupil's access to a subject (spec §4): the full stream, the light (trial) stream, or none. */
export type Stream = 'full' | 'light' | null;

/** What these rules read of a card. */
export interface CardShape {
  id: number;
  light: boolean;
  isDownload: boolean;
  newSince: Date | null;
  topicIds: number[];
}

/** What these rules read of a subject's content. */
export interface ContentShape {
  study: { correctionsCardId: number | null } | null;
  topics: readonly { id: number; parentId: number | null; name: string }[];
  cards: readonly CardShape[];
}

/** What the pupil did in the subject: learned cards, and when they last visited cards and topics. */
export interface StudyState {
  learned: ReadonlySet<number>;
  visitedCards: ReadonlyMap<number, Date>;
  visitedTopics: ReadonlyMap<number, Date>;
}

/** A topic the stream can see, with the pupil's progress in it. */
export interface TopicProgressView {
  id: number;
  name: string;
  parentId: number;
  newContent: boolean;
  learnedCards: number;
  totalLearnableCards: number;
}

/** Whether the stream may open this card or test. */
export const mayOpen = (stream: Stream, item: { light: boolean }): boolean =>
  stream === 'full' || (stream === 'light' && item.light);

/** A card counts for a topic's progress unless it is a sheet to print or the corrections card. */
export const isLearnable = (content: ContentShape, card: CardShape): boolean =>
  !card.isDownload && card.id !== content.study?.correctionsCardId;

/** Whether content new since `newSince` is still new to a pupil who last visited at `visited` (spec §4). */
export const newSinceVisit = (newSince: Date | null, visited: Date | undefined): boolean =>
  newSince !== null && (!visited || visited < newSince);

export const isNew = (card: CardShape, state: StudyState): boolean =>
  newSinceVisit(card.newSince, state.visitedCards.get(card.id));

/** The topics the stream can see, with the pupil's progress (spec §3 Topic). */
export function topicViews(content: ContentShape, stream: Stream, state: StudyState): TopicProgressView[] {
  const visible = content.cards.filter((card) => mayOpen(stream, card));
  const stats = new Map<number, { learned: number; total: number; newSince: Date | null; cards: number }>();
  for (const card of visible) {
    for (const topicId of card.topicIds) {
      const stat = stats.get(topicId) ?? { learned: 0, total: 0, newSince: null, cards: 0 };
      stat.cards += 1;
      if (isLearnable(content, card)) {
        stat.total += 1;
        if (state.learned.has(card.id)) stat.learned += 1;
      }
      if (card.newSince && (!stat.newSince || card.newSince > stat.newSince)) stat.newSince = card.newSince;
      stats.set(topicId, stat);
    }
  }
  return content.topics.flatMap((topic) => {
    const stat = stats.get(topic.id);
    if (topic.parentId === null || !stat) return [];
    return [
      {
        id: topic.id,
        name: topic.name,
        parentId: topic.parentId,
        newContent: newSinceVisit(stat.newSince, state.visitedTopics.get(topic.id)),
        learnedCards: stat.learned,
        totalLearnableCards: stat.total,
      },
    ];
  });
}
