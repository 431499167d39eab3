/**
 * The pupil's study plan (issue 20): their exam dates and minutes a day (the settings), and today's plan
 * ("Vandaag"): the reviews and new cards `planToday` picks across their subjects, aimed at each
 * subject's exam morning, within what is left of today's minutes. Nothing here is cached: a review
 * changes the plan at once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AREA_PATH } from '#app/platform/brand.ts';
import { DEFAULT_TIME_ZONE } from '#app/platform/dates.ts';
import { isLevel, type Level } from '#app/platform/levels.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import type { ExamRecall } from '#app/modules/grades/index.ts';
import {
  checkPointsPerTopic,
  deleteSubjectMemory,
  planFacts,
  writePlanSettings,
  type PlanCardRow,
} from '../db/plan.server.ts';
import { listCardMemory, listReviews } from '../db/memory.server.ts';
import { examDateOf, schoolYearEnd, type ExamDate } from '../domain/exam-dates.ts';
import { recallAt, REVIEW_RATINGS } from '../domain/memory.ts';
import { masteryLevelInfo, MASTERY_LEVELS, topicMastery } from '../domain/mastery.ts';
import { nextStep, reviewGain, topicWeights, type NextStep, type NextStepInput } from '../domain/next-step.ts';
import { cardModalPath, checkPath, subjectPath } from '#app/platform/study-paths.ts';
import { STUDY_MESSAGES } from '#app/modules/cards/index.ts';
import { calendar, DEFAULT_BUDGET_MINUTES, planToday, type PlanInput, type TodayPlan } from '../domain/plan.ts';
import { forecastWorkload } from './forecast.server.ts';
import { reviewCard } from '../domain/fsrs.ts';
import { workloadChart } from '../domain/plan-charts.ts';
import { parseExamTimetable, type ExamTimetableYear } from '../schemas/exam-timetable.ts';
import type {
  PlanSettingsInput,
  PlanSettingsView,
  PlannedCardView,
  NextStepView,
  ReviewLogView,
  SubjectMasteryView,
  TodayPlanView,
} from '../schemas/plan.ts';
import type { UserSubjectView } from '#app/modules/checks/index.ts';
import { DEFAULT_REVIEW_SECONDS } from './reviews.server.ts';
import { mySubjects } from '#app/modules/checks/index.server.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import { attemptsOf, subjectChecks } from '#app/modules/checks/index.server.ts';
import { attemptView } from '#app/modules/checks/index.server.ts';
import { userView } from '#app/platform/server/caches/user-views.server.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { planRefusal, type PlanRefusal } from './refusals.server.ts';

/** content/exam-timetable.json, read once when the module loads; an invalid file stops the server. */
function readTimetable(file: string): readonly ExamTimetableYear[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path.resolve(process.cwd(), file), 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read the exam timetable: ${(error as Error).message}`, { cause: error });
  }
  const parsed = parseExamTimetable(raw, file);
  if (!parsed.success) throw new Error(`${file} is invalid (npm run content:validate):\n${parsed.errors.join('\n')}`);
  return parsed.data;
}

const TIMETABLE = readTimetable(path.join('content', 'exam-timetable.json'));

/** Reading a card for the first time takes about twice a review (before the pupil's own times say more). */
const NEW_CARD_FACTOR = 2;
/** A day as YYYY-MM-DD in the Netherlands. */
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE });

const mornings = new Map<string, number>();
/** The morning of an exam day: 9:00 in the Netherlands (the first session starts at 9:00 or 13:30). */
const examMorning = (date: string) => {
  let morning = mornings.get(date);
  if (morning === undefined) {
    const { startOfToday } = calendar(new Date(`${date}T12:00:00Z`), DEFAULT_TIME_ZONE);
    morning = startOfToday.getTime() + 9 * 3_600_000;
    if (mornings.size < 10_000) mornings.set(date, morning);
  }
  return new Date(morning);
};

interface PlanSubjectContext {
  subject: UserSubjectView & { levelName: Level };
  examDate: ExamDate;
  morning: Date;
}

/** Everything a plan is made from, once per request (today's plan and what next share it). */
const planContext = (s: Scope, user: UserView, now: Date) =>
  s.once(`study:plan-context:${user.id}`, () => loadPlanContext(s, user, now));

/** Everything a plan is made from, read in parallel. Null: the pupil has no exam year (yet). */
async function loadPlanContext(s: Scope, user: UserView, now: Date) {
  const examYear = user.examYear;
  if (user.educationRole === 'teacher' || !examYear) return null;
  const { startOfToday } = calendar(now, DEFAULT_TIME_ZONE);
  // Three reads: the pupil's subjects (shared with the page's other loaders), their plan facts in one
  // query, and their memory of the cards; the cards themselves are the subjects' cached content.
  const [subjects, facts, memory] = await Promise.all([
    mySubjects(s, user.id),
    planFacts(s.db, user.id, startOfToday),
    listCardMemory(s.db, user.id),
  ]);
  // The reviews that follow a look at the plan start from these memories (`s.reviewMemo`, ADR 022): a GET
  // fills the memo, and nothing in it is trusted (the review's write checks it, docs/caches.md).
  s.reviewMemo?.rememberMemories(user.id, memory);
  const secondsPerReview = Math.round(facts.meanSeconds ?? DEFAULT_REVIEW_SECONDS);
  const open = subjects.filter(
    (subject): subject is UserSubjectView & { levelName: Level } =>
      (subject.stream.userHasAccess || subject.stream.isLightStream) && isLevel(subject.levelName),
  );
  const contents = await Promise.all(open.map((subject) => subjectContent(s, subject.id)));
  const cards: PlanCardRow[] = [];
  open.forEach((subject, i) => {
    const content = contents[i];
    if (!content) return;
    const corrections = content.study?.correctionsCardId ?? null;
    for (const card of content.cards) {
      // What can be learned and reviewed (domain/access.ts isLearnable), in the subject's reading order;
      // with a light stream only its light cards.
      if (card.isDownload || card.id === corrections || !(card.light || subject.stream.userHasAccess)) continue;
      cards.push({
        id: card.id,
        subjectId: subject.id,
        topicId: card.topicIds[0] ?? null,
        title: card.title,
        light: card.light,
        memory: memory.get(card.id) ?? null,
      });
    }
  });
  const contexts: PlanSubjectContext[] = open.map((subject) => {
    const examDate = examDateOf(TIMETABLE, subject, examYear, facts.examDates.get(subject.id) ?? null);
    return { subject, examDate, morning: examMorning(examDate.date) };
  });
  return {
    examYear,
    dailyMinutes: facts.dailyMinutes ?? DEFAULT_BUDGET_MINUTES,
    subjects: contexts,
    cards,
    /** The plan's cards by id. */
    cardById: new Map(cards.map((card) => [card.id, card])),
    secondsPerReview,
    secondsPerNew: secondsPerReview * NEW_CARD_FACTOR,
    spentToday: {
      reviews: facts.today.reviews,
      seconds: facts.today.timedSeconds + facts.today.untimed * secondsPerReview,
    },
    /** The pupil's own FSRS-6 parameters once fitted (undefined: the defaults). */
    weights: facts.weights ?? undefined,
  };
}

type PlanContext = NonNullable<Awaited<ReturnType<typeof planContext>>>;

function planInput(context: PlanContext, now: Date, budgetMinutes: number): PlanInput {
  return {
    now,
    cards: context.cards.map((card) => ({
      id: card.id,
      subjectId: card.subjectId,
      topicId: card.topicId,
      memory: card.memory,
    })),
    subjects: context.subjects.map((c) => ({ id: c.subject.id, examDate: c.morning })),
    schoolYearEnd: examMorning(schoolYearEnd(context.examYear)),
    budgetMinutes,
    secondsPerReview: context.secondsPerReview,
    secondsPerNew: context.secondsPerNew,
    timeZone: DEFAULT_TIME_ZONE,
    ...(context.weights ? { weights: context.weights } : {}),
  };
}

const makePlan = (context: PlanContext, now: Date, budgetMinutes: number): TodayPlan =>
  planToday(planInput(context, now, budgetMinutes));

function subjectsView(context: PlanContext, plan: TodayPlan): PlanSettingsView['subjects'] {
  const cardsOf = new Map<number, number>();
  for (const card of context.cards) cardsOf.set(card.subjectId, (cardsOf.get(card.subjectId) ?? 0) + 1);
  return context.subjects.map(({ subject, examDate }, i) => {
    const perSubject = plan.perSubject[i]!;
    return {
      subject: { id: subject.id, name: subject.name, slug: subject.slug, level: subject.levelName },
      examDate,
      daysLeft: perSubject.daysLeft,
      afterExam: perSubject.afterExam,
      cards: cardsOf.get(subject.id) ?? 0,
      unseen: perSubject.unseen,
      newPerDay: perSubject.newPerDay,
    };
  });
}

/** GET /v1/users/me/plan and the plan page: the settings with each subject's exam date. */
export async function getPlanSettings(s: Scope, user: UserView, now = new Date()): Promise<PlanSettingsView | null> {
  const context = await planContext(s, user, now);
  if (!context) return null;
  const plan = makePlan(context, now, context.dailyMinutes);
  return {
    examYear: context.examYear,
    dailyMinutes: context.dailyMinutes,
    defaultMinutes: DEFAULT_BUDGET_MINUTES,
    subjects: subjectsView(context, plan),
  };
}

/** PUT /v1/users/me/plan and the plan page's form: only the pupil's own subjects; dates from today to three years on. */
export async function savePlanSettings(
  s: Scope,
  user: UserView,
  input: PlanSettingsInput,
  now = new Date(),
): Promise<Result<PlanSettingsView, PlanRefusal<'no_plan' | 'not_your_subject' | 'exam_date_range'>>> {
  if (user.educationRole === 'teacher' || !user.examYear) return refuse(planRefusal('no_plan'));
  const own = new Set((await mySubjects(s, user.id)).map((subject) => subject.id));
  const today = isoDay.format(now);
  const latest = `${Number(today.slice(0, 4)) + 3}${today.slice(4)}`;
  const dates = input.examDates ?? [];
  for (const [i, entry] of dates.entries()) {
    if (!own.has(entry.subjectId)) {
      return refuse(planRefusal('not_your_subject', `examDates.${i}.subjectId`));
    }
    if (entry.date && (entry.date < today || entry.date > latest)) {
      return refuse(planRefusal('exam_date_range', `examDates.${i}.date`));
    }
  }
  // A subject named twice: the last entry counts (one row per subject and pupil).
  const last = new Map(dates.map((entry) => [entry.subjectId, entry.date ?? null]));
  await writePlanSettings(s.db, user.id, {
    dailyMinutes: input.dailyMinutes,
    examDates: [...last].map(([subjectId, date]) => ({ subjectId, date })),
  });
  const view = await getPlanSettings(s, user, now);
  return view ? ok(view) : refuse(planRefusal('no_plan'));
}

const minutesOf = (seconds: number) => Math.ceil(seconds / 60);

/** What the pupil is told when today's minutes do not hold all the plan asks: what is left out, and what would fit it. */
function notice(context: PlanContext, plan: TodayPlan, budget: number): string | null {
  const { reviews, newCards } = plan.leftOut;
  if (reviews === 0 && newCards === 0) return null;
  const parts = [
    reviews ? `${reviews} ${reviews === 1 ? 'herhaling' : 'herhalingen'}` : null,
    newCards ? `${newCards} nieuwe ${newCards === 1 ? 'kaart' : 'kaarten'}` : null,
  ].filter(Boolean);
  const needed =
    plan.minutes +
    (reviews * context.secondsPerReview + newCards * context.secondsPerNew) / 60 +
    (context.dailyMinutes - budget);
  const enough = Math.min(240, Math.ceil(needed / 5) * 5);
  const moved = `${parts.join(' en ')} ${reviews + newCards === 1 ? 'schuift' : 'schuiven'} door naar morgen.`;
  // Calm: what moves to tomorrow, and only when more minutes a day would fit it, how many.
  if (budget <= 0) return `Je ${context.dailyMinutes} minuten van vandaag zitten erop: ${moved}`;
  return (
    `Vandaag past niet alles in je ${context.dailyMinutes} minuten: ${moved}` +
    (enough > context.dailyMinutes ? ` Met ${enough} minuten per dag past je planning wel.` : '')
  );
}

/** Today's plan within what is left of today's minutes, once per request. */
const todayState = (s: Scope, user: UserView, now: Date) =>
  s.once(`study:plan-today:${user.id}`, async () => {
    const context = await planContext(s, user, now);
    if (!context) return null;
    const budget = Math.max(0, context.dailyMinutes - context.spentToday.seconds / 60);
    return { context, budget, plan: makePlan(context, now, budget) };
  });

/** GET /v1/users/me/plan/today and the area home's "Vandaag": today's cards, within what is left of today's minutes. */
export function todayPlan(s: Scope, user: UserView, now = new Date()): Promise<TodayPlanView | null> {
  return userView(s, user.id, 'study:plan-today', () => todayPlanNow(s, user, now));
}

/** Today's plan, computed from the pupil's data now. */
async function todayPlanNow(s: Scope, user: UserView, now = new Date()): Promise<TodayPlanView | null> {
  const state = await todayState(s, user, now);
  if (!state) return null;
  const { context, budget, plan } = state;
  const subjectOf = new Map(context.subjects.map((c) => [c.subject.id, c]));
  const planned = (id: number): PlannedCardView => {
    const card = context.cardById.get(id)!;
    const { subject, morning } = subjectOf.get(card.subjectId)!;
    return {
      cardId: card.id,
      title: card.title,
      subject: { id: subject.id, name: subject.name, slug: subject.slug },
      recallNow: card.memory ? recallAt(card.memory, now, context.weights) : null,
      recallOnExam: card.memory ? recallAt(card.memory, morning, context.weights) : null,
    };
  };
  return {
    date: isoDay.format(now),
    budgetMinutes: context.dailyMinutes,
    minutes: minutesOf(plan.minutes * 60),
    spentMinutes: minutesOf(context.spentToday.seconds),
    reviewedToday: context.spentToday.reviews,
    reviews: plan.reviews.map(planned),
    newCards: plan.newCards.map(planned),
    leftOut: plan.leftOut,
    notice: notice(context, plan, budget),
    subjects: subjectsView(context, plan),
  };
}

/** DELETE /v1/users/me/subjects/{id}/plan: the subject's cards start over (memory and review log gone). */
export async function resetSubjectPlan(
  s: Scope,
  userId: string,
  subjectId: number,
): Promise<Result<{ subjectId: number; reviewsDeleted: number; message: string }, PlanRefusal<'not_yours'>>> {
  const subject = (await mySubjects(s, userId)).find((candidate) => candidate.id === subjectId);
  if (!subject) return refuse(planRefusal('not_yours'));
  const reviewsDeleted = await deleteSubjectMemory(s.db, userId, subjectId);
  return ok({ subjectId, reviewsDeleted, message: STUDY_MESSAGES.PLAN_RESET(subject.name, reviewsDeleted) });
}

const STATE_NAMES = { 1: 'learning', 2: 'review', 3: 'relearning' } as const;
const stateName = (state: number) => STATE_NAMES[state as 1 | 2 | 3] ?? 'learning';

/** GET /v1/users/me/reviews: the pupil's whole review log, oldest first (their data, to download). */
export async function myReviewLog(s: Scope, userId: string, now = new Date()): Promise<ReviewLogView> {
  const rows = await listReviews(s.db, userId);
  return {
    exportedAt: now.toISOString(),
    reviews: rows.map((row) => ({
      cardId: row.cardId,
      rating: REVIEW_RATINGS.find((r) => r.grade === row.rating)?.value ?? 'again',
      reviewedAt: row.reviewedAt.toISOString(),
      elapsedDays: row.elapsedDays,
      before:
        row.stateBefore === null || row.stabilityBefore === null || row.difficultyBefore === null
          ? null
          : { state: stateName(row.stateBefore), stability: row.stabilityBefore, difficulty: row.difficultyBefore },
      after: {
        state: stateName(row.stateAfter),
        stability: row.stabilityAfter,
        difficulty: row.difficultyAfter,
        due: row.dueAfter.toISOString(),
      },
      secondsSpent: row.secondsSpent,
    })),
  };
}

/** About three minutes a question: an exam's pace (a central exam gives about 3 minutes a point). */
const MINUTES_PER_CHECK_QUESTION = 3;

/** A subject's mastery per topic with what "what next" needs, from the plan's context. */
async function subjectEvidence(
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
  for (const attempt of attempts.map(attemptView))
    for (const topic of attempt.results.perTopic)
      latest.set(topic.topicId, { points: topic.score, maxPoints: topic.maxScore });
  const cards = context.cards.filter((card) => card.subjectId === subjectId);
  const cardsOf = new Map<number, PlanCardRow[]>();
  for (const card of cards) {
    if (card.topicId === null) continue;
    const list = cardsOf.get(card.topicId);
    if (list) list.push(card);
    else cardsOf.set(card.topicId, [card]);
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
      })),
  };
  return { subjectContext, topics, weights, input };
}

/** Mastery per topic (below), kept while the pupil's data stands (ADR 019). */
export function subjectMastery(...args: Parameters<typeof subjectMasteryNow>): ReturnType<typeof subjectMasteryNow> {
  const [s, user, subjectId] = args;
  return userView(s, user.id, `study:mastery:${subjectId}`, () => subjectMasteryNow(...args));
}

/** GET /v1/users/me/subjects/{id}/mastery and the subject page: mastery per topic, today and on the exam morning. */
async function subjectMasteryNow(
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
    subject: { id: subjectId, name: subjectContext.subject.name, slug: subjectContext.subject.slug },
    examDate: subjectContext.examDate,
    levels: MASTERY_LEVELS.map(({ level, label, definition }) => ({ level, label, definition })),
    topics: topics.map((t) => ({
      id: t.topic.id,
      name: t.topic.name,
      chapter: t.chapter,
      level: t.mastery.level,
      label: masteryLevelInfo(t.mastery.level).label,
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

function stepHref(step: NextStep, subject: UserSubjectView, plan: TodayPlan, context: PlanContext): string {
  const { cards, cardById } = context;
  if (step.kind === 'exam-check' && step.testId) return checkPath(subject, step.testId);
  if (step.kind === 'review') {
    const first = plan.reviews.find((id) => cardById.get(id)?.subjectId === subject.id);
    return first ? `${AREA_PATH}/kaart/${first}` : AREA_PATH;
  }
  if (step.kind === 'new-cards') {
    const first = cards.find(
      (c) => c.subjectId === subject.id && c.topicId === step.topicId && !c.memory && plan.newCards.includes(c.id),
    );
    return first ? cardModalPath(subjectPath(subject, 'learn'), first.id) : subjectPath(subject, 'learn');
  }
  return subjectPath(subject);
}

/** What next (below), kept while the pupil's data stands (ADR 019). */
export function nextStepFor(
  s: Scope,
  user: UserView,
  subjectId: number | null,
  now = new Date(),
  options: NextStepOptions = {},
): Promise<Result<NextStepView, PlanRefusal<'no_plan' | 'not_yours'>>> {
  const key = `study:next:${subjectId}:${options.bestOnly === true}:${options.focus ? 'diploma' : ''}`;
  return userView(s, user.id, key, () => nextStepForNow(s, user, subjectId, now, options));
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
 * points a minute, with its reason (the ranking: domain/next-step.ts). `subjectId` null: across all the
 * pupil's subjects. Refused: no plan (no exam year), or not one of the pupil's subjects.
 */
async function nextStepForNow(
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
  const ranked = nextStep(inputs.map((e) => e.input));
  // Today's reviews come first when there are any: they are due now (or cannot wait for the exam), and
  // what a day's delay costs them is not in one day's gain per minute; new cards and checks keep their
  // place on any day. The rest stays in the ranking's order.
  const review = ranked.candidates.find((step) => step.kind === 'review');
  if (review) {
    ranked.best = review;
    ranked.candidates = [review, ...ranked.candidates.filter((step) => step !== review)];
  } else if (subjectId === null) {
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
      subject: subject ? { id: subject.id, name: subject.name, slug: subject.slug } : null,
      href: subject ? stepHref(step, subject, plan, context) : AREA_PATH,
      gainPerMinute: step.gainPerMinute,
    };
  };
  return ok({ best: view(ranked.best), candidates: ranked.candidates.slice(0, 5).map(view) });
}

/** How far ahead the workload chart looks at most (a school year). */
const FORECAST_DAYS = 366;

/** The workload chart (below), kept while the pupil's data stands (ADR 019). */
export function workloadForecast(s: Scope, user: UserView, now = new Date()): Promise<string | null> {
  return userView(s, user.id, 'study:workload-chart', () => workloadForecastNow(s, user, now));
}

/**
 * The plan page's chart of the daily minutes until the last exam: every day planned as `planToday` would,
 * assuming each planned card is rated Goed (the forecast: server/forecast.server.ts).
 */
async function workloadForecastNow(s: Scope, user: UserView, now = new Date()): Promise<string | null> {
  const context = await planContext(s, user, now);
  if (!context) return null;
  const { weights } = context;
  const days = forecastWorkload(planInput(context, now, context.dailyMinutes), FORECAST_DAYS, (memory, rating, at) =>
    reviewCard(memory, rating, at, weights ? { weights } : {}),
  );
  return workloadChart(
    days.map((day) => ({ date: day.date, minutes: day.minutes, budget: context.dailyMinutes })),
    {
      title: 'Minuten per dag tot je examens',
      exams: context.subjects.map((c) => ({ date: c.morning, name: c.subject.name })),
    },
  );
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
    const weightOf = (t: (typeof withCards)[number]) => evidence.weights.get(t.topic.id) ?? 0;
    const total = withCards.reduce((sum, t) => sum + weightOf(t), 0);
    const share =
      total > 0
        ? withCards.reduce((sum, t) => sum + weightOf(t) * t.recallOnExam, 0) / total
        : withCards.reduce((sum, t) => sum + t.cardCount * t.recallOnExam, 0) /
          Math.max(
            1,
            withCards.reduce((sum, t) => sum + t.cardCount, 0),
          );
    result.set(subjectId, { share, coverage: cards.filter((card) => card.memory).length / cards.length });
  }
  return result;
}
