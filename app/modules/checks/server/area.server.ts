/**
 * The signed-in user's subjects, read by the loaders that show them (mySubjects), once per request: a click
 * from one tab of a subject to the next reads none.
 */
import type { UserSubjectView } from '#app/modules/checks/schemas/subjects.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { listMySubjects } from './subjects.server.ts';

/**
 * The signed-in user's subjects with their streams and latest grades, read once per request (the area
 * layout and the page under it share them). `fresh`: read again, after a write in this request.
 */
export function mySubjects(s: Scope, userId: string, { fresh = false } = {}): Promise<UserSubjectView[]> {
  const key = `study:my-subjects:${userId}`;
  return fresh ? listMySubjects(s, userId) : s.once(key, () => listMySubjects(s, userId));
}
