/**
 * Who is visiting the logged-in area (spec §2 route guard, steps 1, 2 and
 * 6): nobody signed in, a signed-in user with their subjects, or a user
 * who could not be loaded (spec §8 'Could not fetch user': the guard sends
 * them to login).
 */
import type { AreaUser } from '#app/modules/study/schemas/area.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { sessionUser } from '#app/modules/accounts/index.server.ts';
import { listMySubjects } from './subjects.server.ts';

export type AreaVisit = { kind: 'anonymous' } | { kind: 'failed' } | { kind: 'user'; area: AreaUser };

export async function visitArea(s: Scope, headers: Headers): Promise<AreaVisit> {
  let user;
  try {
    user = await sessionUser(s, headers);
  } catch (error) {
    s.errors.capture(error, { source: 'area-guard' });
    return { kind: 'failed' };
  }
  if (!user) return { kind: 'anonymous' };
  try {
    return { kind: 'user', area: { user, subjects: await listMySubjects(s, user.id) } };
  } catch (error) {
    // Spec §8: the guard sends the visitor to login; the failure itself is reported.
    s.errors.capture(error, { source: 'area-guard' });
    return { kind: 'failed' };
  }
}
