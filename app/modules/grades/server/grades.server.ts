/**
 * The pupil's grade simulator (issue 21): what they entered, per level, and
 * the simulation of it with the evidence of their exam checks. The evidence
 * comes from the study module (above this one): the route or the API reads it
 * there (`gradeEvidence`) and passes it in. Every function takes the session's
 * user id: there is no way to name another pupil.
 */
import type { Level } from '#app/platform/levels.ts';
import { type Result, ok, refuse } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { listUserGrades, upsertUserGrades } from '#app/modules/grades/db/grades.server.ts';
import { examSubjectOf } from '#app/modules/grades/domain/exam-subjects.ts';
import { GRADES_MESSAGES } from '#app/modules/grades/domain/messages.ts';
import {
  type GradeEvidence,
  type Simulation,
  type StoredGrade,
  simulate,
} from '#app/modules/grades/domain/simulator.ts';
import type { GradesView, SaveGrades } from '#app/modules/grades/schemas/grades.ts';

/** A write the rules of the level cannot take: the field (its path in the write) and the Dutch message. */
export type GradesRefusal = { reason: 'invalid_grades'; message: string; field: string; fieldMessage: string };

/** The simulation as the page and the API show it. */
export function toGradesView(simulation: Simulation): GradesView {
  const { outcome } = simulation;
  return {
    ...simulation,
    outcome: outcome && {
      outcome: outcome.outcome,
      message: outcome.message,
      failures: outcome.failures.map(({ rule, reason, message }) => ({ rule, reason, message })),
    },
  };
}

/** The pupil's simulation for a level. */
export async function getMyGrades(
  s: Scope,
  userId: string,
  level: Level,
  evidence: readonly GradeEvidence[],
): Promise<GradesView> {
  const stored = await listUserGrades(s.db, userId, level);
  return toGradesView(simulate(level, stored, evidence));
}

/** The subject where extra work gains the most for the pupil's diploma, as the study plan's what next takes it. */
export interface DiplomaFocus {
  /** The school subject's slug, e.g. 'wiskunde-b'. */
  subjectSlug: string;
  /** What next's reason, one Dutch sentence. */
  reason: string;
}

/**
 * The simulation's suggestion (issue 21: "the study plan's what next uses this"): null while the pupil has
 * not entered what the simulation needs, or nothing stands out.
 */
export async function diplomaFocus(
  s: Scope,
  userId: string,
  level: Level,
  evidence: readonly GradeEvidence[],
): Promise<DiplomaFocus | null> {
  const { suggestion } = simulate(level, await listUserGrades(s.db, userId, level), evidence);
  return suggestion ? { subjectSlug: suggestion.key, reason: GRADES_MESSAGES.FOCUS_REASON(suggestion.name) } : null;
}

/** Stores the entries of a write for a level; refused when a subject or value does not fit the level. */
export async function saveMyGrades(
  s: Scope,
  userId: string,
  level: Level,
  write: SaveGrades,
): Promise<Result<{ names: string[] }, GradesRefusal>> {
  const entries: StoredGrade[] = [];
  const names: string[] = [];
  for (const [index, entry] of write.grades.entries()) {
    const subject = examSubjectOf(level, entry.subject);
    const invalid = (field: string, fieldMessage: string) =>
      refuse({
        reason: 'invalid_grades',
        message: GRADES_MESSAGES.GRADES_INVALID,
        field: `grades.${index}.${field}`,
        fieldMessage,
      });
    if (!subject) return invalid('subject', GRADES_MESSAGES.UNKNOWN_EXAM_SUBJECT);
    const assessed = subject.kind === 'assessed';
    if (assessed && entry.se !== null) return invalid('se', GRADES_MESSAGES.ASSESSMENT_NOT_GRADE);
    if (!assessed && entry.assessment) return invalid('assessment', GRADES_MESSAGES.GRADE_NOT_ASSESSMENT);
    entries.push({
      key: subject.key,
      seTenths: entry.se,
      assessment: entry.assessment ?? null,
      included: entry.included ?? true,
    });
    names.push(subject.name);
  }
  await upsertUserGrades(s.db, userId, level, entries);
  return ok({ names });
}
