/**
 * The scheduler bench's world (issue 33): the pupil's seven subjects and their exam days, the cards and
 * topics, the study sessions, the grid of settings and the seed sets.
 *
 * Exams. Six subjects have a central exam inside the first tijdvak of the latest year in the CvTE timetable
 * of content/exam-timetable.json (2025: 9–26 May, twelve school days; the file has no 2026 or 2027 year and
 * no per-subject days), on its school days 1, 2, 4, 6, 9 and 12 — two on consecutive days, spread over two
 * and a half weeks as a havo/vwo pupil's six or seven are. The seventh subject, maatschappijleer, has no
 * central exam: its school exam is 22 days before the tijdvak starts (17 April 2025, the last week of school
 * exams before the May holiday). The pupil entered that date as the subject's exam date, as the plan's
 * settings allow, so every policy aims at the same seven mornings. "First exam N days away" is that school
 * exam: the central exams follow 22 to 39 days later.
 *
 * Times are the app's: an exam morning is 09:00 in Amsterdam (plan-context.server.ts), the school year ends
 * on 15 July, and a pupil's day is a calendar day in Amsterdam. The pupil studies once a day at 16:00.
 */
import { readFileSync } from 'node:fs';
import { parseTimetableFile } from '#app/modules/exam-data/index.ts';
import { calendar } from '#app/modules/planner/index.server.ts';

export const TIME_ZONE = 'Europe/Amsterdam';
const DAY_MS = 86_400_000;

/** What a review and a first read take the pupil (s). The planner estimates them as the app does. */
export const SECONDS_PER_REVIEW = 20;
export const SECONDS_PER_NEW = 60;
/** The session's start, local time (h). */
export const SESSION_HOUR = 16;

export interface Cell {
  /** Minutes a day. */
  budget: number;
  /** The share of days skipped. */
  skip: number;
  /** Cards per subject. */
  cards: number;
  /** Days from the first session to the first exam (the school exam). */
  firstExam: number;
}

export const LEVELS = {
  budget: [10, 20, 40],
  skip: [0, 0.2, 0.4],
  cards: [150, 300, 600],
  firstExam: [30, 90, 160],
} as const;
export type Factor = keyof typeof LEVELS;
export const FACTORS = Object.keys(LEVELS) as Factor[];

export const cellName = (cell: Cell) =>
  `${cell.budget}m/${Math.round(cell.skip * 100)}%/${cell.cards}c/${cell.firstExam}d`;

/** All 81 cells. */
export function fullFactorial(): Cell[] {
  const cells: Cell[] = [];
  for (const budget of LEVELS.budget)
    for (const skip of LEVELS.skip)
      for (const cards of LEVELS.cards)
        for (const firstExam of LEVELS.firstExam) cells.push({ budget, skip, cards, firstExam });
  return cells;
}

/**
 * The 27-cell third fraction of the 3⁴ grid (defining relation I = ABCD²: first exam level = budget + skip +
 * cards levels mod 3). Each level of each factor appears in 9 cells, every pair of factors is fully crossed
 * (each pair of levels in 3 cells), and main effects are not aliased with two-factor interactions.
 */
export function fractionalFactorial(): Cell[] {
  const cells: Cell[] = [];
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++)
      for (let c = 0; c < 3; c++) {
        const d = (a + b + c) % 3;
        cells.push({
          budget: LEVELS.budget[a]!,
          skip: LEVELS.skip[b]!,
          cards: LEVELS.cards[c]!,
          firstExam: LEVELS.firstExam[d]!,
        });
      }
  return cells;
}

/** A quick smoke grid: three cells that vary every factor. */
export const quickCells = (): Cell[] => [
  { budget: 10, skip: 0.2, cards: 150, firstExam: 30 },
  { budget: 20, skip: 0, cards: 150, firstExam: 30 },
  { budget: 40, skip: 0.4, cards: 150, firstExam: 30 },
];

export type SeedSet = 'dev' | 'heldout' | 'fresh';
/**
 * Seed bases: a pupil's seed is hash(base, model, i). The tuning twins of (b″) have their own base. `heldout`
 * is the headline's; its per-cell results were read after each planner change of issue 33, so which of its
 * cells missed has been seen. `fresh` is a second held-out set, added on 30 November 2026 with ADR 037 and run
 * once, after that change was chosen on `dev`: nobody had seen any result on it.
 */
export const SEED_BASE: Record<SeedSet | 'tuning' | 'fit', number> = {
  dev: 1_001,
  heldout: 2_002,
  tuning: 3_003,
  fit: 4_004,
  fresh: 5_005,
};

/** The exam timetable's latest year, and the days and mornings derived from it. */
function timetable() {
  const raw: unknown = JSON.parse(readFileSync(new URL('../../content/exam-timetable.json', import.meta.url), 'utf8'));
  const parsed = parseTimetableFile(raw);
  if (!parsed.success) throw new Error(`content/exam-timetable.json: ${parsed.errors.join('; ')}`);
  const latest = [...parsed.data].sort((a, b) => b.examYear - a.examYear)[0];
  if (!latest) throw new Error('content/exam-timetable.json has no year');
  return latest;
}

const utcDate = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (iso: string, days: number) => isoOf(utcDate(iso) + days * DAY_MS);

/** Easter Sunday (anonymous Gregorian algorithm), as YYYY-MM-DD. */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The school days (Monday–Friday, not Ascension Day or Whit Monday) from `from` to `to`. */
export function schoolDays(from: string, to: string): string[] {
  const year = Number(from.slice(0, 4));
  const holidays = new Set([addDays(easter(year), 39), addDays(easter(year), 50)]);
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = new Date(utcDate(day)).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(day)) days.push(day);
  }
  return days;
}

