/**
 * The outcome of an exam: geslaagd, gezakt, or gezakt but passing after one
 * retake. The retake (herkansing, Eindexamenbesluit VO art. 51): the pupil may
 * resit the central exam of one subject, and the higher of the two CE grades
 * counts. We search, per subject with a central exam, the lowest CE grade
 * (one decimal) that would make the pupil pass, and the CE grade a pupil needs
 * in a subject for a given standing of the others (for the simulator).
 *
 * Every rule only gets easier when a grade goes up (a higher final grade never
 * adds a fail, a higher CE grade never lowers the CE average), so the lowest
 * passing grade is found by trying the grades upwards.
 */
import { type Level } from '#app/platform/levels.ts';
import { type Result, ok } from '#app/platform/result.ts';
import { MAX_TENTHS, MIN_TENTHS } from './grade.ts';
import { type ExamSubject, finalGradeOf } from './final-grade.ts';
import { type Failure, rulesFor } from './diploma-rules.ts';
import { GRADES_MESSAGES } from './messages.ts';
import { type InvalidGrades, type Standing, buildStanding } from './standing.ts';

/** A retake that would make the pupil pass: the subject and the lowest CE grade needed. */
export interface RetakeOption {
  subjectId: string;
  subjectName: string;
  /** The CE grade now, in tenths. */
  currentCeTenths: number;
  /** The lowest CE grade in tenths that makes the pupil pass. */
  neededCeTenths: number;
}

export type DiplomaOutcome =
  | { outcome: 'geslaagd'; message: string; failures: []; finalGrades: Standing['finalGrades'] }
  | {
      outcome: 'gezakt' | 'herkansing';
      /** 'Gezakt', or 'Gezakt, maar geslaagd als je bij de herkansing een Y of hoger haalt voor het centraal examen X' (the easiest retake). */
      message: string;
      failures: Failure[];
      /** The retakes that would make the pupil pass, easiest first (the smallest rise of the CE grade). */
      retakes: RetakeOption[];
      finalGrades: Standing['finalGrades'];
    };

/** The failures of a standing under its level's rules; empty when the pupil passes. */
export function failuresOf(standing: Standing): Failure[] {
  return rulesFor(standing.level).flatMap((rule) => rule.check(standing));
}

const passes = (standing: Standing): boolean => failuresOf(standing).length === 0;

/** The standing with one subject's CE grade replaced (in tenths), the final grade recomputed. */
function withCe(standing: Standing, subjectId: string, ceTenths: number): Standing {
  return {
    ...standing,
    finalGrades: standing.finalGrades.map((line) =>
      line.id === subjectId && line.seTenths !== null
        ? { ...line, ceTenths, grade: finalGradeOf(line.seTenths, ceTenths) }
        : line,
    ),
  };
}

/** The lowest CE grade in tenths from `from` up that makes the standing pass, or null. */
function lowestPassingCe(standing: Standing, subjectId: string, from: number): number | null {
  for (let ce = from; ce <= MAX_TENTHS; ce += 1) {
    if (passes(withCe(standing, subjectId, ce))) return ce;
  }
  return null;
}

/** The retakes that would make a failing standing pass, easiest first. */
export function retakeOptions(standing: Standing): RetakeOption[] {
  const options: RetakeOption[] = [];
  for (const line of standing.finalGrades) {
    if (line.ceTenths === null || line.ceTenths >= MAX_TENTHS) continue;
    const needed = lowestPassingCe(standing, line.id, line.ceTenths + 1);
    if (needed !== null) {
      options.push({
        subjectId: line.id,
        subjectName: line.name,
        currentCeTenths: line.ceTenths,
        neededCeTenths: needed,
      });
    }
  }
  return options.sort(
    (a, b) =>
      a.neededCeTenths - a.currentCeTenths - (b.neededCeTenths - b.currentCeTenths) ||
      a.neededCeTenths - b.neededCeTenths,
  );
}

/**
 * The outcome for a level and the pupil's subjects (ADR 014: input the rules
 * cannot read is a refusal, with its Dutch message).
 */
export function evaluateDiploma(level: Level, subjects: readonly ExamSubject[]): Result<DiplomaOutcome, InvalidGrades> {
  const built = buildStanding(level, subjects);
  if (!built.ok) return built;
  const standing = built.value;
  const failures = failuresOf(standing);
  if (failures.length === 0) {
    return ok({
      outcome: 'geslaagd',
      message: GRADES_MESSAGES.OUTCOME_PASSED,
      failures: [],
      finalGrades: standing.finalGrades,
    });
  }
  const retakes = retakeOptions(standing);
  const best = retakes[0];
  return ok({
    outcome: best ? 'herkansing' : 'gezakt',
    message: best
      ? GRADES_MESSAGES.OUTCOME_RETAKE(best.subjectName, best.neededCeTenths)
      : GRADES_MESSAGES.OUTCOME_FAILED,
    failures,
    retakes,
    finalGrades: standing.finalGrades,
  });
}

export type NeededCe =
  /** Any CE grade passes (1,0 included), given the other grades. */
  | { kind: 'any' }
  /** The lowest CE grade that passes. */
  | { kind: 'needed'; tenths: number; grade: number }
  /** Not even 10,0 passes: another rule fails whatever this exam gives. */
  | { kind: 'impossible' };

/**
 * The CE grade the pupil needs in `subjectId` to pass, given its SE grade and
 * every other subject's grades as listed (the simulator passes predicted CE
 * grades for the exams not taken yet). The listed CE grade of `subjectId`
 * itself is ignored. Refused when the input is invalid or the subject has no
 * central exam.
 */
export function neededCeGrade(
  level: Level,
  subjects: readonly ExamSubject[],
  subjectId: string,
): Result<NeededCe, InvalidGrades> {
  const built = buildStanding(level, subjects);
  if (!built.ok) return built;
  const line = built.value.finalGrades.find((candidate) => candidate.id === subjectId);
  if (!line || line.ceTenths === null) {
    return { ok: false, reason: 'invalid_grades', message: GRADES_MESSAGES.NO_CENTRAL_EXAM, subjectId };
  }
  const needed = lowestPassingCe(built.value, subjectId, MIN_TENTHS);
  if (needed === null) return ok({ kind: 'impossible' });
  if (needed === MIN_TENTHS) return ok({ kind: 'any' });
  return ok({ kind: 'needed', tenths: needed, grade: needed / 10 });
}
