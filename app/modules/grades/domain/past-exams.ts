/**
 * Past central exams (oude examens) a pupil made on paper (issue 21, part 7):
 * which exams can be entered, and their grade by the CvTE conversion with the
 * N-term of that exam as the pupil entered it from Examenblad.
 */
import { convertTenths } from './conversion.ts';

/** 1: the May exams; 2: the June retakes. */
export type PastExamTijdvak = 1 | 2;

/** A past exam the pupil entered, checked. */
export interface PastExamScore {
  id: number;
  /** The exam subject's key ('wiskunde-b'). */
  key: string;
  year: number;
  tijdvak: PastExamTijdvak;
  score: number;
  maxScore: number;
  /** The exam's N-term in tenths (11 = 1,1). */
  nTenths: number;
}

/** How many exam years back a past exam can be from. */
export const PAST_EXAM_YEARS_BACK = 10;
/** 2020 had no central exams (the exams were cancelled in the pandemic). */
export const NO_EXAMS_YEAR = 2020;

/**
 * The exam years a past exam can be from, newest first: from the latest May
 * exams that have been taken (this year's from June on) ten years back, without 2020.
 */
export function pastExamYears(today: Date): number[] {
  const latest = today.getUTCMonth() >= 5 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const years: number[] = [];
  for (let year = latest; year > latest - PAST_EXAM_YEARS_BACK; year -= 1) {
    if (year !== NO_EXAMS_YEAR) years.push(year);
  }
  return years;
}

/** The grade of a past exam in tenths: the CvTE conversion with its N-term. */
export const pastExamGradeTenths = (exam: Pick<PastExamScore, 'score' | 'maxScore' | 'nTenths'>): number =>
  convertTenths(exam.score, exam.maxScore, exam.nTenths).tenths;
