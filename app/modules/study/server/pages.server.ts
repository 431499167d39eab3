import {
  NO_FILTERS,
  type StudyResult,
  levelOf,
  ok,
  refuse,
  studyOf,
  subjectContent,
} from '#app/modules/cards/index.server.ts';
import { isLearnable, mayOpen } from '#app/modules/cards/index.ts';
import { attemptView } from '#app/modules/checks/index.server.ts';
import { attemptsOf, subjectChecks } from '#app/modules/checks/index.server.ts';
import { subjectBuddy } from '#app/modules/buddy/index.server.ts';
import { listCards } from '#app/modules/cards/index.server.ts';
import { listTests } from '#app/modules/checks/index.server.ts';
/**
 * The study area (spec §3 Card, Topic, Test, Chatbot, Idiom; §4
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
import { findStudySubject, learnedPerSubject, type StreamRow } from '#app/modules/cards/index.server.ts';
import type { CardSection } from '#app/modules/cards/index.ts';
import type { CardSummaryView, LearnListCard, ParentTopicView, TopicView } from '#app/modules/cards/index.ts';
import type { StudySubjectView } from '#app/modules/study/schemas/subject.ts';
import type { AttemptView } from '#app/modules/checks/index.ts';
import { type TestSummaryView } from '#app/modules/checks/index.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { findProductsForSubjects, toProductSummary } from '#app/modules/catalog/index.server.ts';
import type { ProductSummary } from '#app/modules/catalog/index.ts';
import { reviewedCardIds } from '#app/modules/planner/index.server.ts';
import { hasTrialContent } from './trial.server.ts';

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
  const [{ content, stream }, checks, buddy, attempts] = await Promise.all([
    studyOf(s, userId, subjectId),
    subjectChecks(s, subjectId),
    subjectBuddy(s, subjectId),
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
      tests: checks.map((t) => ({ id: t.id, title: t.title })),
      correctionsCardId: stream === 'full' ? (content.study?.correctionsCardId ?? null) : null,
    },
    latestTestAttempt: attempt ? attemptView(attempt) : null,
    hasContent: content.cards.length > 0,
    aboutHtml: content.study?.aboutHtml ?? null,
    counts: {
      cards: content.cards.filter((c) => isLearnable(content, c)).length,
      tests: checks.length,
      idioms: buddy.idiomList?.entryCount ?? 0,
      topics: content.topics.filter((t) => t.parentId !== null).length,
    },
    chatbotId: buddy.chatbotId,
    idiomListId: buddy.idiomList?.id ?? null,
  });
}

/** The teachers' text of a subject (docenten); null without study content. */
export async function teachersText(s: Scope, subjectId: number): Promise<string | null> {
  return (await subjectContent(s, subjectId))?.study?.teachersHtml ?? null;
}

/**
 * A subject's cards the pupil can study, counted two ways (ADR 022, as built in issue 34): reviewed (rated at
 * least once) and learned (ticked by the pupil, which a review only suggests).
 */
export interface SubjectProgress {
  learned: number;
  reviewed: number;
  total: number;
}

/**
 * Progress per subject for the area home: learned and reviewed learnable cards of the
 * total the pupil's stream can see, per subject id.
 */
export async function progressPerSubject(
  s: Scope,
  userId: string,
  subjects: readonly { id: number; stream: StreamRow }[],
): Promise<Map<number, SubjectProgress>> {
  const [learned, reviewed, contents] = await Promise.all([
    learnedPerSubject(s.db, userId),
    reviewedCardIds(s, userId),
    Promise.all(subjects.map((subject) => subjectContent(s, subject.id))),
  ]);
  const progress = new Map<number, SubjectProgress>();
  subjects.forEach((subject, index) => {
    const content = contents[index];
    if (!content || !subject.stream) return;
    const studied = content.cards.filter((c) => mayOpen(subject.stream, c) && isLearnable(content, c));
    const total = studied.length;
    progress.set(subject.id, {
      learned: Math.min(learned.get(subject.id) ?? 0, total),
      reviewed: studied.filter((c) => reviewed.has(c.id)).length,
      total,
    });
  });
  return progress;
}

