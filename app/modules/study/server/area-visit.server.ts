/**
 * Who is visiting the logged-in area (spec §2 route guard, steps 1, 2 and
 * 6): nobody signed in, a signed-in user, or a user who could not be loaded
 * (spec §8 'Could not fetch user': the guard sends them to login).
 */
import type { AreaVisitor } from '#app/modules/study/schemas/area.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { sessionUser } from '#app/modules/accounts/index.server.ts';

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
