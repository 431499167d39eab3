/**
 * Today's study plan, aimed at each subject's exam morning (issue 20; redesigned in issue 33, ADR 031). Pure and
 * deterministic: the time, the cards with their memory and the subjects with their exam dates are passed in.
 *
 * The principle: spend each second where it adds the most recall on the exam mornings. What is wanted today:
 * 1. Reviews. A learned card is wanted when its recall falls to INTERIM_RECALL before the end of today, not
 *    at FSRS's 0.9: between its reviews a card is let go further, where a review strengthens it more per
 *    minute, and its final review before the exam brings it back to the target (ADR 037). A card in one of
 *    FSRS's learning steps is wanted when FSRS says it is due. A card is also wanted as its final review: its
 *    predicted recall on the exam morning is below the target, a review now keeps it there (the exam is at
 *    most the card's horizon away) and it cannot wait (its recall falls below the target by the end of today,
 *    or the exam is tomorrow). Never twice in a day (FSRS's own same-day learning steps aside: a card rated
 *    Opnieuw waits until its step is over, so "komt terug over 10 minuten" is true). A review that adds less
 *    than MIN_REVIEW_GAIN to the card's exam-morning recall is not wanted at all, unless the card is in FSRS's
 *    learning step (rated Opnieuw, or Moeilijk at its first read): it comes back until it is learned. A card
 *    out of it promises no date (the review says the plan brings it back).
 * 2. New cards: each subject at its own pace, the one that reads all its cards NEW_CARD_BUFFER_DAYS before its
 *    exam (⌈unseen / (days left − buffer)⌉); in the buffer, all that are left (late beats never).
 * Each item is valued by the exam-morning recall it adds per second: a review by the expected recall after it
 * (recalled with the chance it is recalled now, rated Goed; else Opnieuw) less the recall without it; a first
 * read by the recall it leaves on the exam morning. Both as if nothing followed before the exam, on FSRS-6's
 * curve with VALUE_DECAY. The budget takes the most valuable first, whichever kind; what does not fit is
 * counted in leftOut. So where the minutes bind, reading a subject whose exam comes soon beats a review that
 * adds little, and a review just before an exam beats a card that can be read later; where they suffice,
 * reviews that add little are left out and the minutes saved.
 * A subject whose exam morning has passed gets nothing; one without an exam date (school exam only) is
 * planned to the end of the school year. Days are calendar days in the pupil's time zone (Europe/Amsterdam
 * unless told otherwise).
 *
 * Why: `npm run bench:scheduler` (bench/README.md). The first planner (issue 20) gave every due or final
 * review before any new card and read the subjects one after another in exam order; where the budget binds
 * (almost everywhere in the bench's grid) it read fewer cards than FSRS-6 stopping at each exam and recalled
 * 2.9 points less on the held-out pupils.
 */
import { DAY_MS, DEFAULT_TIME_ZONE } from '#app/platform/dates.ts';
import {
  daysUntilRecall,
  recallAfter,
  recallAt,
  stabilityAfterReview,
  TARGET_RECALL,
  type CardMemory,
} from '#app/modules/reviews/index.ts';

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
  /** The least a review must add to a card's exam-morning recall to be wanted (MIN_REVIEW_GAIN by default). */
  minReviewGain?: number;
  /** The recall a learned card is let fall to between reviews (INTERIM_RECALL by default). */
  interimRecall?: number;
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
export const NEW_CARD_BUFFER_DAYS = 2;
/** A review goes into the plan only when it adds at least this much to the card's exam-morning recall (ADR 031). */
export const MIN_REVIEW_GAIN = 0.1;
/**
 * Between its reviews a learned card is let fall to this recall (FSRS's own schedule lets it fall to
 * TARGET_RECALL, 0.9) before a review is wanted: the final review before the exam (isFinalReview) brings it
 * back to the target for the exam morning. ADR 037.
 */
