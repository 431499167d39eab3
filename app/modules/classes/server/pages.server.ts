/** The classes' pages, one use case each (issue 31): what a teacher and a pupil see under /klassen. */
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { allSubjects } from '#app/modules/catalog/index.server.ts';
import { LEVEL_LABELS, LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import { schoolYearOf } from '../domain/classes.ts';
import type { JoinedClassView, TaughtClassView } from '../schemas/classes.ts';
import { listMyJoinedClasses, listMyTaughtClasses } from './classes.server.ts';
import { teacherWeeklyMail } from './teacher-mail.server.ts';
import { classRefusal, type ClassRefusal } from './refusals.server.ts';

export type ClassesPage =
  | { role: 'teacher'; classes: TaughtClassView[]; schoolYear: number; weeklyMail: boolean }
  | { role: 'pupil'; classes: JoinedClassView[]; schoolYear: number };

/** "Mijn klassen": a teacher's classes, or a pupil's with the join form. */
export async function classesPage(s: Scope, user: UserView, now = new Date()): Promise<ClassesPage> {
  const schoolYear = schoolYearOf(now);
  if (user.educationRole === 'teacher') {
    const [taught, weeklyMail] = await Promise.all([listMyTaughtClasses(s, user, now), teacherWeeklyMail(s, user)]);
    return { role: 'teacher', classes: taught.ok ? taught.value : [], schoolYear, weeklyMail };
  }
  return { role: 'pupil', classes: await listMyJoinedClasses(s, user, now), schoolYear };
}

export interface NewClassPage {
  levels: { level: Level; label: string; subjects: { id: number; name: string }[] }[];
  schoolYears: number[];
  examYears: number[];
  /** The school of the teacher's latest class: the form starts with it. */
  school: { name: string; brin: string | null } | null;
}

/** "Nieuwe klas": the subjects per level, the school years and exam years a class may have. */
export async function newClassPage(
  s: Scope,
  user: UserView,
  now = new Date(),
): Promise<Result<NewClassPage, ClassRefusal<'teachers_only'>>> {
  const taught = await listMyTaughtClasses(s, user, now);
  if (!taught.ok) return refuse(classRefusal('teachers_only'));
  const subjects = await allSubjects(s);
  const schoolYear = schoolYearOf(now);
  const latest = taught.value.find((c) => c.role === 'owner') ?? taught.value[0];
  return ok({
    levels: LEVEL_ORDER.map((level) => ({
      level,
      label: LEVEL_LABELS[level],
      subjects: subjects.filter((subject) => subject.levelName === level).map(({ id, name }) => ({ id, name })),
    })).filter((group) => group.subjects.length > 0),
    schoolYears: [schoolYear, schoolYear + 1],
    examYears: [1, 2, 3, 4].map((n) => schoolYear + n),
    school: latest ? latest.school : null,
  });
}
