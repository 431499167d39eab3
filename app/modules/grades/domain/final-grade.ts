/**
 * Final grades (eindcijfers), Eindexamenbesluit VO art. 48: the final grade of
 * a subject with a central exam is the mean of its SE grade and its CE grade,
 * rounded to a whole number (a first decimal of 5 or more rounds up); a subject
 * with only a school exam has its SE grade, rounded the same way, as its final
 * grade. The combination grade of havo and vwo (and of the vmbo's vocational
 * electives) is the rounded mean of its parts' final grades and counts as one
 * final grade.
 *
 * The SE grade and the CE grade each have one decimal (the CE grade per the
 * CvTE's conversion, the SE grade per art. 35b of the Eindexamenbesluit). How
 * a school rounds its SE average to that one decimal (half up, or cut off) is
 * the school's rule in its examenreglement/PTA; we take the grade with one
 * decimal as the school gives it, and round a longer value half up
 * (`roundToTenths`), the national rule's way (ADR 016).
 */
import { divideHalfUp, roundTenthsToWhole } from './grade.ts';

/** The three core subjects of havo and vwo (the kernvakkenregel); the vmbo's Nederlands rule uses 'nederlands'. */
export type CoreSubject = 'nederlands' | 'engels' | 'wiskunde';

/** A subject with a grade: an SE grade, and a CE grade when it has a central exam. */
export interface GradedSubject {
  kind: 'graded';
  /** A slug, unique in the list: 'wiskunde-a'. */
  id: string;
  /** The Dutch name the messages show: 'wiskunde A'. */
  name: string;
  /** The SE grade, 1,0–10,0 with one decimal. */
  se: number;
  /** The CE grade, 1,0–10,0 with one decimal; null for a subject without a central exam. */
  ce: number | null;
  /** Which core subject this is, if any (wiskunde A, B and C are 'wiskunde'; wiskunde D is none). */
  core?: CoreSubject;
}

/** A combination grade: the rounded mean of its parts' final grades, one final grade in the result. */
export interface CombinationSubject {
  kind: 'combination';
  id: string;
  name: string;
  /** Each part's SE grade with one decimal (a whole number is fine); its final grade is that grade rounded. */
  parts: readonly { id: string; name: string; se: number }[];
}

/** A part judged 'voldoende' or 'goed' instead of graded: LO, the vmbo's CKV/kunstvakken 1 and profielwerkstuk. */
export interface AssessedSubject {
  kind: 'assessed';
  id: string;
  name: string;
  assessment: 'goed' | 'voldoende' | 'onvoldoende';
}

export type ExamSubject = GradedSubject | CombinationSubject | AssessedSubject;

/** The final grade of a subject with SE and CE grades in tenths: round((SE + CE) / 2). 5,4 and 5,5 → 5 (5,45). */
export const finalGradeOf = (seTenths: number, ceTenths: number): number => divideHalfUp(seTenths + ceTenths, 20);

/** The final grade of a subject without a central exam: its SE grade rounded. 5,5 → 6; 5,4 → 5. */
export const seOnlyFinalGrade = (seTenths: number): number => roundTenthsToWhole(seTenths);

/** The combination grade of its parts' final grades (whole numbers): their mean rounded half up. 6, 6, 7 → 6. */
export function combinationGradeOf(partGrades: readonly number[]): number {
  if (partGrades.length === 0) throw new RangeError('A combination grade needs at least one part.');
  return divideHalfUp(
    partGrades.reduce((a, b) => a + b, 0),
    partGrades.length,
  );
}

/**
 * The lowest CE grade in tenths that gives a final grade of at least `target`
 * with this SE grade, or null when even 10,0 does not. (SE + CE) / 2 rounds to
 * `target` or more when SE + CE ≥ 2 · target − 0,5, i.e. in tenths
 * CE ≥ 20 · target − 10 − SE.
 */
export function ceForFinalGrade(seTenths: number, target: number): number | null {
  const needed = Math.max(10, 20 * target - 10 - seTenths);
  return needed <= 100 ? needed : null;
}