export const INTERIM_RECALL = 0.7;
/** The forgetting curve's decay the plan weighs its choices with (FSRS-6's default is 0.1542; ADR 031). */
export const VALUE_DECAY = 0.3;
/** FSRS's state of a card out of its learning steps. */
const REVIEW_STATE = 2;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
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
  return format;
}

/** The calendar date of `at` in `timeZone`, as the UTC midnight of that date (ms). */
function localDate(at: Date, timeZone: string): number {
  const ms = at.getTime();
  return Math.floor((ms + offsetAt(ms, timeZone)) / DAY_MS) * DAY_MS;
}

/**
 * A time zone's offset changes only on a quarter of an hour in UTC (every zone's transitions are at whole or half
 * hours of local time, its offsets whole quarters of an hour), so it is asked of Intl once per quarter of an hour
 * and zone: a workload forecast asks for the days of months ahead on every request that shows it.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** Per zone, its offset per quarter of an hour since 1970 (numbers as keys: no key string is made per call). */
const offsets = new Map<string, Map<number, number>>();

/** The offset of `timeZone` from UTC at `at`, in ms (local wall time − UTC). */
function offsetAt(at: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const quarter = Math.floor(at / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const parts = Object.fromEntries(
      formatterOf(timeZone)
        .formatToParts(new Date(at))
        .map((p) => [p.type, p.value]),
    );
    const wall = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    offset = wall - Math.floor(at / 1000) * 1000;
    if (zone.size >= 100_000) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
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
  const minReviewGain = input.minReviewGain ?? MIN_REVIEW_GAIN;
  const interimRecall = input.interimRecall ?? INTERIM_RECALL;
  const { startOfToday, endOfToday, daysUntil } = calendar(now, input.timeZone);
  const nowMs = now.getTime();
  const stabilityAfter = stabilityAfterReview(weights);

  const horizonOf = new Map<number, { exam: number; examMorning: Date; after: boolean }>();
  for (const subject of subjects) {
    const examMorning = subject.examDate ?? schoolYearEnd;
    const exam = examMorning.getTime();
    horizonOf.set(subject.id, { exam, examMorning, after: nowMs >= exam });
  }
  const startMs = startOfToday.getTime();
  const endMs = endOfToday.getTime();
  const horizonPerStability = daysUntilRecall(1, target, weights);
  // The days a stability holds INTERIM_RECALL are proportional to it, like the horizon: one power per plan.
  const interimDaysPerStability = daysUntilRecall(1, interimRecall, weights);

  // 1. The reviews wanted today, each with what it adds to the exam morning.
  const wanted: Candidate[] = [];
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
    // A learned card is due when its recall falls to INTERIM_RECALL; one in a learning step when FSRS says.
    const due =
      memory.state === REVIEW_STATE
        ? memory.lastReview.getTime() + memory.stability * interimDaysPerStability * DAY_MS
        : memory.due.getTime();
    const reviewedToday = memory.lastReview.getTime() >= startMs;
    // A card in one of FSRS's same-day steps (rated Opnieuw today) comes back when its step is over, not before.
    if (reviewedToday && due > nowMs) continue;
    if (due >= endMs && (reviewedToday || !isFinalReview(memory, horizon.examMorning))) continue;
    const gain = reviewGain(memory, nowMs, horizon.exam, weights, stabilityAfter, now);
    // A card in its learning step (rated Opnieuw or Moeilijk) comes back whatever it adds: it is not learned yet.
    if (gain < minReviewGain && memory.state === REVIEW_STATE) continue;
    wanted.push({ id: card.id, review: true, value: gain / secondsPerReview, exam: horizon.exam });
  }

  /** Not due, but its last review before the exam, and it cannot wait (see the module's comment). */
  function isFinalReview(memory: CardMemory, examMorning: Date): boolean {
    // The days a stability holds the target are proportional to it: the cheap test first.
    const withinHorizon = (examMorning.getTime() - nowMs) / DAY_MS <= memory.stability * horizonPerStability;
    if (!withinHorizon || recallAt(memory, examMorning, weights) >= target) return false;
    return recallAt(memory, endOfToday, weights) < target || examMorning.getTime() < endMs + DAY_MS;
  }

  // 2. New cards: each subject at the pace that reads it all NEW_CARD_BUFFER_DAYS before its exam.
  const perSubject: SubjectPlan[] = [];
  for (const subject of subjects) {
    const { exam, after } = horizonOf.get(subject.id)!;
    const unseen = unseenOf.get(subject.id) ?? [];
    const daysLeft = Math.max(0, daysUntil(new Date(exam)));
    const readingDays = daysLeft - NEW_CARD_BUFFER_DAYS;
    const newPerDay = after
      ? 0
      : readingDays <= 0
        ? unseen.length
        : Math.min(unseen.length, Math.ceil(unseen.length / readingDays));
    if (newPerDay > 0) {
      const value = valueRecall(stabilityAfter(null, 3, now), (exam - nowMs) / DAY_MS) / secondsPerNew;
      for (const id of unseen.slice(0, newPerDay)) wanted.push({ id, review: false, value, exam });
    }
    perSubject.push({
      subjectId: subject.id,
      examDate: subject.examDate,
      daysLeft,
      unseen: unseen.length,
      newPerDay,
      afterExam: after,
    });
  }

  // 3. The budget: what adds the most exam-morning recall per second first, whichever kind it is.
  wanted.sort(byValue);
  let used = 0;
  const reviews: number[] = [];
  const newCards: number[] = [];
  const leftOut = { reviews: 0, newCards: 0 };
  for (const item of wanted) {
    const seconds = item.review ? secondsPerReview : secondsPerNew;
    if (used + seconds > budgetSeconds) {
      if (item.review) leftOut.reviews++;
      else leftOut.newCards++;
      continue;
    }
    used += seconds;
    (item.review ? reviews : newCards).push(item.id);
  }
  return { reviews, newCards, minutes: used / 60, leftOut, perSubject };
}

