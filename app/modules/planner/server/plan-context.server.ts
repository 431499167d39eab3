/**
 * What a pupil's plan is made from (issue 20), once per request: their subjects with each exam date and
 * morning, the cards that can be learned and reviewed with their memory, their pace and today's spent time.
 * Today's plan, the settings, mastery and what next share it.
 */
import { DEFAULT_TIME_ZONE } from '#app/platform/dates.ts';
import { isLevel, type Level } from '#app/platform/levels.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { subjectSlug } from '#app/platform/study-paths.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import type { CardMemory } from '#app/modules/reviews/index.ts';
import { cardMemoryOf, DEFAULT_REVIEW_SECONDS, reviewFactsSql } from '#app/modules/reviews/index.server.ts';
import { createPlanFacts } from '../db/plan.server.ts';
import { examDateOf, schoolYearEnd, type ExamDate } from './exam-dates.server.ts';
import { calendar, DEFAULT_BUDGET_MINUTES, planToday, type PlanInput, type TodayPlan } from './plan.server.ts';
import type { PlanSettingsView } from '../schemas/plan.ts';
import type { UserSubjectView } from '#app/modules/checks/index.ts';
import { mySubjects } from '#app/modules/checks/index.server.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import type { ExamTimetable } from '#app/modules/exam-data/index.ts';
import { publishedTimetables } from '#app/modules/exam-data/index.server.ts';

/** The plan facts' read, with the reviews module's part of it (its SQL: the plan's one round trip). */
export const planFacts = createPlanFacts(reviewFactsSql);

/** A card the plan can schedule, with the pupil's memory of it. */
export interface PlanCardRow {
  id: number;
  subjectId: number;
  topicId: number | null;
  title: string;
  light: boolean;
  memory: CardMemory | null;
}

/** Reading a card for the first time takes about twice a review (until the pupil's own first reads are timed). */
const NEW_CARD_FACTOR = 2;
/** A day as YYYY-MM-DD in the Netherlands. */
export const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE });

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
export const planContext = (s: Scope, user: UserView, now: Date) =>
  s.once(`study:plan-context:${user.id}`, () => loadPlanContext(s, user, now));

/**
 * Everything a plan is made from, read in parallel. Null: the pupil has no exam year (yet). `timetables`: the
 * CvTE timetables to plan to instead of the published ones (what a change staff review would do, ADR 033).
 */
export async function loadPlanContext(s: Scope, user: UserView, now: Date, timetables?: readonly ExamTimetable[]) {
  const examYear = user.examYear;
  if (user.educationRole === 'teacher' || !examYear) return null;
  const { startOfToday } = calendar(now, DEFAULT_TIME_ZONE);
  // Three reads: the pupil's subjects (shared with the page's other loaders), their plan facts in one
  // query, and their memory of the cards; the cards themselves are the subjects' cached content, and the
  // timetables the published ones each copy keeps (read-through cache).
  const [subjects, facts, memory, published] = await Promise.all([
    mySubjects(s, user.id),
    planFacts(s.db, user.id, startOfToday),
    cardMemoryOf(s, user.id),
    timetables ?? publishedTimetables(s),
  ]);
  // Each kind at the pupil's own pace: a plan that took a first read for twice a review where it takes three
  // times as long filled less of the minutes than it could (ADR 037).
  const secondsPerReview = Math.round(facts.meanReviewSeconds ?? DEFAULT_REVIEW_SECONDS);
  const secondsPerNew = Math.round(facts.meanFirstReadSeconds ?? secondsPerReview * NEW_CARD_FACTOR);
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
    const examDate = examDateOf(published, subject, examYear, facts.examDates.get(subject.id) ?? null);
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
    secondsPerNew,
    /** Today's reviews and their minutes: the seconds measured per card (a review not timed counts none). */
    spentToday: facts.today,
    /** The pupil's own FSRS-6 parameters once fitted (undefined: the defaults). */
    weights: facts.weights ?? undefined,
  };
}

export type PlanContext = NonNullable<Awaited<ReturnType<typeof planContext>>>;

export function planInput(context: PlanContext, now: Date, budgetMinutes: number): PlanInput {
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

export const makePlan = (context: PlanContext, now: Date, budgetMinutes: number): TodayPlan =>
  planToday(planInput(context, now, budgetMinutes));

export function subjectsView(context: PlanContext, plan: TodayPlan): PlanSettingsView['subjects'] {
  const cardsOf = new Map<number, number>();
  for (const card of context.cards) cardsOf.set(card.subjectId, (cardsOf.get(card.subjectId) ?? 0) + 1);
  return context.subjects.map(({ subject, examDate }, i) => {
    const perSubject = plan.perSubject[i]!;
    return {
      subject: { id: subject.id, name: subject.name, slug: subjectSlug(subject), level: subject.levelName },
      examDate,
      daysLeft: perSubject.daysLeft,
      afterExam: perSubject.afterExam,
      cards: cardsOf.get(subject.id) ?? 0,
      unseen: perSubject.unseen,
      newPerDay: perSubject.newPerDay,
    };
  });
}
