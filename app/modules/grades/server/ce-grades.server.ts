/**
 * The CE grades pupils actually got (issue 33, ADR 032): the pupil enters, changes or clears theirs per subject
 * with a central exam; the first entry keeps the prediction as it stood before the subject's exam morning, so the
 * calibration judges the band the pupil had, not one made afterwards. The evidence of that prediction (exam checks
 * with their moments, the plan's recall and the exam morning) comes from the study module, above this one.
 */
import type { Level } from '#app/platform/levels.ts';
import { type Result, ok, refuse } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import {
  type CeGradeCursor,
  ceGradesAfter,
  deleteCeGrade,
  hasCeGrade,
  listCeGrades,
  upsertCeGrade,
} from '#app/modules/grades/db/ce-grades.server.ts';
import { listPastExamsEntered } from '#app/modules/grades/db/past-exams.server.ts';
import { type DatedGrade, predictionBefore } from '#app/modules/grades/domain/ce-snapshot.ts';
import { examSubjectOf, examSubjectsOf } from '#app/modules/grades/domain/exam-subjects.ts';
import { GRADES_MESSAGES } from '#app/modules/grades/domain/messages.ts';
import { pastExamGradeTenths } from '#app/modules/grades/domain/past-exams.ts';
import type { CePrediction, ExamRecall } from '#app/modules/grades/domain/prediction.ts';
import type { CeGradesView, SaveCeGrade } from '#app/modules/grades/schemas/grades.ts';

/** What the prediction before the exam is made from, for one subject (the study module reads it). */
export interface CeEvidence {
  /** The subject's exam-check grades (N = 1) with when each was made, oldest first. */
  checks: readonly DatedGrade[];
  /** The study plan's recall of the subject's cards on the exam morning; null: none. */
  examRecall: ExamRecall | null;
  /** The subject's exam morning as the study plan knows it; null: not known (then the moment of entry counts). */
  examMorning: Date | null;
}

/** A real CE grade the level cannot take: the field and the Dutch messages. */
export type CeGradeRefusal = { reason: 'invalid_ce_grade'; message: string; field: string; fieldMessage: string };

/** The pupil's real CE grades of a level, in the level's subject order. */
export async function getMyCeGrades(s: Pick<Scope, 'db'>, userId: string, level: Level): Promise<CeGradesView> {
  const stored = new Map((await listCeGrades(s.db, userId, level)).map((row) => [row.key, row]));
  return {
    level,
    ceGrades: examSubjectsOf(level).flatMap((subject) => {
      const row = subject.kind === 'central' ? stored.get(subject.key) : undefined;
      return row
        ? [{ subject: subject.key, name: subject.name, ceTenths: row.ceTenths, enteredAt: row.enteredAt.toISOString() }]
        : [];
    }),
  };
}

/**
 * Stores (or with `ce` null clears) the pupil's real CE grade of a subject with a central exam of their level. A
 * first entry keeps the prediction made from what existed before the exam morning, or before now when that is
 * sooner or not known. Answers the subject's name and the pupil's real CE grades.
 */
export async function saveMyCeGrade(
  s: Pick<Scope, 'db'>,
  userId: string,
  level: Level,
  write: SaveCeGrade,
  evidence: CeEvidence,
  now: Date = new Date(),
): Promise<Result<{ name: string; ceTenths: number | null; view: CeGradesView }, CeGradeRefusal>> {
  const subject = examSubjectOf(level, write.subject);
  if (!subject || subject.kind !== 'central') {
    return refuse({
      reason: 'invalid_ce_grade',
      message: GRADES_MESSAGES.CE_GRADE_INVALID_FORM,
      field: 'subject',
      fieldMessage: GRADES_MESSAGES.CE_GRADE_SUBJECT,
    });
  }
  if (write.ce === null) {
    await deleteCeGrade(s.db, userId, level, subject.key);
  } else if (await hasCeGrade(s.db, userId, level, subject.key)) {
    // The prediction it is judged against stays the first one: a correction does not move it.
    await upsertCeGrade(s.db, userId, level, {
      key: subject.key,
      ceTenths: write.ce,
      predictedBefore: now,
      prediction: null,
    });
  } else {
    const before = evidence.examMorning && evidence.examMorning.getTime() < now.getTime() ? evidence.examMorning : now;
    // Oldest exam first, as the grades page's prediction reads them.
    const pastExams = (await listPastExamsEntered(s.db, userId, level))
      .filter((exam) => exam.key === subject.key)
      .reverse()
      .map((exam) => ({ gradeTenths: pastExamGradeTenths(exam), at: exam.createdAt }));
    await upsertCeGrade(s.db, userId, level, {
      key: subject.key,
      ceTenths: write.ce,
      predictedBefore: before,
      prediction: predictionBefore(evidence.checks, pastExams, evidence.examRecall, before),
    });
  }
  return ok({ name: subject.name, ceTenths: write.ce, view: await getMyCeGrades(s, userId, level) });
}

/** A real CE grade with the prediction kept at its entry, as the calibration tallies it. */
export interface CeGradeOutcome {
  level: string;
  key: string;
  /** The exam subject's Dutch name ('Wiskunde B'). */
  name: string;
  ceTenths: number;
  /** Null: the pupil had no prediction before the exam. */
  prediction: Pick<CePrediction, 'basis' | 'tenths' | 'lowTenths' | 'highTenths'> | null;
}

/** Every pupil's real CE grades with their kept prediction, `limit` at a time (keyset: pass the last cursor). */
export async function ceGradeOutcomes(
  s: Pick<Scope, 'db'>,
  after: CeGradeCursor,
  limit: number,
): Promise<{ outcomes: CeGradeOutcome[]; next: CeGradeCursor }> {
  const rows = await ceGradesAfter(s.db, after, limit);
  const last = rows.at(-1);
  return {
    outcomes: rows.map((row) => ({
      level: row.level,
      key: row.key,
      name: examSubjectOf(row.level as Level, row.key)?.name ?? row.key,
      ceTenths: row.ceTenths,
      prediction:
        row.basis !== null && row.predictedTenths !== null && row.lowTenths !== null && row.highTenths !== null
          ? {
              basis: row.basis as CePrediction['basis'],
              tenths: row.predictedTenths,
              lowTenths: row.lowTenths,
              highTenths: row.highTenths,
            }
          : null,
    })),
    next: last ? { userId: last.userId, level: last.level, key: last.key } : null,
  };
}
