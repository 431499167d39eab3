/**
 * The study area (issue 9; spec §3 Card, Topic, Test, Chatbot, Idiom; §4
 * card learned toggle, visits, saving results, subject access; §7 subject,
 * card and test calls). Every function takes the session's user id and
 * checks their access to the subject on the server: a card or test of a
 * subject without access is never sent (§6), and a light stream sees only
 * its light part.
 *
 * A subject's content without its texts is the same for everybody and read
 * through the read-through cache; what the pupil did (learned, visited,
 * results) is read per request in one query.
 */
import {
  findCardSubject,
  findCardTexts,
  findLatestAttempt,
  findStudySubject,
  findTest,
  insertAttempt,
  listCardSubjects,
  latestAttemptPerSubject,
  learnedPerSubject,
  listAttempts,
  listQuestions,
  loadSubjectContent,
  loadStudyVisit,
  recordVisit,
  setLearned,
  type AttemptRow,
  type AttemptSummaryRow,
  type QuestionRow,
  type StreamRow,
  type SubjectContentRow,
  type UserStudyState,
} from '#app/modules/study/db/study.server.ts';
import { choicePoints, scoreCheck, selfScoredPoints } from '#app/modules/study/domain/exam-check.ts';
import { LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import type { AttemptAnswerRow } from '../db/tables.ts';
import type { CardSection, Difficulty, ExamType } from '#app/modules/study/domain/study-content.ts';
import {
  type AnswerFeedbackView,
  type AttemptResultView,
  type AttemptView,
  type CardFilters,
  type CardListView,
  type CardStateView,
  type CardSummaryView,
  type CardView,
  type ParentTopicView,
  type QuestionView,
  type StudySubjectView,
  type TestAnswers,
  type TestSummaryView,
  type TestView,
  type TopicView,
  learnedFormSchema,
  type ArticleExamCheck,
} from '#app/modules/study/schemas/study.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { findProductsForSubjects, toProductSummary } from '#app/modules/catalog/index.server.ts';
import type { ProductSummary } from '#app/modules/catalog/index.ts';
import { subjectTitle } from '#app/modules/study/domain/study-paths.ts';

export type StudyRefusal = 'not_found' | 'no_access' | 'light_only';
export type StudyResult<T> = { ok: true; value: T } | { ok: false; reason: StudyRefusal };

const ok = <T>(value: T): StudyResult<T> => ({ ok: true, value });
const refuse = <T>(reason: StudyRefusal): StudyResult<T> => ({ ok: false, reason });

/** A subject's content (no texts), cached: the same for every pupil. Null: no such subject. */
export function subjectContent(s: Scope, subjectId: number): Promise<SubjectContentRow | null> {
  return s.once(`study:subject:${subjectId}`, () =>
    s.cache.get(`study:subject:${subjectId}`, () => loadSubjectContent(s.db, subjectId)),
  );
}

type ContentCard = SubjectContentRow['cards'][number];

/** Whether the stream may open this card or test. */
const mayOpen = (stream: StreamRow, item: { light: boolean }): boolean =>
  stream === 'full' || (stream === 'light' && item.light);

/** A card counts for a topic's progress unless it is a sheet to print or the corrections card. */
const isLearnable = (content: SubjectContentRow, card: ContentCard): boolean =>
  !card.isDownload && card.id !== content.study?.correctionsCardId;

const isNew = (card: ContentCard, state: UserStudyState): boolean => {
  if (!card.newSince) return false;
  const visited = state.visitedCards.get(card.id);
  return !visited || visited < card.newSince;
};

const levelOf = (name: string): Level => {
  if (!(LEVEL_ORDER as readonly string[]).includes(name)) throw new Error(`unknown level ${name}`);
  return name as Level;
};

/** The topics the stream can see, with the pupil's progress (spec §3 Topic). */
function topicViews(content: SubjectContentRow, stream: StreamRow, state: UserStudyState): TopicView[] {
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
    const visited = state.visitedTopics.get(topic.id);
    return [
      {
        id: topic.id,
        name: topic.name,
        parentId: topic.parentId,
        newContent: stat.newSince !== null && (!visited || visited < stat.newSince),
        learnedCards: stat.learned,
        totalLearnableCards: stat.total,
      },
    ];
  });
}