/** FSRS-6's stability after a review of a card (the reviews module's `stabilityAfterReview`, for one set of weights). */
type StabilityAfter = ReturnType<typeof stabilityAfterReview>;

/**
 * What a review now adds to the card's recall on the exam morning, if it is the card's last before the exam:
 * the expected recall after it (recalled with the chance it is recalled now, rated Goed; forgotten otherwise,
 * Opnieuw) less the recall without it, on the curve of valueRecall.
 */
function reviewGain(
  memory: CardMemory,
  nowMs: number,
  exam: number,
  weights: readonly number[] | undefined,
  stabilityAfter: StabilityAfter,
  now: Date,
): number {
  const lastReview = memory.lastReview.getTime();
  const recalled = recallAfter(memory.stability, (nowMs - lastReview) / DAY_MS, weights);
  const daysLeft = (exam - nowMs) / DAY_MS;
  const good = valueRecall(stabilityAfter(memory, 3, now), daysLeft);
  const again = valueRecall(stabilityAfter(memory, 1, now), daysLeft);
  const without = valueRecall(memory.stability, (exam - lastReview) / DAY_MS);
  return Math.max(0, recalled * good + (1 - recalled) * again - without);
}

/**
 * The recall a plan counts on when it weighs one minute against another, `days` after a review at this
 * stability: FSRS-6's curve with a steeper decay (VALUE_DECAY) than its default, so that a first read long
 * before the exam is not taken for more than it holds for a pupil who forgets faster than the defaults say
 * (ADR 031).
 */
function valueRecall(stability: number, days: number): number {
  return (1 + (VALUE_FACTOR * Math.max(0, days)) / stability) ** -VALUE_DECAY;
}
const VALUE_FACTOR = 0.9 ** (-1 / VALUE_DECAY) - 1;

interface Candidate {
  id: number;
  review: boolean;
  /** Exam-morning recall added per second of study. */
  value: number;
  exam: number;
}

/** The most recall per second first; ties: the earliest exam, reviews before new cards, the card's order. */
const byValue = (a: Candidate, b: Candidate) =>
  b.value - a.value || a.exam - b.exam || Number(b.review) - Number(a.review) || 0;
