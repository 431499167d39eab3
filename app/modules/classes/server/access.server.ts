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
  const relation = await findRelation(s.db, userId, classId);
  if (relation.teacher) return relation.teacher;
  return relation.member === 'active' ? 'member' : 'none';
}