export interface SubjectPageData {
  subject: StudySubjectView;
  /** The exam bundle that unlocks the subject (the upsell without full access); null when the shop has none. */
  unlockProduct: ProductSummary | null;
  /** Without any access: the subject's content has a free trial to start (issue 34). */
  hasTrial: boolean;
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
  let hasTrial = false;
  if (!subject.stream.userHasAccess) {
    const [rows, content] = await Promise.all([
      findProductsForSubjects(s.db, { level: subject.levelName, subjects: [subject.slug] }),
      subjectContent(s, subjectId),
    ]);
    const bundle = rows.find((row) => row.productType === 'examenbundel' && row.isOrderable === 'Y') ?? rows[0];
    unlockProduct = bundle ? toProductSummary(bundle) : null;
    hasTrial = !subject.stream.isLightStream && content !== null && hasTrialContent(content);
  }
  return ok({ subject, unlockProduct, hasTrial });
}

export interface SubjectOverview {
  topics: TopicView[];
  parentTopics: ParentTopicView[];
  /** Per section: learned of the learnable cards the pupil can open. */
  sections: { section: CardSection; learned: number; total: number }[];
  learned: number;
  /** Of the same cards, those reviewed at least once (ADR 022: a review does not tick "geleerd"). */
  reviewed: number;
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
  const [cards, tests, reviewed] = await Promise.all([
    listCards(s, userId, subjectId, NO_FILTERS),
    listTests(s, userId, subjectId),
    reviewedCardIds(s, userId),
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
    reviewed: counted.filter((c) => reviewed.has(c.id)).length,
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
  const [content, buddy, cards] = await Promise.all([
    subjectContent(s, subjectId),
    subjectBuddy(s, subjectId),
    listCards(s, userId, subjectId, NO_FILTERS),
  ]);
  if (!content || !cards.ok) return null;
  const correctionsId = content.study?.correctionsCardId ?? null;
  return {
    downloads: cards.value.cards.filter((card) => card.isDownload),
    correctionsCard: cards.value.cards.find((card) => card.id === correctionsId) ?? null,
    articleSlugs: content.study?.articleSlugs ?? [],
    chatbotId: buddy.chatbotId,
    idiomListId: buddy.idiomList?.id ?? null,
    idiomCount: buddy.idiomList?.entryCount ?? 0,
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
  const [content, checks] = await Promise.all([subjectContent(s, subjectId), subjectChecks(s, subjectId)]);
  if (!overview || !content) return null;
  const attempts = (await attemptsOf(s, userId, subjectId)).map(attemptView);
  const latestPerTopic = new Map<number, AttemptView['results']['perTopic'][number]>();
  for (const attempt of attempts)
    for (const topic of attempt.results.perTopic) latestPerTopic.set(topic.topicId, topic);
  const order = new Map(content.topics.map((t, index) => [t.id, index]));
  const titles = new Map(checks.map((t) => [t.id, t.title]));
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

/**
 * The subject in Mijn Slaagbundel of a school subject at a level (a product's
 * page links to it), only when it has study content; null otherwise.
 */
export async function findStudySubjectLink(
  s: Scope,
  subjectSlug: string,
  levelName: string,
): Promise<{ id: number; slug: string; levelName: string } | null> {
  const found = await findStudySubject(s, subjectSlug, levelName);
  return found?.hasContent ? { id: found.id, slug: found.slug, levelName: found.levelName } : null;
}

/** The learn page's view of a card of the cards list (spec §7 shape): its topics by id, no stream flag. */
export function learnListCard({ topics, light: _light, ...card }: CardSummaryView): LearnListCard {
  return { ...card, topicIds: topics.map((topic) => topic.id) };
}
