/**
 * What the grade simulator (the grades module, below this one) reads of the
 * study area: the pupil's subjects of a level from onboarding, each with its
 * study page and the grades of their exam checks in it (N = 1, oldest first).
 */
import type { GradeEvidence } from '#app/modules/grades/index.ts';
import type { Level } from '#app/platform/levels.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { attemptGradesPerSubject } from '#app/modules/study/db/checks.server.ts';
import { subjectPath } from '#app/modules/study/domain/study-paths.ts';
import { mySubjects } from './area.server.ts';

export async function gradeEvidence(s: Scope, userId: string, level: Level): Promise<GradeEvidence[]> {
  const subjects = (await mySubjects(s, userId)).filter((subject) => subject.levelName === level);
  const grades = await attemptGradesPerSubject(
    s.db,
    userId,
    subjects.map((subject) => subject.id),
  );
  return subjects.map((subject) => ({
    key: subject.slug,
    studyHref: subjectPath(subject, 'learn'),
    checkGradesTenths: grades.get(subject.id) ?? [],
  }));
}
