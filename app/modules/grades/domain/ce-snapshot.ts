/**
 * The prediction a real CE grade is judged against (issue 33, ADR 032): the prediction as it stood before the
 * subject's exam morning, made only from the exam checks and past exams the pupil had entered by then. Pure.
 */
import { type CePrediction, type ExamRecall, predictCe } from './prediction.ts';

/** A grade of the prediction's evidence (an exam check or a past exam) with when it was made or entered. */
export interface DatedGrade {
  gradeTenths: number;
  at: Date;
}

/**
 * The prediction from the grades made strictly before `before`: the exam checks (oldest first), then the past
 * exams (in the simulation's order: oldest exam first), as the grades page reads them; without any, from the
 * recall of the subject's cards (`recall`, the study plan's as it stands: ADR 032). Null: no prediction.
 */
export function predictionBefore(
  checks: readonly DatedGrade[],
  pastExams: readonly DatedGrade[],
  recall: ExamRecall | null,
  before: Date,
): CePrediction | null {
  const counted = (grades: readonly DatedGrade[]) =>
    grades.filter((grade) => grade.at.getTime() < before.getTime()).map((grade) => grade.gradeTenths);
  return predictCe([...counted(checks), ...counted(pastExams)], recall);
}
