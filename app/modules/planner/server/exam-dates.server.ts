/**
 * The date of each of a pupil's central exams (issue 20), from three sources, the first that has one:
 * 1. the pupil's own entry (their school's timetable: a school may move a vmbo bb/kb digital exam, and
 *    the pupil knows best);
 * 2. the CvTE timetable of the exam year as staff published it (exam-data, ADR 033);
 * 3. an estimate, always labelled as one. For a year whose timetable is not in our data, the first
 *    tijdvak's start of the latest year before it we have (else the earliest after), on the same ISO week and weekday (9 May 2025, Friday of
 *    week 19, gives 14 May 2027); for the vmbo bb/kb the start of the flexible digital period, as the
 *    school picks the day. A start, on purpose: a plan aimed at an earlier morning is also ready on a
 *    later one.
 * Dates are calendar dates, 'YYYY-MM-DD'; the exam is planned for on that day's morning.
 */
import { type Level } from '#app/platform/levels.ts';
import { timetableSourceName, type ExamTimetable } from '#app/modules/exam-data/index.ts';
import { formatExamDate } from '../domain/exam-dates.ts';

/** A timetable as the plan reads it. */
type ExamTimetableYear = Pick<ExamTimetable, 'examYear' | 'reference' | 'firstPeriod' | 'flexibleDigital' | 'exams'>;

export type ExamDateSource = 'pupil' | 'timetable' | 'estimate';

export interface ExamDate {
  /** 'YYYY-MM-DD'. */
  date: string;
  source: ExamDateSource;
  /** One Dutch sentence on where the date comes from. */
  note: string;
}

const DAY_MS = 86_400_000;

/** The UTC midnight of 'YYYY-MM-DD'. */
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** ISO week-numbering: the Monday of week 1 of `year` (UTC ms). */
function isoWeekOneMonday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0
  return jan4 - weekday * DAY_MS;
}

/** `date` moved to `year`, on the same ISO week and weekday. */
export function sameWeekday(date: string, year: number): string {
  const ms = utc(date);
  const sourceYear = Number(date.slice(0, 4));
  // The ISO year of a mid-year date is its calendar year.
  const offset = ms - isoWeekOneMonday(sourceYear);
  return iso(isoWeekOneMonday(year) + offset);
}

const dayMonth = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', timeZone: 'UTC' });
/** "9 mei". */
const formatDayMonth = (date: string) => dayMonth.format(new Date(utc(date)));

const isFlexible = (year: ExamTimetableYear, level: Level) => year.flexibleDigital?.levels.includes(level) ?? false;

/** The exam date of one subject of a pupil. */
export function examDateOf(
  timetable: readonly ExamTimetableYear[],
  subject: { slug: string; levelName: Level },
  examYear: number,
  pupilDate: string | null,
): ExamDate {
  if (pupilDate) return { date: pupilDate, source: 'pupil', note: 'Deze datum heb je zelf ingevuld.' };
  const year = timetable.find((y) => y.examYear === examYear);
  const exam = year?.exams.find((e) => e.subject === subject.slug && e.level === subject.levelName);
  if (year && exam) return { date: exam.date, source: 'timetable', note: `Uit het ${timetableSourceName(year)}.` };
  if (year) {
    if (isFlexible(year, subject.levelName) && year.flexibleDigital) {
      return {
        date: year.flexibleDigital.from,
        source: 'estimate',
        note: `Je school kiest de dag van je digitale examen tussen ${formatExamDate(year.flexibleDigital.from)} en ${formatExamDate(year.flexibleDigital.to)} (${timetableSourceName(year)}). We plannen naar het begin; vul je eigen datum in als je die weet.`,
      };
    }
    return {
      date: year.firstPeriod.from,
      source: 'estimate',
      note: `Het eerste tijdvak loopt van ${formatExamDate(year.firstPeriod.from)} tot ${formatExamDate(year.firstPeriod.to)} (${timetableSourceName(year)}). We plannen naar het begin; vul je eigen datum in als je die weet.`,
    };
  }
  // The basis: the latest timetable before the exam year (a later one only when none is before), so a timetable
  // published for a later year leaves the estimate of an earlier one as it was.
  const byYear = [...timetable].sort((a, b) => a.examYear - b.examYear);
  const latest = byYear.filter((y) => y.examYear < examYear).at(-1) ?? byYear[0];
  if (!latest) {
    // No timetable at all: the earliest start of the first tijdvak is in the second week of May.
    return {
      date: `${examYear}-05-09`,
      source: 'estimate',
      note: 'Het examenrooster voor dit jaar staat nog niet in onze gegevens. Vul de datum van je examen in als je die weet.',
    };
  }
  const flexible = isFlexible(latest, subject.levelName) && latest.flexibleDigital;
  const basis = flexible ? latest.flexibleDigital!.from : latest.firstPeriod.from;
  const date = sameWeekday(basis, examYear);
  return {
    date,
    source: 'estimate',
    note: flexible
      ? `Het examenrooster van ${examYear} staat nog niet in onze gegevens, en je school kiest de dag van je digitale examen. We plannen naar ${formatExamDate(date)}: de week en dag waarop de digitale periode in ${latest.examYear} begon (${formatDayMonth(basis)}). Vul je eigen datum in als je die weet.`
      : `Het examenrooster van ${examYear} staat nog niet in onze gegevens. We plannen naar ${formatExamDate(date)}: de week en dag waarop het eerste tijdvak in ${latest.examYear} begon (${formatDayMonth(basis)}). Vul je eigen datum in als je die weet.`,
  };
}

/** The last day of the school year of `examYear`: a subject without a central exam is planned to it. */
export const schoolYearEnd = (examYear: number) => `${examYear}-07-15`;
