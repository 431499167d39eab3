/** A subject's exam buddy and idiom list (ids and the list's size), cached: the same for every pupil. */
import type { Scope } from '#app/platform/server/deps.ts';
import { findSubjectBuddy } from '#app/modules/buddy/db/buddy-idioms.server.ts';

export function subjectBuddy(s: Scope, subjectId: number): ReturnType<typeof findSubjectBuddy> {
  return s.once(`study:subject-buddy:${subjectId}`, () =>
    s.cache.get(`study:subject-buddy:${subjectId}`, () => findSubjectBuddy(s.db, subjectId)),
  );
}
