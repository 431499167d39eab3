/** Mastery per topic, today and on the exam morning, and what next (issue 20), from the plan's context. */
import { AREA_PATH } from '#app/platform/brand.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { recallAt } from '#app/modules/reviews/index.ts';
import { cardMemoryOf } from '#app/modules/reviews/index.server.ts';
import { masteryLevelInfo, MASTERY_LEVELS, topicMastery } from './topic-mastery.server.ts';
import { nextStep, reviewGain, topicWeights, type NextStep, type NextStepInput } from './next-step.server.ts';
import { lowerCheck } from '#app/modules/checks/index.ts';
import { cardModalPath, checkPath, reviewSessionPath, subjectPath, subjectSlug } from '#app/platform/study-paths.ts';
import { type TodayPlan } from './plan.server.ts';
import type { NextStepView, SubjectMasteryView } from '../schemas/plan.ts';
import type { UserSubjectView } from '#app/modules/checks/index.ts';
import type { ExamRecall } from '#app/modules/grades/index.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import { attemptsOf, attemptView, checkPointsPerTopic, subjectChecks } from '#app/modules/checks/index.server.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { planRefusal, type PlanRefusal } from './refusals.server.ts';
import type { PlanCardRow, PlanContext } from './plan-context.server.ts';
import { todayState } from './today-plan.server.ts';

/** About three minutes a question: an exam's pace (a central exam gives about 3 minutes a point). */
const MINUTES_PER_CHECK_QUESTION = 3;

