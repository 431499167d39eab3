/**
 * The pupil's study plan (issue 20): their exam dates and minutes a day (the settings), and today's plan
 * ("Vandaag"): the reviews and new cards `planToday` picks across their subjects, aimed at each
 * subject's exam morning, within what is left of today's minutes. Nothing here is cached: a review
 * changes the plan at once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_TIME_ZONE } from '#app/platform/dates.ts';
import { isLevel, type Level } from '#app/platform/levels.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import {
  deleteSubjectMemory,
  listPlanCards,
  readPlanSettings,
  reviewsSince,
  writePlanSettings,
  type PlanCardRow,
} from '../db/plan.server.ts';
import { listReviews, meanReviewSeconds } from '../db/memory.server.ts';
import { examDateOf, schoolYearEnd, type ExamDate } from '../domain/exam-dates.ts';
import { recallAt, REVIEW_RATINGS } from '../domain/memory.ts';
import { STUDY_MESSAGES } from '../domain/messages.ts';
import { calendar, DEFAULT_BUDGET_MINUTES, planToday, type TodayPlan } from '../domain/plan.ts';
import { parseExamTimetable, type ExamTimetableYear } from '../schemas/exam-timetable.ts';
import type {
  PlanSettingsInput,
  PlanSettingsView,
  PlannedCardView,
  ReviewLogView,
  TodayPlanView,
} from '../schemas/plan.ts';
import type { UserSubjectView } from '../schemas/subjects.ts';
import { DEFAULT_REVIEW_SECONDS } from './reviews.server.ts';
import { mySubjects } from './area.server.ts';

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
/** The morning of an exam day: 9:00 in the Netherlands (the first session starts at 9:00 or 13:30). */
const examMorning = (date: string) => {
  const { startOfToday } = calendar(new Date(`${date}T12:00:00Z`), DEFAULT_TIME_ZONE);
  return new Date(startOfToday.getTime() + 9 * 3_600_000);
};

interface PlanSubjectContext {
  subject: UserSubjectView & { levelName: Level };
  examDate: ExamDate;
  morning: Date;
}

/** Everything a plan is made from, read in parallel. Null: the pupil has no exam year (yet). */
async function planContext(s: Scope, user: UserView, now: Date) {
  const examYear = user.examYear;
  if (user.educationRole === 'teacher' || !examYear) return null;
  const { startOfToday } = calendar(now, DEFAULT_TIME_ZONE);
  const [subjects, settings, seconds] = await Promise.all([
    mySubjects(s, user.id),
    readPlanSettings(s.db, user.id),
    meanReviewSeconds(s.db, user.id),
  ]);
  const secondsPerReview = Math.round(seconds ?? DEFAULT_REVIEW_SECONDS);
  const open = subjects.filter(
    (subject): subject is UserSubjectView & { levelName: Level } =>
      (subject.stream.userHasAccess || subject.stream.isLightStream) && isLevel(subject.levelName),
  );
  const [cards, today] = await Promise.all([
    listPlanCards(
      s.db,
      user.id,
      open.map((subject) => subject.id),
    ),
    reviewsSince(s.db, user.id, startOfToday, secondsPerReview),
  ]);
  const fullAccess = new Set(open.filter((subject) => subject.stream.userHasAccess).map((subject) => subject.id));
  const planCards = cards.filter((card) => card.light || fullAccess.has(card.subjectId));
  const contexts: PlanSubjectContext[] = open.map((subject) => {
    const examDate = examDateOf(TIMETABLE, subject, examYear, settings.examDates.get(subject.id) ?? null);
    return { subject, examDate, morning: examMorning(examDate.date) };
  });
  return {
    examYear,
    settings,
    dailyMinutes: settings.dailyMinutes ?? DEFAULT_BUDGET_MINUTES,
    subjects: contexts,
    cards: planCards,
    secondsPerReview,
    secondsPerNew: secondsPerReview * NEW_CARD_FACTOR,
    spentToday: today,
  };
}

