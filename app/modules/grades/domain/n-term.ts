/**
 * N-terms as content data with their source, and the estimate for an exam
 * whose N-term is not known yet. The CvTE sets the N-term of each central exam
 * after it is taken (published on Examenblad, examenblad.nl); until then the
 * best guess is the exam's history: the mean of the last five known years,
 * with their range, always labelled as an estimate.
 *
 * No N-term values live in this module yet (ADR 021): the data file, every
 * entry with its Examenblad address, comes once official N-terms can be sourced.
 */
import { type Level, isLevel } from '#app/platform/levels.ts';
import { nTermTenths } from './conversion.ts';
import { divideHalfUp } from './grade.ts';

/** The exam periods: 1 (May), 2 (June, the retakes), 3 (the state exam's, August). */
export type Tijdvak = 1 | 2 | 3;

/** One exam, without its N-term. */
export interface ExamKey {
  /** The school subject's slug, e.g. 'wiskunde-b'. */
  subject: string;
  level: Level;
  year: number;
  tijdvak: Tijdvak;
}

/** A published N-term with where it was published. */
export interface NTermSource extends ExamKey {
  /** The N-term, 0,0–3,0 with one decimal. */
  n: number;
  /**
   * The variant of a digital exam, when the CvTE set an N-term per variant
   * (the vmbo's digital exams have several, e.g. '1a', '2b'); absent for a paper exam.
   */
  variant?: string;
  /** The https address of the publication (Examenblad's normering page or the CvTE's letter). */
  source: string;
}

/** How many known years the estimate takes. */
export const ESTIMATE_YEARS = 5;

export type NTermLookup =
  | { kind: 'known'; n: number; source: string }
  | {
      kind: 'estimate';
      /** The mean of the years used, rounded half up to one decimal. */
      n: number;
      min: number;
      max: number;
      /** The years the estimate is made of, newest first. */
      years: number[];
    }
  | { kind: 'unknown' };

const sameExam = (a: ExamKey, b: ExamKey): boolean =>
  a.subject === b.subject && a.level === b.level && a.tijdvak === b.tijdvak;

/**
 * The N-term of `exam`: the published one when `history` has it (for a digital
 * exam, the entry of `variant`), else an estimate from the last five earlier
 * years of the same subject, level and tijdvak: the mean, rounded half up to
 * one decimal, with the lowest and highest year; else unknown. A year with an
 * N-term per variant counts once, as the mean of its variants (rounded half
 * up to one decimal).
 */
export function estimateN(history: readonly NTermSource[], exam: ExamKey & { variant?: string }): NTermLookup {
  const known = history.find(
    (entry) => sameExam(entry, exam) && entry.year === exam.year && entry.variant === exam.variant,
  );
  if (known) return { kind: 'known', n: known.n, source: known.source };
  const byYear = new Map<number, number[]>();
  for (const entry of history) {
    if (!sameExam(entry, exam) || entry.year >= exam.year) continue;
    const tenths = nTermTenths(entry.n);
    if (tenths === null) throw new RangeError(`Invalid N-term ${entry.n} for ${entry.subject} ${entry.year}`);
    byYear.set(entry.year, [...(byYear.get(entry.year) ?? []), tenths]);
  }
  const years = [...byYear.keys()].sort((a, b) => b - a).slice(0, ESTIMATE_YEARS);
  if (years.length === 0) return { kind: 'unknown' };
  const perYear = years.map((year) => {
    const values = byYear.get(year) ?? [];
    return divideHalfUp(
      values.reduce((a, b) => a + b, 0),
      values.length,
    );
  });
  return {
    kind: 'estimate',
    n:
      divideHalfUp(
        perYear.reduce((a, b) => a + b, 0),
        perYear.length,
      ) / 10,
    min: Math.min(...perYear) / 10,
    max: Math.max(...perYear) / 10,
    years,
  };
}

/** What is wrong with one N-term entry, in English for the content validator; empty when it is valid. */
export function nTermSourceProblems(entry: NTermSource): string[] {
  const problems: string[] = [];
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(entry.subject)) problems.push(`subject "${entry.subject}" is not a slug`);
  if (!isLevel(entry.level)) problems.push(`level "${entry.level}" is not one of the levels`);
  if (!Number.isInteger(entry.year) || entry.year < 2000 || entry.year > 2100) problems.push(`year ${entry.year}`);
  if (![1, 2, 3].includes(entry.tijdvak)) problems.push(`tijdvak ${entry.tijdvak}`);
  if (nTermTenths(entry.n) === null) problems.push(`N-term ${entry.n} is not 0.0–3.0 with one decimal`);
  if (!/^https:\/\/\S+$/.test(entry.source)) problems.push(`source "${entry.source}" is not an https address`);
  return problems;
}

/** The problems of a table of N-terms: each entry's, and an exam (and variant) listed twice. */
export function nTermTableProblems(entries: readonly NTermSource[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const key = `${entry.subject}|${entry.level}|${entry.year}|${entry.tijdvak}|${entry.variant ?? ''}`;
    for (const problem of nTermSourceProblems(entry)) problems.push(`entry ${index}: ${problem}`);
    if (seen.has(key)) problems.push(`entry ${index}: ${key} is listed twice`);
    seen.add(key);
  });
  return problems;
}
