/** A subject's exam checks (cached for every pupil) and a pupil's attempts (once per request). */
import type { Scope } from '#app/platform/server/deps.ts';
import { listAttempts, listSubjectTests, type SubjectTestRow } from '#app/modules/checks/db/checks.server.ts';

/** A subject's exam checks with their sizes, cached: the same for every pupil. */
export function subjectChecks(s: Scope, subjectId: number): Promise<SubjectTestRow[]> {
  return s.once(`study:subject-checks:${subjectId}`, () =>
    s.cache.get(`study:subject-checks:${subjectId}`, () => listSubjectTests(s.db, subjectId)),
  );
}

/** The pupil's attempts in a subject (oldest first), read once per request. */
export const attemptsOf = (s: Scope, userId: string, subjectId: number) =>
  s.once(`study:attempts:${userId}:${subjectId}`, () => listAttempts(s.db, userId, subjectId));
