/**
 * Who is visiting the logged-in area (spec §2 route guard, steps 1, 2 and
 * 6): nobody signed in, a signed-in user with their subjects, or a session
 * whose user could not be loaded ('Could not fetch user', spec §8).
 */
import type { AreaUser } from '#app/schemas/area.ts';
import type { Scope } from '#app/services/deps.ts';
import { sessionUserId } from '#app/services/session.server.ts';
import { listMySubjects } from '#app/services/subjects.server.ts';
import { getMe } from '#app/services/users.server.ts';

export type AreaVisit = { kind: 'anonymous' } | { kind: 'failed' } | { kind: 'user'; area: AreaUser };

export const COULD_NOT_FETCH_USER = 'Could not fetch user';

export async function visitArea(s: Scope, headers: Headers): Promise<AreaVisit> {
  const userId = await sessionUserId(s, headers);
  if (!userId) return { kind: 'anonymous' };
  try {
    const [user, subjects] = await Promise.all([getMe(s, userId), listMySubjects(s, userId)]);
    if (!user) throw new Error(COULD_NOT_FETCH_USER);
    return { kind: 'user', area: { user, subjects } };
  } catch (error) {
    // Spec §8: the guard sends the visitor to login; the failure itself is reported.
    s.errors.capture(error, { source: 'area-guard' });
    return { kind: 'failed' };
  }
}
