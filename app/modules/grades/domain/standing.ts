/**
 * A pupil's standing: their subjects with the final grade of each, the input
 * every pass/fail rule reads (`diploma-rules.ts`). Built from checked input
 * only: every grade is whole tenths here.
 */
import { type Level } from '#app/platform/levels.ts';
import { toTenths } from './grade.ts';
import {
  type AssessedSubject,
  type CoreSubject,
  type ExamSubject,
  combinationGradeOf,
  finalGradeOf,
  seOnlyFinalGrade,
} from './final-grade.ts';
import { GRADES_MESSAGES } from './messages.ts';

/** A final grade that counts in the pass/fail rules: a graded subject's or a combination grade. */
export interface FinalGradeLine {
  id: string;
  name: string;
  kind: 'graded' | 'combination';
  /** The whole final grade, 1–10. */
  grade: number;
  /** The SE grade in tenths (graded subjects). */
  seTenths: number | null;
  /** The CE grade in tenths, null without a central exam (and for a combination grade). */
  ceTenths: number | null;
  core?: CoreSubject;
  /** The parts' final grades (a combination grade). */
  parts?: readonly { id: string; name: string; grade: number }[];
}

export interface Standing {
  level: Level;
  /** Every final grade that counts, in the order given. */
  finalGrades: readonly FinalGradeLine[];
  assessed: readonly AssessedSubject[];
}

export type InvalidGrades = { reason: 'invalid_grades'; message: string; subjectId?: string };

/** The standing of checked subjects, or why the input is not a list of grades the rules can read. */
export function buildStanding(
  level: Level,
  subjects: readonly ExamSubject[],
): { ok: true; value: Standing } | ({ ok: false } & InvalidGrades) {
  const invalid = (message: string, subjectId?: string) =>
    ({ ok: false, reason: 'invalid_grades', message, ...(subjectId ? { subjectId } : {}) }) as const;
  if (subjects.length === 0) return invalid(GRADES_MESSAGES.NO_SUBJECTS);
  const seen = new Set<string>();
  const finalGrades: FinalGradeLine[] = [];
  const assessed: AssessedSubject[] = [];
  for (const subject of subjects) {
    if (seen.has(subject.id)) return invalid(GRADES_MESSAGES.DUPLICATE_SUBJECT(subject.name), subject.id);
    seen.add(subject.id);
    if (subject.kind === 'assessed') {
      assessed.push(subject);
    } else if (subject.kind === 'combination') {
      if (subject.parts.length === 0) return invalid(GRADES_MESSAGES.EMPTY_COMBINATION(subject.name), subject.id);
      const parts = [];
      for (const part of subject.parts) {
        const tenths = toTenths(part.se);
        if (tenths === null) return invalid(GRADES_MESSAGES.INVALID_GRADE(part.name), subject.id);
        parts.push({ id: part.id, name: part.name, grade: seOnlyFinalGrade(tenths) });
      }
      const grade = combinationGradeOf(parts.map((part) => part.grade));
      finalGrades.push({
        id: subject.id,
        name: subject.name,
        kind: 'combination',
        grade,
        seTenths: null,
        ceTenths: null,
        parts,
      });
    } else {
      const se = toTenths(subject.se);
      const ce = subject.ce === null ? null : toTenths(subject.ce);
      if (se === null || (subject.ce !== null && ce === null)) {
        return invalid(GRADES_MESSAGES.INVALID_GRADE(subject.name), subject.id);
      }
      finalGrades.push({
        id: subject.id,
        name: subject.name,
        kind: 'graded',
        grade: ce === null ? seOnlyFinalGrade(se) : finalGradeOf(se, ce),
        seTenths: se,
        ceTenths: ce,
        ...(subject.core ? { core: subject.core } : {}),
      });
    }
  }
  return { ok: true, value: { level, finalGrades, assessed } };
}