function parentTopicViews(content: SubjectContentRow, topics: readonly TopicView[]): ParentTopicView[] {
  const used = new Set(topics.map((t) => t.parentId));
  return content.topics.filter((t) => t.parentId === null && used.has(t.id)).map((t) => ({ id: t.id, name: t.name }));
}

function cardSummary(
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

const topicNameMap = (content: SubjectContentRow) => new Map(content.topics.map((t) => [t.id, t.name]));

/** Whether a card passes the filters (values of one filter widen, filters narrow). */
function matches(
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
function selectedTopicIds(content: SubjectContentRow, filters: CardFilters): Set<number> | null {
  if (filters.topicIds.length === 0 && filters.parentTopicIds.length === 0) return null;
  const parents = new Set(filters.parentTopicIds);
  const ids = new Set(filters.topicIds);
  for (const topic of content.topics) if (topic.parentId !== null && parents.has(topic.parentId)) ids.add(topic.id);
  return ids;
}

/** The pupil's view of a subject and their stream; refusal when the subject does not exist. */
/**
 * A subject's content with the pupil's stream and what they did in it, read
 * once per request (the subject page's loaders and the services they call
 * share it). A write of this request updates `state` in place.
 */
function studyOf(s: Scope, userId: string, subjectId: number) {
  return s.once(`study:visit:${userId}:${subjectId}`, async () => {
    const [content, { stream, state }] = await Promise.all([
      subjectContent(s, subjectId),
      loadStudyVisit(s.db, userId, subjectId),
    ]);
    return { content, stream, state };
  });
}

/** The pupil's attempts in a subject (oldest first), read once per request. */
const attemptsOf = (s: Scope, userId: string, subjectId: number) =>
  s.once(`study:attempts:${userId}:${subjectId}`, () => listAttempts(s.db, userId, subjectId));

/** No filter: every card. */
const NO_FILTERS: CardFilters = {
  sections: [],
  topicIds: [],
  parentTopicIds: [],
  difficulty: [],
  examTypes: [],
  hideLearned: false,
};

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

/**
 * The subject of a card, from a cached map of every card's subject (the same
 * for every pupil; a card added since is read from the database). Null: no
 * such card.
 */
async function subjectOfCard(s: Scope, cardId: number): Promise<number | null> {
  const subjects = await s.cache.get('study:card-subjects', () => listCardSubjects(s.db));
  return subjects.get(cardId) ?? (await findCardSubject(s.db, cardId));
}

/** A card the pupil may open: its subject's content, its entry there and the stream; or why not. */
async function openableCard(s: Scope, userId: string, cardId: number) {
  const subjectId = await subjectOfCard(s, cardId);
  if (subjectId === null) return { refusal: 'not_found' as const };
  const { content, stream, state } = await studyOf(s, userId, subjectId);
  const contentCard = content?.cards.find((c) => c.id === cardId);
  if (!content || !contentCard) return { refusal: 'not_found' as const };
  if (!stream) return { refusal: 'no_access' as const };
  if (!mayOpen(stream, contentCard)) return { refusal: 'light_only' as const };
  return { subjectId, content, contentCard, stream, state };
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

/** The card's state and its topics from the pupil's state (after a change this request made to it). */
function cardState(content: SubjectContentRow, cardId: number, stream: StreamRow, state: UserStudyState) {
  const card = content.cards.find((c) => c.id === cardId)!;
  const own = new Set(card.topicIds);
  return {
    id: cardId,
    userHasLearned: state.learned.has(cardId) && isLearnable(content, card),
    newContent: isNew(card, state),
    topics: topicViews(content, stream, state).filter((t) => own.has(t.id)),
  } satisfies CardStateView;
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

// Exam checks.

function attemptView(row: AttemptSummaryRow | AttemptRow): AttemptView {
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

/** GET /v1/subject/{id}/tests (spec §7): the subject's checks with the pupil's latest attempt of each. */
export async function listTests(s: Scope, userId: string, subjectId: number): Promise<StudyResult<TestSummaryView[]>> {
  const [{ content, stream }, attempts] = await Promise.all([
    studyOf(s, userId, subjectId),
    attemptsOf(s, userId, subjectId),
  ]);
  if (!content) return refuse('not_found');
  if (!stream) return refuse('no_access');
  const latest = new Map<number, AttemptSummaryRow>();
  for (const attempt of attempts) latest.set(attempt.testId, attempt);
  return ok(
    content.tests.map((t) => {
      const attempt = latest.get(t.id);
      return {
        id: t.id,
        title: t.title,
        description: t.description,
        questionCount: t.questionCount,
        maxScore: t.maxScore,
        light: t.light,
        locked: !mayOpen(stream, t),
        latestAttempt: attempt && mayOpen(stream, t) ? attemptView(attempt) : null,
      };
    }),
  );
}

/** A test the pupil may take, with its questions; or why not. */
async function openableTest(s: Scope, userId: string, testId: number) {
  const test = await findTest(s.db, testId);
  if (!test) return { refusal: 'not_found' as const };
  const { content, stream } = await studyOf(s, userId, test.subjectId);
  const summary = content?.tests.find((t) => t.id === testId);
  if (!content || !summary) return { refusal: 'not_found' as const };
  if (!stream) return { refusal: 'no_access' as const };
  if (!mayOpen(stream, summary)) return { refusal: 'light_only' as const };
  return { content, summary, stream };
}

function questionView(q: QuestionRow, names: ReadonlyMap<number, string>): QuestionView {
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

/** The questions of a test, cached (the same for everybody). */
const questionsOf = (s: Scope, testId: number) =>
  s.once(`study:questions:${testId}`, () =>
    s.cache.get(`study:questions:${testId}`, () => listQuestions(s.db, testId)),
  );

/** GET /v1/test/{id} (spec §7): the check and its questions, never which option is right. */
export async function getTest(s: Scope, userId: string, testId: number): Promise<StudyResult<TestView>> {
  const result = await getCheckResult(s, userId, testId);
  return result.ok ? ok(result.value.test) : result;
}

function feedback(questions: readonly QuestionRow[], attempt: AttemptRow): AnswerFeedbackView[] {
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

export type SubmitRefusal = StudyRefusal | 'bad_answer';

/**
 * POST /v1/test/{id} (spec §4 "Saving an exam-check result"): scores the
 * answers (multiple choice on the server; open questions with the points the
 * pupil gave themselves, within the question's maximum), saves the attempt —
 * which makes it the test's latest attempt, the subject's latest attempt and
 * part of the user's subject list — and answers the result with feedback.
 * A question left out scores 0. An answer to a question of another test, or
 * of the wrong kind: refused, nothing saved.
 */
export async function submitTest(
  s: Scope,
  userId: string,
  testId: number,
  input: TestAnswers,
): Promise<{ ok: true; value: AttemptResultView } | { ok: false; reason: SubmitRefusal; questionIndex?: number }> {
  const found = await openableTest(s, userId, testId);
  if (found.refusal) return { ok: false, reason: found.refusal };
  const questions = await questionsOf(s, testId);
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const [index, answer] of input.answers.entries()) {
    const q = byId.get(answer.questionId);
    if (!q || q.kind !== answer.kind) return { ok: false, reason: 'bad_answer', questionIndex: index };
    if (answer.kind === 'choice' && answer.optionId && !q.options?.some((o) => o.id === answer.optionId)) {
      return { ok: false, reason: 'bad_answer', questionIndex: index };
    }
  }
  const given = new Map(input.answers.map((a) => [a.questionId, a]));
  const answers = questions.flatMap((q): AttemptAnswerRow[] => {
    const answer = given.get(q.id);
    if (!answer) return [];
    if (answer.kind === 'choice') {
      const correct = q.options?.find((o) => o.correct)?.id ?? '';
      return [
        {
          questionId: q.id,
          kind: 'choice' as const,
          optionId: answer.optionId,
          points: choicePoints(answer.optionId, correct, q.maxPoints),
        },
      ];
    }
    return [
      {
        questionId: q.id,
        kind: 'open' as const,
        text: answer.text,
        points: selfScoredPoints(answer.points, q.maxPoints),
      },
    ];
  });
  const points = new Map(answers.map((a) => [a.questionId, a.points]));
  const result = scoreCheck(
    questions.map((q) => ({ topicId: q.topicId, points: points.get(q.id) ?? 0, maxPoints: q.maxPoints })),
  );
  const names = topicNameMap(found.content);
  const attempt = await insertAttempt(s.db, {
    userId,
    testId,
    subjectId: found.content.subject.id,
    score: result.score,
    maxScore: result.maxScore,
    gradeTenths: result.gradeTenths,
    perTopic: result.perTopic.map((t) => ({
      topicId: t.topicId,
      name: names.get(t.topicId) ?? '',
      score: t.score,
      maxScore: t.maxScore,
      percentage: t.percentage,
      isUncertain: t.isUncertain,
    })),
    answers,
  });
  return { ok: true, value: { attempt: attemptView(attempt), answers: feedback(questions, attempt) } };
}

/** GET /v1/test/{id}/latest-attempt (spec §7: answers): the pupil's latest attempt with feedback. */
export async function getLatestAttempt(
  s: Scope,
  userId: string,
  testId: number,
): Promise<StudyResult<AttemptResultView | null>> {
  const result = await getCheckResult(s, userId, testId);
  return result.ok ? ok(result.value.result) : result;
}

// The subject as a whole.

/**
 * GET /v1/subject/{id} (spec §7): the subject with the pupil's stream, its
 * latest attempt and what its content offers. Also without access: then it
 * says what the subject offers (the upsell), never a card or a test.
 */
export async function getStudySubject(
  s: Scope,
  userId: string,
  subjectId: number,
): Promise<StudyResult<StudySubjectView>> {
  const [{ content, stream }, attempts] = await Promise.all([
    studyOf(s, userId, subjectId),
    attemptsOf(s, userId, subjectId),
  ]);
  if (!content) return refuse('not_found');
  const attempt = stream ? attempts.at(-1) : undefined;
  return ok({
    id: content.subject.id,
    slug: content.subject.slug,
    name: content.subject.name,
    levelName: levelOf(content.subject.levelName),
    stream: {
      userHasAccess: stream === 'full',
      isLightStream: stream === 'light',
      tests: content.tests.map((t) => ({ id: t.id, title: t.title })),
      correctionsCardId: stream === 'full' ? (content.study?.correctionsCardId ?? null) : null,
    },
    latestTestAttempt: attempt ? attemptView(attempt) : null,
    hasContent: content.cards.length > 0,
    aboutHtml: content.study?.aboutHtml ?? null,
    counts: {
      cards: content.cards.filter((c) => isLearnable(content, c)).length,
      tests: content.tests.length,
      idioms: content.idiomList?.entryCount ?? 0,
      topics: content.topics.filter((t) => t.parentId !== null).length,
    },
    chatbotId: content.chatbotId,
    idiomListId: content.idiomList?.id ?? null,
  });
}

/** The teachers' text of a subject (docenten); null without study content. */
export async function teachersText(s: Scope, subjectId: number): Promise<string | null> {
  return (await subjectContent(s, subjectId))?.study?.teachersHtml ?? null;
}

export interface SubjectProgress {
  learned: number;
  total: number;
}

/**
 * Progress per subject for the area home: learned learnable cards of the
 * total the pupil's stream can see, per subject id.
 */
export async function progressPerSubject(
  s: Scope,
  userId: string,
  subjects: readonly { id: number; stream: StreamRow }[],
): Promise<Map<number, SubjectProgress>> {
  const [learned, contents] = await Promise.all([
    learnedPerSubject(s.db, userId),
    Promise.all(subjects.map((subject) => subjectContent(s, subject.id))),
  ]);
  const progress = new Map<number, SubjectProgress>();
  subjects.forEach((subject, index) => {
    const content = contents[index];
    if (!content || !subject.stream) return;
    const total = content.cards.filter((c) => mayOpen(subject.stream, c) && isLearnable(content, c)).length;
    progress.set(subject.id, { learned: Math.min(learned.get(subject.id) ?? 0, total), total });
  });
  return progress;
}

export type { StreamRow } from '#app/modules/study/db/study.server.ts';
export type { CardFilters } from '#app/modules/study/schemas/study.ts';

/** Attempts summaries per subject, for the user subject list (spec §3 User subject latestTestAttempt). */
export async function latestAttempts(s: Scope, userId: string, subjectIds: readonly number[]) {
  const rows = await latestAttemptPerSubject(s.db, userId, subjectIds);
  return new Map([...rows].map(([id, row]) => [id, attemptView(row)]));
}

export interface SubjectPageData {
  subject: StudySubjectView;
  /** The exam bundle that unlocks the subject (the upsell without full access); null when the shop has none. */
  unlockProduct: ProductSummary | null;
}

/** The subject page's frame (spec §2 /mijnslaagbundel/{id}/{slug}): the subject and, without full access, its bundle. */
export async function getSubjectPage(
  s: Scope,
  userId: string,
  subjectId: number,
): Promise<StudyResult<SubjectPageData>> {
  const result = await getStudySubject(s, userId, subjectId);
  if (!result.ok) return result;
  const subject = result.value;
  let unlockProduct: ProductSummary | null = null;
  if (!subject.stream.userHasAccess) {
    const rows = await findProductsForSubjects(s.db, { level: subject.levelName, subjects: [subject.slug] });
    const bundle = rows.find((row) => row.productType === 'examenbundel' && row.isOrderable === 'Y') ?? rows[0];
    unlockProduct = bundle ? toProductSummary(bundle) : null;
  }
  return ok({ subject, unlockProduct });
}

/**
 * The learned toggle's form post (pages without JavaScript): `intent` learn
 * or unlearn and `cardId`. False when the form is malformed; a refusal changes nothing.
 */
export async function learnedFormAction(s: Scope, userId: string, form: FormData): Promise<boolean> {
  const parsed = learnedFormSchema.safeParse({ intent: form.get('intent'), cardId: form.get('cardId') });
  if (!parsed.success) return false;
  await setCardLearned(s, userId, parsed.data.cardId, parsed.data.intent === 'learn');
  return true;
}

export interface SubjectOverview {
  topics: TopicView[];
  parentTopics: ParentTopicView[];
  /** Per section: learned of the learnable cards the pupil can open. */
  sections: { section: CardSection; learned: number; total: number }[];
  learned: number;
  total: number;
  /** The first card not learned yet, to go on with. */
  nextCard: { id: number; title: string } | null;
  tests: TestSummaryView[];
  lockedCards: number;
}

/**
 * The subject page's default section (spec §2 ''): progress per section and
 * topic, the next card to learn and the exam checks with their latest grade.
 * Null without access (the page shows what the subject offers instead).
 */
export async function getSubjectOverview(s: Scope, userId: string, subjectId: number): Promise<SubjectOverview | null> {
  const [cards, tests] = await Promise.all([
    listCards(s, userId, subjectId, NO_FILTERS),
    listTests(s, userId, subjectId),
  ]);
  if (!cards.ok || !tests.ok) return null;
  const counted = cards.value.cards.filter((card) => card.learnable);
  const sections = (['uitleg', 'oefenen', 'examenvragen'] as const).map((section) => {
    const inSection = counted.filter((card) => card.section === section);
    return { section, learned: inSection.filter((c) => c.userHasLearned).length, total: inSection.length };
  });
  const next = counted.find((card) => !card.userHasLearned);
  return {
    topics: cards.value.availableTopics,
    parentTopics: cards.value.parentTopics,
    sections: sections.filter((s) => s.total > 0),
    learned: counted.filter((c) => c.userHasLearned).length,
    total: counted.length,
    nextCard: next ? { id: next.id, title: next.title } : null,
    tests: tests.value,
    lockedCards: cards.value.lockedCards,
  };
}

export interface UsefulPage {
  downloads: CardSummaryView[];
  correctionsCard: CardSummaryView | null;
  articleSlugs: string[];
  chatbotId: number | null;
  idiomListId: number | null;
  idiomCount: number;
}

/**
 * Ook handig (spec §2): the sheets to print, the corrections card of the
 * bundel, the articles that help with the subject, the idioms and the buddy.
 * Null without access.
 */
export async function getUsefulPage(s: Scope, userId: string, subjectId: number): Promise<UsefulPage | null> {
  const [content, cards] = await Promise.all([
    subjectContent(s, subjectId),
    listCards(s, userId, subjectId, NO_FILTERS),
  ]);
  if (!content || !cards.ok) return null;
  const correctionsId = content.study?.correctionsCardId ?? null;
  return {
    downloads: cards.value.cards.filter((card) => card.isDownload),
    correctionsCard: cards.value.cards.find((card) => card.id === correctionsId) ?? null,
    articleSlugs: content.study?.articleSlugs ?? [],
    chatbotId: content.chatbotId,
    idiomListId: content.idiomList?.id ?? null,
    idiomCount: content.idiomList?.entryCount ?? 0,
  };
}

export interface ResultsPage {
  tests: TestSummaryView[];
  /** Per topic its latest result in any check, in the subject's topic order. */
  topicScores: AttemptView['results']['perTopic'];
  /** Every attempt, oldest first (grades over time). */
  attempts: (AttemptView & { testTitle: string })[];
  stats: {
    attempts: number;
    averageGrade: number | null;
    bestGrade: number | null;
    learned: number;
    learnable: number;
  };
}

/**
 * Maak de balans op (spec §2): the exam checks with their latest attempts,
 * the topic list with score boxes (each topic's latest result), the grades
 * over time and the figures of the subject-statistics modal. Null without access.
 */
export async function getResultsPage(s: Scope, userId: string, subjectId: number): Promise<ResultsPage | null> {
  // The overview reads the subject, the pupil's state and attempts once for this request; the rest reuses them.
  const overview = await getSubjectOverview(s, userId, subjectId);
  const content = await subjectContent(s, subjectId);
  if (!overview || !content) return null;
  const attempts = (await attemptsOf(s, userId, subjectId)).map(attemptView);
  const latestPerTopic = new Map<number, AttemptView['results']['perTopic'][number]>();
  for (const attempt of attempts)
    for (const topic of attempt.results.perTopic) latestPerTopic.set(topic.topicId, topic);
  const order = new Map(content.topics.map((t, index) => [t.id, index]));
  const titles = new Map(content.tests.map((t) => [t.id, t.title]));
  const grades = attempts.map((a) => a.results.grade);
  return {
    tests: overview.tests,
    topicScores: [...latestPerTopic.values()].sort((a, b) => (order.get(a.topicId) ?? 0) - (order.get(b.topicId) ?? 0)),
    attempts: attempts.map((a) => ({ ...a, testTitle: titles.get(a.testId) ?? 'Examencheck' })),
    stats: {
      attempts: attempts.length,
      averageGrade: grades.length ? Math.round((10 * grades.reduce((n, g) => n + g, 0)) / grades.length) / 10 : null,
      bestGrade: grades.length ? Math.max(...grades) : null,
      learned: overview.learned,
      learnable: overview.total,
    },
  };
}

/** The result modal of a check: the check with its questions and the pupil's latest attempt (null: none yet). */
export async function getCheckResult(
  s: Scope,
  userId: string,
  testId: number,
): Promise<StudyResult<{ test: TestView; result: AttemptResultView | null }>> {
  const found = await openableTest(s, userId, testId);
  if (found.refusal) return refuse(found.refusal);
  const [questions, latest] = await Promise.all([questionsOf(s, testId), findLatestAttempt(s.db, userId, testId)]);
  const names = topicNameMap(found.content);
  const test: TestView = {
    id: found.summary.id,
    subjectId: found.content.subject.id,
    title: found.summary.title,
    description: found.summary.description,
    questionCount: found.summary.questionCount,
    maxScore: found.summary.maxScore,
    light: found.summary.light,
    latestAttempt: latest ? attemptView(latest) : null,
    questions: questions.map((q) => questionView(q, names)),
  };
  return ok({ test, result: latest ? { attempt: attemptView(latest), answers: feedback(questions, latest) } : null });
}

/**
 * Spec §8: failures of chatbots, idioms, subjects, cards and tests are only
 * logged, and the product carries on. A page part that may fail that way
 * loads through this: on a failure it is reported and the page gets `fallback`.
 */
export async function carryOn<T>(s: Scope, source: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    s.errors.capture(error, { source });
    return fallback;
  }
}

/**
 * The exam checks of a school subject at a level, for an article's exam-check
 * block (issue 6): the subject page's address, its title, and how many checks
 * and questions it has. The same for everyone. Null when the subject has no
 * study content or no checks.
 */
export async function examCheckOf(
  s: Scope,
  schoolSubject: string,
  levelName: string,
): Promise<ArticleExamCheck | null> {
  const found = await findStudySubject(s.db, schoolSubject, levelName);
  if (!found?.hasContent) return null;
  const content = await subjectContent(s, found.id);
  if (!content || content.tests.length === 0) return null;
  return {
    subject: { id: found.id, slug: found.slug, levelName: found.levelName },
    subjectTitle: subjectTitle(content.subject),
    checks: content.tests.length,
    questions: content.tests.reduce((sum, test) => sum + test.questionCount, 0),
  };
}

/**
 * The subject in Mijn Slaagbundel of a school subject at a level (a product's
 * page links to it), only when it has study content; null otherwise.
 */
export async function findStudySubjectLink(
  s: Scope,
  subjectSlug: string,
  levelName: string,
): Promise<{ id: number; slug: string; levelName: string } | null> {
  const found = await findStudySubject(s.db, subjectSlug, levelName);
  return found?.hasContent ? { id: found.id, slug: found.slug, levelName: found.levelName } : null;
}