/** A subject's mastery per topic with what "what next" needs, from the plan's context. */
export async function subjectEvidence(
  s: Scope,
  user: UserView,
  context: PlanContext,
  plan: TodayPlan,
  subjectId: number,
  now: Date,
  { withAttempts = true }: { withAttempts?: boolean } = {},
) {
  const subjectContext = context.subjects.find((c) => c.subject.id === subjectId);
  if (!subjectContext) return null;
  const [content, checks, attempts, checkPoints] = await Promise.all([
    subjectContent(s, subjectId),
    subjectChecks(s, subjectId),
    withAttempts ? attemptsOf(s, user.id, subjectId) : [],
    s.cache.get(`study:check-points:${subjectId}`, async (): Promise<[number, number][]> => [
      ...(await checkPointsPerTopic(s.db, subjectId)),
    ]),
  ]);
  if (!content) return null;
  const points = new Map(checkPoints);
  const latest = new Map<number, { points: number; maxPoints: number }>();
  const attemptViews = attempts.map(attemptView);
  for (const attempt of attemptViews)
    for (const topic of attempt.results.perTopic)
      latest.set(topic.topicId, { points: topic.score, maxPoints: topic.maxScore });
  const cards = context.cards.filter((card) => card.subjectId === subjectId);
  // A card counts in each of its topics, as the topic's progress counts it (cards' topicViews): the plan's own
  // row keeps only its first topic.
  const cardsOf = new Map<number, PlanCardRow[]>();
  for (const { id, topicIds } of content.cards) {
    const card = context.cardById.get(id);
    if (card?.subjectId !== subjectId) continue;
    for (const topicId of topicIds) {
      const list = cardsOf.get(topicId);
      if (list) list.push(card);
      else cardsOf.set(topicId, [card]);
    }
  }
  const parents = new Map(content.topics.map((t) => [t.id, t.name]));
  const topics = content.topics
    .filter((topic) => cardsOf.has(topic.id) || points.has(topic.id))
    .map((topic) => {
      const topicCards = cardsOf.get(topic.id) ?? [];
      const mastery = topicMastery({
        cards: topicCards,
        check: latest.get(topic.id) ?? null,
        hasCheckQuestions: points.has(topic.id),
        now,
        ...(context.weights ? { weights: context.weights } : {}),
      });
      const onExam = topicCards.length
        ? topicCards.reduce(
            (sum, card) => sum + (card.memory ? recallAt(card.memory, subjectContext.morning, context.weights) : 0),
            0,
          ) / topicCards.length
        : 0;
      return {
        topic,
        chapter: topic.parentId === null ? null : (parents.get(topic.parentId) ?? null),
        mastery,
        recallOnExam: onExam,
        cardCount: topicCards.length,
        checkPoints: points.get(topic.id) ?? 0,
      };
    });
  const weights = topicWeights(
    topics.map((t) => ({ id: t.topic.id, cardCount: t.cardCount, checkPoints: t.checkPoints })),
  );
  const planned = new Set(plan.reviews);
  const plannedNew = new Map<number, number>();
  for (const id of plan.newCards) {
    const card = context.cardById.get(id);
    if (card?.topicId != null) plannedNew.set(card.topicId, (plannedNew.get(card.topicId) ?? 0) + 1);
  }
  const dueHere = cards.filter((card) => planned.has(card.id) && card.memory);
  const weightedTopics = topics.map((t) => ({
    id: t.topic.id,
    weight: weights.get(t.topic.id) ?? 0,
    cardCount: t.cardCount,
  }));
  const input: NextStepInput = {
    subjectId,
    topics: topics.map((t) => ({
      id: t.topic.id,
      name: t.topic.name,
      weight: weights.get(t.topic.id) ?? 0,
      score: t.mastery.score,
      unseen: t.mastery.total - t.mastery.seen,
      cardPart: t.mastery.cardPart,
      plannedNew: plannedNew.get(t.topic.id) ?? 0,
    })),
    review: dueHere.length
      ? {
          count: dueHere.length,
          gain: reviewGain(
            dueHere.map((card) => ({
              topicId: card.topicId,
              examRecall: recallAt(card.memory!, subjectContext.morning, context.weights),
            })),
            weightedTopics,
          ),
          secondsPerReview: context.secondsPerReview,
        }
      : null,
    secondsPerNew: context.secondsPerNew,
    checks: checks
      .filter((test) => test.light || subjectContext.subject.stream.userHasAccess)
      .map((test) => ({
        testId: test.id,
        name: test.title,
        topicId: null,
        questionCount: test.questionCount,
        minutes: test.questionCount * MINUTES_PER_CHECK_QUESTION,
        made: attemptViews.some((attempt) => attempt.testId === test.id),
      })),
    lowerCheck: lowerCheck(
      attemptViews.map((attempt) => ({
        testId: attempt.testId,
        name: checks.find((test) => test.id === attempt.testId)?.title ?? 'je examencheck',
        grade: attempt.results.grade,
        perTopic: attempt.results.perTopic,
      })),
    ),
  };
  return { subjectContext, topics, weights, input };
}

/**
 * The cards the pupil has reviewed at least once (each has a memory): "herhaald", shown beside the learned
 * marks, which stay the pupil's own (ADR 022). Once per request.
 */
export function reviewedCardIds(s: Scope, userId: string): Promise<ReadonlySet<number>> {
  return s.once(`study:reviewed:${userId}`, async () => new Set((await cardMemoryOf(s, userId)).keys()));
}

/**
 * GET /v1/users/me/subjects/{id}/mastery and the subject page: mastery per topic, today and on the exam morning,
 * computed now (the pupil topic summary of a class reads it through `refreshPupilSummary`).
 */
