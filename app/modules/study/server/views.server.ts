import { type ContentCard } from '#app/modules/study/server/study-state.server.ts';
import { isLearnable, isNew, topicViews } from '#app/modules/study/domain/access.ts';
import { type AttemptRow, type AttemptSummaryRow, type QuestionRow } from '#app/modules/study/db/checks.server.ts';
import { type StreamRow, type SubjectContentRow, type UserStudyState } from '#app/modules/study/db/study.server.ts';
import type { CardSection, Difficulty, ExamType } from '#app/modules/study/domain/study-content.ts';
import { type AnswerFeedbackView, type QuestionView } from '#app/modules/study/schemas/checks.ts';
import type {
  AttemptView,
  CardFilters,
  CardStateView,
  CardSummaryView,
  ParentTopicView,
  TopicView,
} from '#app/modules/study/schemas/study.ts';

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

// Exam checks.

export function attemptView(row: AttemptSummaryRow | AttemptRow): AttemptView {
  return {
    id: row.id,
    testId: row.testId,
    createdAt: new Date(row.createdAt).toISOString(),
    score: row.score,
    maxScore: row.maxScore,
    results: {
      grade: row.gradeTenths / 10,
      perTopic: row.perTopic.map((t) => ({
        topicId: t.topicId,
        name: t.name,
        percentage: t.percentage,
        isUncertain: t.isUncertain,
        score: t.score,
        maxScore: t.maxScore,
      })),
    },
  };
}

export function questionView(q: QuestionRow, names: ReadonlyMap<number, string>): QuestionView {
  const topic = { id: q.topicId, name: names.get(q.topicId) ?? '' };
  if (q.kind === 'choice') {
    return {
      id: q.id,
      kind: 'choice',
      topic,
      promptHtml: q.promptHtml,
      maxPoints: q.maxPoints,
      options: (q.options ?? []).map((o) => ({ id: o.id, html: o.html })),
    };
  }
  return {
    id: q.id,
    kind: 'open',
    topic,
    promptHtml: q.promptHtml,
    maxPoints: q.maxPoints,
    modelAnswerHtml: q.modelAnswerHtml ?? '',
    scoringPoints: q.scoringPoints ?? [],
  };
}

export function feedback(questions: readonly QuestionRow[], attempt: AttemptRow): AnswerFeedbackView[] {
  const given = new Map(attempt.answers.map((a) => [a.questionId, a]));
  return questions.map((q) => {
    const answer = given.get(q.id);
    const correct = q.options?.find((o) => o.correct)?.id ?? null;
    return {
      questionId: q.id,
      kind: q.kind === 'choice' ? 'choice' : 'open',
      points: answer?.points ?? 0,
      maxPoints: q.maxPoints,
      optionId: answer?.kind === 'choice' ? answer.optionId : null,
      correctOptionId: q.kind === 'choice' ? correct : null,
      explanationHtml: q.explanationHtml,
      text: answer?.kind === 'open' ? answer.text : null,
    };
  });
}
