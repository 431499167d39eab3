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
import { examSubjectOf, examSubjectsOf } from '#app/modules/grades/domain/exam-subjects.ts';
import { type PastExamScore, pastExamGradeTenths, pastExamYears } from '#app/modules/grades/domain/past-exams.ts';
import { deletePastExam, listPastExams, upsertPastExam } from '#app/modules/grades/db/past-exams.server.ts';
import { GRADES_MESSAGES } from '#app/modules/grades/domain/messages.ts';
import {
  type GradeEvidence,
  type Simulation,
  type StoredGrade,
  simulate,
} from '#app/modules/grades/domain/simulator.ts';
import type { GradesView, PastExamView, SaveGrades, SavePastExam } from '#app/modules/grades/schemas/grades.ts';

/** A write the rules of the level cannot take: the field (its path in the write) and the Dutch message. */
export type GradesRefusal = { reason: 'invalid_grades'; message: string; field: string; fieldMessage: string };

/** A past exam as the page and the API show it: with its subject's name and its grade. */
const pastExamView = ({ key, ...exam }: PastExamScore, name: string): PastExamView => ({
  ...exam,
  subject: key,
  name,
  gradeTenths: pastExamGradeTenths(exam),
});

/** The simulation as the page and the API show it, with the past exams the pupil entered. */
export function toGradesView(simulation: Simulation, pastExams: readonly PastExamScore[], today: Date): GradesView {
  const { outcome } = simulation;
  const names = new Map(examSubjectsOf(simulation.level).map((subject) => [subject.key, subject.name]));
  return {
    ...simulation,
    pastExams: pastExams.map((exam) => pastExamView(exam, names.get(exam.key) ?? exam.key)),
    pastExamChoices: {
      subjects: simulation.subjects
        .filter((subject) => subject.kind === 'central')
        .map(({ key, name }) => ({ key, name })),
      years: pastExamYears(today),
    },
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
  today: Date = new Date(),
): Promise<GradesView> {
  const [stored, pastExams] = await Promise.all([
    listUserGrades(s.db, userId, level),
    listPastExams(s.db, userId, level),
  ]);
  return toGradesView(simulate(level, stored, evidence, graded(pastExams)), pastExams, today);
}

const graded = (exams: readonly PastExamScore[]) =>
  // Oldest exam first: the prediction weighs the latest grades.
  [...exams].reverse().map((exam) => ({ key: exam.key, gradeTenths: pastExamGradeTenths(exam) }));

/** A past exam the level cannot take: the field of the write and the Dutch message. */
export type PastExamRefusal = { reason: 'invalid_past_exam'; message: string; field: string; fieldMessage: string };

/**
 * Stores a past exam the pupil made (issue 21, part 7): a subject of their level with a central exam, from one
 * of the years a past exam can be from. Answers it with its grade, or why not.
 */
export async function savePastExam(
  s: Scope,
  userId: string,
  level: Level,
  write: SavePastExam,
  today: Date = new Date(),
): Promise<Result<PastExamView, PastExamRefusal>> {
  const invalid = (field: string, fieldMessage: string) =>
    refuse({ reason: 'invalid_past_exam', message: GRADES_MESSAGES.PAST_EXAM_INVALID, field, fieldMessage });
  const subject = examSubjectOf(level, write.subject);
  if (!subject || subject.kind !== 'central') return invalid('subject', GRADES_MESSAGES.PAST_EXAM_SUBJECT);
  if (!pastExamYears(today).includes(write.year)) return invalid('year', GRADES_MESSAGES.PAST_EXAM_YEAR);
  const exam = await upsertPastExam(s.db, userId, level, {
    key: subject.key,
    year: write.year,
    tijdvak: write.tijdvak,
    score: write.score,
    maxScore: write.maxScore,
    nTenths: write.nTerm,
  });
  return ok(pastExamView(exam, subject.name));
}

/** Deletes one of the pupil's past exams; refused as not found when it is not theirs or gone. */
export async function removePastExam(
  s: Scope,
  userId: string,
  id: number,
): Promise<Result<true, { reason: 'not_found' }>> {
  return (await deletePastExam(s.db, userId, id)) ? ok(true as const) : refuse({ reason: 'not_found' as const });
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
  const [stored, pastExams] = await Promise.all([
    listUserGrades(s.db, userId, level),
    listPastExams(s.db, userId, level),
  ]);
  const { suggestion } = simulate(level, stored, evidence, graded(pastExams));
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