/** The central exams' school days within the tijdvak (0-based). */
const CENTRAL_EXAM_SCHOOL_DAYS = [0, 1, 3, 5, 8, 11];
/** The school exam: this many days before the tijdvak starts. */
const SCHOOL_EXAM_DAYS_BEFORE = 22;

export interface Subject {
  id: number;
  name: string;
  /** YYYY-MM-DD. */
  examDate: string;
  central: boolean;
}

function makeSubjects(): { subjects: Subject[]; year: number; tijdvak: { from: string; to: string; days: string[] } } {
  const year = timetable();
  const days = schoolDays(year.firstPeriod.from, year.firstPeriod.to);
  if (days.length < 12) throw new Error(`the first tijdvak of ${year.examYear} has ${days.length} school days`);
  const central = ['Nederlands', 'Engels', 'wiskunde A', 'economie', 'geschiedenis', 'biologie'];
  const subjects: Subject[] = [
    {
      id: 1,
      name: 'maatschappijleer',
      examDate: addDays(year.firstPeriod.from, -SCHOOL_EXAM_DAYS_BEFORE),
      central: false,
    },
    ...central.map((name, i) => ({
      id: i + 2,
      name,
      examDate: days[CENTRAL_EXAM_SCHOOL_DAYS[i]!]!,
      central: true,
    })),
  ];
  return { subjects, year: year.examYear, tijdvak: { ...year.firstPeriod, days } };
}

export const WORLD = makeSubjects();
export const SUBJECTS = WORLD.subjects;

/** The instant local midnight starts the calendar date `iso` in Amsterdam. */
export const localMidnight = (iso: string) => calendar(new Date(`${iso}T12:00:00Z`), TIME_ZONE).startOfToday.getTime();

/** A subject's topics: their shares of the cards (in reading order) and, independently, of the exam's points. */
export const TOPIC_CARD_SHARE = [14, 12, 11, 10, 10, 9, 9, 9, 8, 8].map((x) => x / 100);
const TOPIC_EXAM_SHARE = [6, 8, 15, 10, 12, 5, 14, 9, 11, 10].map((x) => x / 100);
export const TOPICS = TOPIC_CARD_SHARE.length;
/** Subject s's topic t's share of the exam (the pattern turned by s, so subjects differ). */
export const examShare = (subject: number, topic: number) => TOPIC_EXAM_SHARE[(topic + 3 * subject) % TOPICS]!;

/** Cards per topic for `cards` cards (largest remainders). */
export function topicSizes(cards: number): number[] {
  const exact = TOPIC_CARD_SHARE.map((share) => share * cards);
  const sizes = exact.map(Math.floor);
  let left = cards - sizes.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left-- <= 0) break;
    sizes[i]!++;
  }
  return sizes;
}

/** The days of a run: session times, the end of each day, and each subject's exam morning and day. */
export interface Timeline {
  start: string;
  /** Days from the first session to the last exam's morning. */
  days: number;
  session: Float64Array;
  endOfDay: Float64Array;
  /** By subject index (SUBJECTS order). */
  examMorning: number[];
  examDay: number[];
  schoolYearEnd: number;
}

const timelines = new Map<number, Timeline>();

export function timelineOf(firstExam: number): Timeline {
  let found = timelines.get(firstExam);
  if (found) return found;
  const start = addDays(SUBJECTS[0]!.examDate, -firstExam);
  const examDay = SUBJECTS.map((s) => Math.round((utcDate(s.examDate) - utcDate(start)) / DAY_MS));
  const days = Math.max(...examDay);
  const session = new Float64Array(days + 1);
  const endOfDay = new Float64Array(days + 1);
  for (let d = 0; d <= days; d++) {
    const at = localMidnight(addDays(start, d)) + SESSION_HOUR * 3_600_000;
    session[d] = at;
    endOfDay[d] = calendar(new Date(at), TIME_ZONE).endOfToday.getTime();
  }
  found = {
    start,
    days,
    session,
    endOfDay,
    examMorning: SUBJECTS.map((s) => localMidnight(s.examDate) + 9 * 3_600_000),
    examDay,
    schoolYearEnd: localMidnight(`${WORLD.year}-07-15`) + 9 * 3_600_000,
  };
  timelines.set(firstExam, found);
  return found;
}

/** A run's cards: subject by subject in exam order, each subject's topics in order. */
export interface Deck {
  perSubject: number;
  subject: Int32Array;
  topic: Int32Array;
  /** The card's key: the same card in every cell (subject × 1000 + its place in the subject). */
  keys: number[];
  topicSizes: number[];
}

const decks = new Map<number, Deck>();

export function deckOf(cards: number): Deck {
  let found = decks.get(cards);
  if (found) return found;
  const sizes = topicSizes(cards);
  const n = cards * SUBJECTS.length;
  const subject = new Int32Array(n);
  const topic = new Int32Array(n);
  const keys: number[] = [];
  let i = 0;
  for (let s = 0; s < SUBJECTS.length; s++) {
    let j = 0;
    sizes.forEach((size, t) => {
      for (let k = 0; k < size; k++, i++, j++) {
        subject[i] = s;
        topic[i] = t;
        keys.push(s * 1000 + j);
      }
    });
  }
  found = { perSubject: cards, subject, topic, keys, topicSizes: sizes };
  decks.set(cards, found);
  return found;
}
