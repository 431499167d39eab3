/**
 * Who is visiting the logged-in area (spec §2 route guard, steps 1, 2 and
 * 6): nobody signed in, a signed-in user, or a user who could not be loaded
 * (spec §8 'Could not fetch user': the guard sends them to login). The
 * user's subjects are read by the loaders that show them (mySubjects), once
 * per request: a click from one tab of a subject to the next reads none.
 */
import type { AreaVisitor } from '#app/modules/study/schemas/area.ts';
import type { UserSubjectView } from '#app/modules/study/schemas/subjects.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { sessionUser } from '#app/modules/accounts/index.server.ts';
import { listMySubjects } from './subjects.server.ts';

export type AreaVisit = { kind: 'anonymous' } | { kind: 'failed' } | { kind: 'user'; area: AreaVisitor };

/** `fresh`: read again, after a write in this request (a form post without JavaScript). */
export async function visitArea(s: Scope, headers: Headers, { fresh = false } = {}): Promise<AreaVisit> {
  let user;
  try {
    user = await sessionUser(fresh ? { auth: s.auth, db: s.db } : s, headers);
  } catch (error) {
    s.errors.capture(error, { source: 'area-guard' });
    return { kind: 'failed' };
  }
  return user ? { kind: 'user', area: { user } } : { kind: 'anonymous' };
}

/**
 * The signed-in user's subjects with their streams and latest grades, read once per request (the area
 * layout and the page under it share them). `fresh`: read again, after a write in this request.
 */
export function mySubjects(s: Scope, userId: string, { fresh = false } = {}): Promise<UserSubjectView[]> {
  const key = `study:my-subjects:${userId}`;
  return fresh ? listMySubjects(s, userId) : s.once(key, () => listMySubjects(s, userId));
}
