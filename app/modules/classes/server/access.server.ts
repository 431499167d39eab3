/** Who may see and change a class (issue 31): one function that every page and endpoint of a class asks first. */
import type { Scope } from '#app/platform/server/deps.ts';
import { findRelation } from '../db/classes.server.ts';
import type { ClassRole } from '../domain/classes.ts';

/**
 * What `userId` is to a class: `owner`, `co` (a colleague who shares it), `member` (an active pupil) or
 * `none` (a stranger, a pupil still waiting or removed, or no such class). Every page and endpoint of a
 * class asks this first.
 */
export async function classAccess(s: Scope, userId: string, classId: number): Promise<ClassRole> {
  return roleOf(await findRelation(s.db, userId, classId));
}

/**
 * The rule `classAccess` applies to a user's relation with a class, for a read that fetched the relation with
 * something else in the same query (the dashboard's stamp).
 */
export function roleOf(relation: { teacher: string | null; member: string | null }): ClassRole {
  if (relation.teacher === 'owner' || relation.teacher === 'co') return relation.teacher;
  return relation.member === 'active' ? 'member' : 'none';
}