export async function subjectMastery(
  s: Scope,
  user: UserView,
  subjectId: number,
  now = new Date(),
): Promise<Result<SubjectMasteryView, PlanRefusal<'no_plan' | 'not_yours'>>> {
  const state = await todayState(s, user, now);
  if (!state) return refuse(planRefusal('no_plan'));
  const evidence = await subjectEvidence(s, user, state.context, state.plan, subjectId, now);
  if (!evidence) return refuse(planRefusal('not_yours'));
  const { subjectContext, topics, weights } = evidence;
  return ok({
    subject: { id: subjectId, name: subjectContext.subject.name, slug: subjectSlug(subjectContext.subject) },
    examDate: subjectContext.examDate,
    levels: MASTERY_LEVELS.map(({ level, label, definition }) => ({ level, label, definition })),
    topics: topics.map((t) => ({
      id: t.topic.id,
      name: t.topic.name,
      chapter: t.chapter,
      level: t.mastery.level,
      label: masteryLevelInfo(t.mastery.level).label,
      reason: t.mastery.reason,
      score: t.mastery.score,
      recallNow: t.mastery.recall,
      recallOnExam: t.recallOnExam,
      cardsSeen: t.mastery.seen,
      cards: t.mastery.total,
      checkShare: t.mastery.checkShare,
      weight: weights.get(t.topic.id) ?? 0,
    })),
  });
}

function stepHref(
  step: NextStep,
  subject: UserSubjectView,
  plan: TodayPlan,
  context: PlanContext,
  onSubjectPage: boolean,
): string {
  const { cards } = context;
  if (step.kind === 'exam-check' && step.testId) return checkPath(subject, step.testId);
  if (step.kind === 'check-topics' && step.topicIds?.length)
    return `${subjectPath(subject, 'learn')}?${step.topicIds.map((id) => `topicIds[]=${id}`).join('&')}`;
  // The subject's reviews of today as a session (issue 34) over the page that suggests it.
  if (step.kind === 'review') {
    return reviewSessionPath(onSubjectPage ? subjectPath(subject) : AREA_PATH, onSubjectPage ? undefined : subject.id);
  }
  if (step.kind === 'new-cards') {
    const first = cards.find(
      (c) => c.subjectId === subject.id && c.topicId === step.topicId && !c.memory && plan.newCards.includes(c.id),
    );
    return first ? cardModalPath(subjectPath(subject, 'learn'), first.id) : subjectPath(subject, 'learn');
  }
  return subjectPath(subject);
}

export interface NextStepOptions {
  /** Only the best step matters (a page): with reviews planned it is theirs, and the pupil's exam-check answers are not read. */
  bestOnly?: boolean;
  /**
   * Where the pupil's grades say extra work gains the most (`diplomaFocusFor`): across subjects and without
   * reviews today, that subject's best step comes first. Asked for only then. From the pupil's data alone.
   */
  focus?: () => Promise<{ subjectSlug: string; reason: string } | null>;
}

/**
 * GET /v1/users/me/plan/next and the area home and subject pages: the one step that wins the most exam
 * points a minute, with its reason (the ranking: next-step.server.ts). `subjectId` null: across all the
 * pupil's subjects. Refused: no plan (no exam year), or not one of the pupil's subjects.
 */
