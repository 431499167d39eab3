/**
 * Today's study plan, aimed at each subject's exam morning (issue 20). Pure and deterministic: the time,
 * the cards with their memory and the subjects with their exam dates are passed in.
 *
 * What goes in, most important first, while it fits the day's budget:
 * 1. Reviews. A reviewed card is reviewed today when FSRS says it is due before the end of today, or as
 *    its final review: its predicted recall on the exam morning is below the target, a review now keeps
 *    it there (the exam is at most the card's horizon away: the days its current stability holds the
 *    target; the stability after a successful review is at least as large), and it cannot wait: its
 *    recall falls below the target by the end of today, or the exam is tomorrow. Never twice in a day
 *    (FSRS's own same-day learning steps aside). Most urgent first: lowest recall on the exam morning
 *    (ties: the earliest exam).
 *    A card reviewed today and due again later today (a learning step after Opnieuw) waits until then:
 *    "komt terug over 10 minuten" is true.
 * 2. New cards at the pace that reads every card at least a week before its exam: subjects in exam order,
 *    one steady rate for all (the least that meets every subject's deadline: the largest ceil(unseen of
 *    this and earlier exams / max(1, days left − 7))), nearest exam first. A subject in its last week
 *    with cards still unread gets them all (late beats never).
 * 3. The final week's revision: a last look at each card of a subject whose exam is at most a week
 *    away, not reviewed since that week began, lowest recall on the exam morning first.
 * 4. Reading ahead: more new cards, nearest exam first.
 * A subject whose exam morning has passed gets nothing; one without an exam date (school exam only) is
 * planned to the end of the school year. What does not fit of 1 and 2 is counted in leftOut (3 and 4
 * are extras). Days are calendar days in the pupil's time zone (Europe/Amsterdam unless told otherwise).
 *
 * Why not the simpler rules of the first draft (the figures: `npm run bench:scheduler`,
 * bench/README.md): a final review timed as soon as the exam came within the card's stability fell right
 * after the card's previous review, when a review barely strengthens it, and repeated; a pace per
 * subject read far-away subjects early, at the cost of the nearest exam; and stopping new cards in the
 * last week left cards unread (recall 0) that a late read would have given most of their recall.
 */
import { DEFAULT_TIME_ZONE } from '#app/platform/dates.ts';
import { DAY_MS, daysUntilRecall, recallAt, TARGET_RECALL, type CardMemory } from './memory.ts';

export interface PlanCard {
  id: number;
  subjectId: number;
  topicId: number | null;
  /** null: never read. */
  memory: CardMemory | null;
}

export interface PlanSubject {
  id: number;
  /** The morning of its central exam; null = school exam only: planned to the end of the school year. */
  examDate: Date | null;
}

export interface PlanInput {
  now: Date;
  /** Cards in the order they are read (a subject's unseen cards are introduced in this order). */
  cards: PlanCard[];
  subjects: PlanSubject[];
  /** The end of the school year: the horizon of a subject without a central exam. */
  schoolYearEnd: Date;
  /** Minutes of study today (20 by default). */
  budgetMinutes?: number;
  secondsPerReview: number;
  secondsPerNew: number;
  /** The recall aimed for on the exam morning (TARGET_RECALL by default). */
  target?: number;
  /** The pupil's FSRS-6 parameters (the defaults when absent). */
  weights?: readonly number[];
  /** The time zone in which a day starts and ends (Europe/Amsterdam by default). */
  timeZone?: string;
}

export interface SubjectPlan {
  subjectId: number;
  examDate: Date | null;
  /** Calendar days from today to the exam morning (or the end of the school year); 0 on the day itself. */
  daysLeft: number;
  /** Cards of the subject never read. */
  unseen: number;
  /** New cards a day at the current pace (0 after the exam and in its last week). */
  newPerDay: number;
  afterExam: boolean;
}

export interface TodayPlan {
  /** Card ids, most urgent first. */
  reviews: number[];
  newCards: number[];
  /** The minutes the planned reviews and new cards take. */
  minutes: number;
  /** What did not fit the budget today. */
  leftOut: { reviews: number; newCards: number };
  perSubject: SubjectPlan[];
}

export const DEFAULT_BUDGET_MINUTES = 20;
/** Every card is read at least this many days before its exam; no new cards in those days. */
export const NEW_CARD_BUFFER_DAYS = 7;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of `at` in `timeZone`, as the UTC midnight of that date (ms). */
function localDate(at: Date, timeZone: string): number {
  let format = dayFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    dayFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
}

