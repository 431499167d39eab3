/**
 * Grade shares (issue 31, part 5): a pupil's grades page (SE grades, past exams, the simulation) stays private
 * unless the pupil shares it with a class. Off until the pupil turns it on, per class; taking a pupil out of a
 * class turns it off, leaving deletes it with the membership, and an archived class shows no grades.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { findClass, setGradeShare } from '../db/classes.server.ts';
import { isArchived } from '../domain/classes.ts';
import { CLASS_MESSAGES } from '../domain/messages.ts';
import { classAccess } from './access.server.ts';
import { classRefusal, type ClassRefusal } from './refusals.server.ts';

/**
 * PUT /v1/users/me/classes/{id}/grade-share and "Deel mijn cijfers met deze klas" / "Stop met delen": a pupil
 * in the class (active) shares their grades page with its teachers, or stops. Anyone else — a stranger, a pupil
 * still waiting or taken out, the class's own teachers — gets the class's not found; an archived class is
 * read-only.
 */
export async function setClassGradeShare(
  s: Scope,
  user: UserView,
  classId: number,
  share: boolean,
  now = new Date(),
): Promise<Result<{ share: boolean; message: string }, ClassRefusal<'not_found' | 'archived'>>> {
  const [role, row] = await Promise.all([classAccess(s, user.id, classId), findClass(s.db, classId)]);
  if (!row || role !== 'member') return refuse(classRefusal('not_found'));
  if (isArchived(row.schoolYear, now)) return refuse(classRefusal('archived'));
  // Between the two reads and this write the pupil may have been taken out: then there is nothing to share.
  if (!(await setGradeShare(s.db, classId, user.id, share))) return refuse(classRefusal('not_found'));
  return ok({
    share,
    message: share ? CLASS_MESSAGES.GRADES_SHARED(row.name) : CLASS_MESSAGES.GRADES_UNSHARED(row.name),
  });
}
