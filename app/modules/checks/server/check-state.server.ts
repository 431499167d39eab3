/** A subject's exam checks (cached for every pupil) and a pupil's attempts (once per request). */
import type { Scope } from '#app/platform/server/deps.ts';
import {
  type AttemptSummaryRow,
  listAllAttempts,
  listSubjectTests,
  type SubjectTestRow,
} from '#app/modules/checks/db/checks.server.ts';

/** A subject's exam checks with their sizes, cached: the same for every pupil. */
export function subjectChecks(s: Scope, subjectId: number): Promise<SubjectTestRow[]> {
  return s.once(`study:subject-checks:${subjectId}`, () =>
    s.cache.get(`study:subject-checks:${subjectId}`, () => listSubjectTests(s.db, subjectId)),
  );
}

/**
 * All the pupil's attempts (oldest first, without the answers), read once per request: the area home asked for
 * them four times in four shapes (the latest per subject, a subject's attempts, the grades per subject).
 */
const allAttemptsOf = (s: Scope, userId: string): Promise<AttemptSummaryRow[]> =>
  s.once(`study:attempts:${userId}`, () => listAllAttempts(s.db, userId));

/** The pupil's attempts in a subject (oldest first). */
export const attemptsOf = async (s: Scope, userId: string, subjectId: number): Promise<AttemptSummaryRow[]> =>
  (await allAttemptsOf(s, userId)).filter((attempt) => attempt.subjectId === subjectId);

/** The latest attempt in each of these subjects that has one (spec §3 User subject latestTestAttempt). */
export async function latestAttemptPerSubject(
  s: Scope,
  userId: string,
  subjectIds: readonly number[],
): Promise<Map<number, AttemptSummaryRow>> {
  const latest = new Map<number, AttemptSummaryRow>();
  if (subjectIds.length === 0) return latest;
  const wanted = new Set(subjectIds);
  // Oldest first: the last one seen of a subject is its latest.
  for (const attempt of await allAttemptsOf(s, userId))
    if (wanted.has(attempt.subjectId)) latest.set(attempt.subjectId, attempt);
  return latest;
}

/** The grades (tenths) of every attempt in each of these subjects, oldest first. */
export async function attemptGradesPerSubject(
  s: Scope,
  userId: string,
  subjectIds: readonly number[],
): Promise<Map<number, number[]>> {
  const grades = new Map<number, number[]>(subjectIds.map((id) => [id, []]));
  if (subjectIds.length === 0) return grades;
  for (const attempt of await allAttemptsOf(s, userId)) grades.get(attempt.subjectId)?.push(attempt.gradeTenths);
  return grades;
}

/** The grades (tenths) of every attempt in one subject with when each was made, oldest first. */
export async function datedAttemptGrades(
  s: Scope,
  userId: string,
  subjectId: number,
): Promise<{ gradeTenths: number; at: Date }[]> {
  return (await attemptsOf(s, userId, subjectId)).map((attempt) => ({
    gradeTenths: attempt.gradeTenths,
    at: attempt.createdAt,
  }));
}