/** The offset of `timeZone` from UTC at `at`, in ms (local wall time − UTC). */
function offsetAt(at: number, timeZone: string): number {
  const format = dayFormatters.get(timeZone)!;
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant local midnight starts the calendar date `date` (a UTC midnight from localDate) in `timeZone`. */
function midnight(date: number, timeZone: string): Date {
  let at = date - offsetAt(date, timeZone);
  at = date - offsetAt(at, timeZone);
  return new Date(at);
}

/** The start and end of the day of `now`, and the calendar days from it to `to`, in `timeZone`. */
export function calendar(now: Date, timeZone: string = DEFAULT_TIME_ZONE) {
  const today = localDate(now, timeZone);
  return {
    startOfToday: midnight(today, timeZone),
    endOfToday: midnight(today + DAY_MS, timeZone),
    daysUntil: (to: Date) => Math.round((localDate(to, timeZone) - today) / DAY_MS),
  };
}

/** Today's plan: the reviews and new cards that fit the budget, and what is left out. */
export function planToday(input: PlanInput): TodayPlan {
  const { now, cards, subjects, schoolYearEnd, secondsPerReview, secondsPerNew, weights } = input;
  const budgetSeconds = (input.budgetMinutes ?? DEFAULT_BUDGET_MINUTES) * 60;
  const target = input.target ?? TARGET_RECALL;
  const { startOfToday, endOfToday, daysUntil } = calendar(now, input.timeZone);
  const nowMs = now.getTime();

  const horizonOf = new Map<number, { exam: number; after: boolean; finalWeek: boolean }>();
  for (const subject of subjects) {
    const exam = (subject.examDate ?? schoolYearEnd).getTime();
    horizonOf.set(subject.id, {
      exam,
      after: nowMs >= exam,
      finalWeek: exam - nowMs <= NEW_CARD_BUFFER_DAYS * DAY_MS,
    });
  }

  // 1. Reviews, and the candidates for the final week's revision (3).
  const due: Urgency[] = [];
  const revision: Urgency[] = [];
  const unseenOf = new Map<number, number[]>();
  for (const card of cards) {
    const horizon = horizonOf.get(card.subjectId);
    if (!horizon || horizon.after) continue;
    const { memory } = card;
    if (!memory) {
      const list = unseenOf.get(card.subjectId);
      if (list) list.push(card.id);
      else unseenOf.set(card.subjectId, [card.id]);
      continue;
    }
    const examMorning = new Date(horizon.exam);
    const examRecall = recallAt(memory, examMorning, weights);
    const urgency = { id: card.id, examRecall, exam: horizon.exam };
    // A card in one of FSRS's same-day steps (rated Opnieuw today) comes back when its step is over, not before.
    if (memory.lastReview >= startOfToday && memory.due.getTime() > nowMs) continue;
    if (memory.due.getTime() < endOfToday.getTime() || isFinalReview(memory, examMorning, examRecall))
      due.push(urgency);
    else if (horizon.finalWeek && memory.lastReview.getTime() < horizon.exam - NEW_CARD_BUFFER_DAYS * DAY_MS)
      revision.push(urgency);
  }
  due.sort(byUrgency);
  revision.sort(byUrgency);

  function isFinalReview(memory: CardMemory, examMorning: Date, examRecall: number): boolean {
    if (examRecall >= target || memory.lastReview.getTime() >= startOfToday.getTime()) return false;
    const withinHorizon =
      (examMorning.getTime() - nowMs) / DAY_MS <= daysUntilRecall(memory.stability, target, weights);
    const cannotWait =
      recallAt(memory, endOfToday, weights) < target || examMorning.getTime() < endOfToday.getTime() + DAY_MS;
    return withinHorizon && cannotWait;
  }

  // 2. New cards: one steady rate that reads every subject's cards a week before its exam, in exam order.
  const ordered = subjects
    .map((subject) => ({ subject, ...horizonOf.get(subject.id)! }))
    .sort((a, b) => a.exam - b.exam || a.subject.id - b.subject.id);
  let unseenSoFar = 0;
  let rate = 0;
  for (const { subject, exam, after } of ordered) {
    const readingDays = daysUntil(new Date(exam)) - NEW_CARD_BUFFER_DAYS;
    if (after || readingDays <= 0) continue;
    unseenSoFar += unseenOf.get(subject.id)?.length ?? 0;
    rate = Math.max(rate, Math.ceil(unseenSoFar / readingDays));
  }
  const perSubject: SubjectPlan[] = [];
  const paced: number[] = [];
  const ahead: number[] = [];
  for (const { subject, exam, after } of ordered) {
    const unseen = unseenOf.get(subject.id) ?? [];
    const daysLeft = Math.max(0, daysUntil(new Date(exam)));
    const lastWeek = daysLeft - NEW_CARD_BUFFER_DAYS <= 0;
    const newPerDay = after ? 0 : lastWeek ? unseen.length : Math.min(rate, unseen.length);
    if (!lastWeek) rate -= newPerDay;
    paced.push(...unseen.slice(0, newPerDay));
    ahead.push(...unseen.slice(newPerDay));
    perSubject.push({
      subjectId: subject.id,
      examDate: subject.examDate,
      daysLeft,
      unseen: unseen.length,
      newPerDay,
      afterExam: after,
    });
  }

  // The budget, in the order of the rules.
  let used = 0;
  const fit = (ids: readonly number[], seconds: number, into: number[]) => {
    let taken = 0;
    for (const id of ids) {
      if (used + seconds > budgetSeconds) break;
      into.push(id);
      used += seconds;
      taken++;
    }
    return taken;
  };
  const reviews: number[] = [];
  const newCards: number[] = [];
  const reviewed = fit(
    due.map((u) => u.id),
    secondsPerReview,
    reviews,
  );
  const read = fit(paced, secondsPerNew, newCards);
  fit(
    revision.map((u) => u.id),
    secondsPerReview,
    reviews,
  );
  fit(ahead, secondsPerNew, newCards);
  return {
    reviews,
    newCards,
    minutes: used / 60,
    leftOut: { reviews: due.length - reviewed, newCards: paced.length - read },
    perSubject: subjects.map((s) => perSubject.find((p) => p.subjectId === s.id)!),
  };
}

interface Urgency {
  id: number;
  examRecall: number;
  exam: number;
}

/** Lowest recall on the exam morning first; ties: the earliest exam. */
const byUrgency = (a: Urgency, b: Urgency) => a.examRecall - b.examRecall || a.exam - b.exam || a.id - b.id;