type PlanContext = NonNullable<Awaited<ReturnType<typeof planContext>>>;

function makePlan(context: PlanContext, now: Date, budgetMinutes: number): TodayPlan {
  return planToday({
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
  });
}

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

export type SavePlanResult =
  { ok: true; view: PlanSettingsView } | { ok: false; status: 400 | 409; message: string; field?: string };

/** PUT /v1/users/me/plan and the plan page's form: only the pupil's own subjects; dates from today to three years on. */
export async function savePlanSettings(
  s: Scope,
  user: UserView,
  input: PlanSettingsInput,
  now = new Date(),
): Promise<SavePlanResult> {
  if (user.educationRole === 'teacher' || !user.examYear) {
    return { ok: false, status: 409, message: STUDY_MESSAGES.PLAN_NO_EXAM_YEAR };
  }
  const own = new Set((await mySubjects(s, user.id)).map((subject) => subject.id));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(now);
  const latest = `${Number(today.slice(0, 4)) + 3}${today.slice(4)}`;
  const dates = input.examDates ?? [];
  for (const [i, entry] of dates.entries()) {
    if (!own.has(entry.subjectId)) {
      return { ok: false, status: 400, message: STUDY_MESSAGES.PLAN_SUBJECT, field: `examDates.${i}.subjectId` };
    }
    if (entry.date && (entry.date < today || entry.date > latest)) {
      return { ok: false, status: 400, message: STUDY_MESSAGES.EXAM_DATE_RANGE, field: `examDates.${i}.date` };
    }
  }
  await writePlanSettings(s.db, user.id, {
    dailyMinutes: input.dailyMinutes,
    examDates: dates.map((entry) => ({ subjectId: entry.subjectId, date: entry.date ?? null })),
  });
  const view = await getPlanSettings(s, user, now);
  return view ? { ok: true, view } : { ok: false, status: 409, message: STUDY_MESSAGES.PLAN_NO_EXAM_YEAR };
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
  return (
    `Vandaag past niet alles in je ${context.dailyMinutes} minuten: ${parts.join(' en ')} ${reviews + newCards === 1 ? 'schuift' : 'schuiven'} door naar morgen. ` +
    `Met ${enough} minuten per dag past je planning wel.`
  );
}

/** GET /v1/users/me/plan/today and the area home's "Vandaag": today's cards, within what is left of today's minutes. */
export async function todayPlan(s: Scope, user: UserView, now = new Date()): Promise<TodayPlanView | null> {
  const context = await planContext(s, user, now);
  if (!context) return null;
  const budget = Math.max(0, context.dailyMinutes - context.spentToday.seconds / 60);
  const plan = makePlan(context, now, budget);
  const byId = new Map<number, PlanCardRow>(context.cards.map((card) => [card.id, card]));
  const subjectOf = new Map(context.subjects.map((c) => [c.subject.id, c]));
  const planned = (id: number): PlannedCardView => {
    const card = byId.get(id)!;
    const { subject, morning } = subjectOf.get(card.subjectId)!;
    return {
      cardId: card.id,
      title: card.title,
      subject: { id: subject.id, name: subject.name, slug: subject.slug },
      recallNow: card.memory ? recallAt(card.memory, now) : null,
      recallOnExam: card.memory ? recallAt(card.memory, morning) : null,
    };
  };
  return {
    date: new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(now),
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
): Promise<{ ok: true; subjectId: number; reviewsDeleted: number; message: string } | { ok: false }> {
  const subject = (await mySubjects(s, userId)).find((candidate) => candidate.id === subjectId);
  if (!subject) return { ok: false };
  const reviewsDeleted = await deleteSubjectMemory(s.db, userId, subjectId);
  return { ok: true, subjectId, reviewsDeleted, message: STUDY_MESSAGES.PLAN_RESET(subject.name, reviewsDeleted) };
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
