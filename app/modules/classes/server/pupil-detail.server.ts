/** One pupil of a class: what their teachers see of them, which "Wat ziet mijn docent?" shows the pupil (issue 31). */
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { findPeople } from '#app/modules/accounts/index.server.ts';
import { findSubjects } from '#app/modules/catalog/index.server.ts';
import { pupilSummaries } from '#app/modules/planner/index.server.ts';
import { sharedGradesOf } from '#app/modules/study/index.server.ts';
import { displayName, isArchived } from '../domain/classes.ts';
import { EXAM_READY_RECALL } from '../domain/dashboard.ts';
import type { PupilDetailView } from '../schemas/dashboard.ts';
import { classAccess } from './access.server.ts';
import { pupilRow, topicsOf } from './dashboard.server.ts';
import { findClass, listClassSubjects, sharesGradesWith } from '../db/classes.server.ts';
import { classRefusal, type ClassRefusal } from './refusals.server.ts';

/**
 * One pupil of a class, per subject of the class: what their teachers see of them (the grid's row with its
 * topics, the effort), and no more: no answers, and their grades page only when they share it with this class
 * (not once the class is archived). Its teachers may see it of a pupil in the class; the pupil may see it of
 * themselves ("Wat ziet mijn docent?"). Anyone else: not found.
 */
export async function pupilDetail(
  s: Scope,
  viewer: UserView,
  classId: number,
  pupilId: string,
  now = new Date(),
): Promise<Result<PupilDetailView, ClassRefusal<'not_found' | 'member_not_found'>>> {
  const [role, pupilRole, row] = await Promise.all([
    classAccess(s, viewer.id, classId),
    // PostgreSQL's text holds no NUL, so no id has one (a path may: %00).
    pupilId.includes('\u0000') ? ('none' as const) : classAccess(s, pupilId, classId),
    findClass(s.db, classId),
  ]);
  const teacher = role === 'owner' || role === 'co';
  const self = viewer.id === pupilId && role === 'member';
  if (!row || (!teacher && !self)) return refuse(classRefusal('not_found'));
  if (pupilRole !== 'member') return refuse(classRefusal('member_not_found'));
  const archived = isArchived(row.schoolYear, now);
  const [subjectRows, [person], gradesShared] = await Promise.all([
    listClassSubjects(s.db, [classId]),
    findPeople(s.db, [pupilId]),
    archived ? false : sharesGradesWith(s.db, classId, pupilId),
  ]);
  const name = displayName(person?.name ?? '');
  const [perSubject, grades] = await Promise.all([
    findSubjects(
      s.db,
      subjectRows.map((r) => r.subjectId),
    ).then((subjects) =>
      Promise.all(
        subjects.map(async (subject) => {
          const [topics, summaries] = await Promise.all([
            topicsOf(s, subject.id),
            pupilSummaries(s, [pupilId], subject.id),
          ]);
          return {
            subject: { id: subject.id, name: subject.name, slug: subject.slug },
            pupil: pupilRow(pupilId, name, summaries.get(pupilId), topics),
            topics,
          };
        }),
      ),
    ),
    // Beside the summaries: the grades page computes the pupil's plan, which the summaries do not.
    gradesShared ? sharedGradesOf(s, pupilId) : null,
  ]);
  return ok({
    class: { id: row.id, name: row.name, archived },
    pupil: { userId: pupilId, name },
    target: EXAM_READY_RECALL,
    subjects: perSubject,
    gradesShared,
    grades,
  });
}