export async function nextStepFor(
  s: Scope,
  user: UserView,
  subjectId: number | null,
  now: Date,
  options: NextStepOptions,
): Promise<Result<NextStepView, PlanRefusal<'no_plan' | 'not_yours'>>> {
  const { bestOnly = false } = options;
  const state = await todayState(s, user, now);
  if (!state) return refuse(planRefusal('no_plan'));
  const { context, plan } = state;
  // A subject whose exam has begun has no exam points left to win (today's plan gives it nothing either).
  const afterExam = new Set(plan.perSubject.filter((p) => p.afterExam).map((p) => p.subjectId));
  const ids = (subjectId === null ? context.subjects.map((c) => c.subject.id) : [subjectId]).filter(
    (id) => !afterExam.has(id),
  );
  const reviewing = new Set(plan.reviews.map((id) => context.cardById.get(id)?.subjectId));
  const reviewsOnly = bestOnly && ids.some((id) => reviewing.has(id));
  const inputs = (
    await Promise.all(
      ids
        .filter((id) => !reviewsOnly || reviewing.has(id))
        .map((id) => subjectEvidence(s, user, context, plan, id, now, { withAttempts: !reviewsOnly })),
    )
  ).filter((e): e is NonNullable<typeof e> => e !== null && (e.topics.length > 0 || e.input.checks!.length > 0));
  if (subjectId !== null && !context.subjects.some((c) => c.subject.id === subjectId))
    return refuse(planRefusal('not_yours'));
  const ranked = nextStep(
    inputs.map((e) => e.input),
    { workedToday: context.spentToday.reviews > 0 },
  );
  // Today's reviews come first when there are any: they are due now (or cannot wait for the exam), and
  // what a day's delay costs them is not in one day's gain per minute; new cards and checks keep their
  // place on any day. The rest stays in the ranking's order.
  const review = ranked.candidates.find((step) => step.kind === 'review');
  if (review) {
    ranked.best = review;
    ranked.candidates = [review, ...ranked.candidates.filter((step) => step !== review)];
  } else if (subjectId === null && ranked.best.kind !== 'check-topics') {
    // (After a lower check result its topics stay first: the ranking put them there.)
    // Across subjects, without reviews today: the subject where the pupil's grades say extra work gains the most
    // for their diploma (issue 21's simulation) comes first, with its best step.
    const focus = await options.focus?.();
    const slugOf = (id: number) => context.subjects.find((c) => c.subject.id === id)?.subject.slug;
    const focused = focus && ranked.candidates.find((step) => slugOf(step.subjectId) === focus.subjectSlug);
    if (focus && focused) {
      const step = { ...focused, reason: focus.reason };
      ranked.best = step;
      ranked.candidates = [step, ...ranked.candidates.filter((candidate) => candidate !== focused)];
    }
  }
  const view = (step: NextStep) => {
    const subject = context.subjects.find((c) => c.subject.id === step.subjectId)?.subject;
    return {
      kind: step.kind,
      text: step.text,
      reason: step.reason,
      minutes: Math.ceil(step.minutes),
      subject: subject ? { id: subject.id, name: subject.name, slug: subjectSlug(subject) } : null,
      href: subject ? stepHref(step, subject, plan, context, subjectId !== null) : AREA_PATH,
      gainPerMinute: step.gainPerMinute,
    };
  };
  return ok({ best: view(ranked.best), candidates: ranked.candidates.slice(0, 5).map(view) });
}

/**
 * For the grade simulator (issue 21): per subject with cards, the predicted recall of its cards on the
 * exam morning weighted by each topic's share of the exam's points (unread cards count as 0; by card
 * count where no topic has check points), and the share of its cards read. Empty without a plan.
 */
export async function examRecallPerSubject(
  s: Scope,
  user: UserView,
  subjectIds: readonly number[],
  now = new Date(),
): Promise<Map<number, ExamRecall>> {
  const state = await todayState(s, user, now);
  const result = new Map<number, ExamRecall>();
  if (!state) return result;
  const { context, plan } = state;
  for (const subjectId of subjectIds) {
    const cards = context.cards.filter((card) => card.subjectId === subjectId);
    if (cards.length === 0) continue;
    const evidence = await subjectEvidence(s, user, context, plan, subjectId, now, { withAttempts: false });
    if (!evidence) continue;
    const withCards = evidence.topics.filter((t) => t.cardCount > 0);
    // Each topic by its exam points; by its card count where no topic has check points.
    const points = withCards.some((t) => (evidence.weights.get(t.topic.id) ?? 0) > 0);
    const weightOf = (t: (typeof withCards)[number]) =>
      points ? (evidence.weights.get(t.topic.id) ?? 0) : t.cardCount;
    const total = withCards.reduce((sum, t) => sum + weightOf(t), 0);
    const share = total > 0 ? withCards.reduce((sum, t) => sum + weightOf(t) * t.recallOnExam, 0) / total : 0;
    result.set(subjectId, { share, coverage: cards.filter((card) => card.memory).length / cards.length });
  }
  return result;
}
