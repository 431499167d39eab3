/**
 * What the grade simulator (the grades module, below this one) reads of the
 * study area: the pupil's subjects of a level from onboarding, each with its
 * study page, the grades of their exam checks in it (N = 1, oldest first) and
 * the study plan's recall of its cards on the exam morning.
 */
import { examLevelOf, type GradeEvidence, type GradesView, type SaveCeGrade } from '#app/modules/grades/index.ts';
import {
  type CeEvidence,
  diplomaFocus,
  getMyGrades,
  saveMyCeGrade,
  type DiplomaFocus,
} from '#app/modules/grades/index.server.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { getMe } from '#app/modules/accounts/index.server.ts';
import { LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { attemptGradesPerSubject, datedAttemptGrades } from '#app/modules/checks/index.server.ts';
import { DEFAULT_TIME_ZONE } from '#app/platform/dates.ts';
import { subjectPath } from '#app/platform/study-paths.ts';
import { mySubjects } from '#app/modules/checks/index.server.ts';
import { calendar, examRecallPerSubject, getPlanSettings } from '#app/modules/planner/index.server.ts';

export async function gradeEvidence(s: Scope, user: UserView, level: Level): Promise<GradeEvidence[]> {
  const subjects = (await mySubjects(s, user.id)).filter((subject) => subject.levelName === level);
  const ids = subjects.map((subject) => subject.id);
  const [grades, recall] = await Promise.all([
    attemptGradesPerSubject(s, user.id, ids),
    // The study plan's recall on the exam morning: the prediction of a subject without exam checks.
    examRecallPerSubject(s, user, ids),
  ]);
  return subjects.map((subject) => ({
    key: subject.slug,
    studyHref: subjectPath(subject, 'learn'),
    checkGradesTenths: grades.get(subject.id) ?? [],
    examRecall: recall.get(subject.id) ?? null,
    // The grades page names what is missing where there is no prediction: access, or checks online.
    access: subject.stream.userHasAccess ? 'full' : subject.stream.isLightStream ? 'light' : 'none',
    checksOnline: subject.stream.tests.length,
  }));
}

/**
 * Where the pupil's grades say extra work gains the most for their diploma (issue 21's simulation, for the
 * exam level of their profile), as what next takes it (`nextStepFor`'s `focus`). Null without an exam level,
 * or while the simulation has no suggestion (its grades are not all entered).
 */
export async function diplomaFocusFor(s: Scope, user: UserView): Promise<DiplomaFocus | null> {
  const level = examLevelOf(user.levels, LEVEL_ORDER);
  if (!level) return null;
  return diplomaFocus(s, user.id, level, await gradeEvidence(s, user, level));
}

/**
 * A pupil's grades page (issue 21's simulation, for the exam level of their profile) as it is shown to someone
 * the pupil shares it with (issue 31: a class's teachers, a linked parent): the same view the pupil sees, read
 * by the pupil's id. Who may see it is the caller's to decide (the classes' and guardians' shares). Null for
 * no such user, a teacher (a teacher's area has no grades page) or a pupil without an exam level.
 */
export async function sharedGradesOf(s: Scope, pupilId: string): Promise<GradesView | null> {
  const pupil = await getMe(s, pupilId);
  if (!pupil || pupil.educationRole === 'teacher') return null;
  const level = examLevelOf(pupil.levels, LEVEL_ORDER);
  if (!level) return null;
  return getMyGrades(s, pupil.id, level, await gradeEvidence(s, pupil, level));
}

/** 9:00 in the Netherlands on 'YYYY-MM-DD', the morning the plan aims at. */
const morningOf = (date: string) =>
  new Date(calendar(new Date(`${date}T12:00:00Z`), DEFAULT_TIME_ZONE).startOfToday.getTime() + 9 * 3_600_000);

/**
 * What the prediction a real CE grade is judged against is made from (ADR 032), for one subject of the pupil's
 * level: their exam checks in it with when each was made, the plan's recall of its cards, and its exam morning as
 * the plan knows it (their own date, the CvTE timetable or the estimate). A subject that is not one of their
 * study subjects has none of these.
 */
async function ceEvidenceFor(
  s: Scope,
  user: UserView,
  level: Level,
  subjectKey: string,
  now: Date,
): Promise<CeEvidence> {
  const subject = (await mySubjects(s, user.id)).find(
    (candidate) => candidate.levelName === level && candidate.slug === subjectKey,
  );
  if (!subject) return { checks: [], examRecall: null, examMorning: null };
  const [checks, recall, plan] = await Promise.all([
    datedAttemptGrades(s, user.id, subject.id),
    examRecallPerSubject(s, user, [subject.id], now),
    getPlanSettings(s, user, now),
  ]);
  const examDate = plan?.subjects.find((entry) => entry.subject.id === subject.id)?.examDate.date;
  return { checks, examRecall: recall.get(subject.id) ?? null, examMorning: examDate ? morningOf(examDate) : null };
}

/**
 * The grades page's "Mijn echte CE-cijfer" and PUT /v1/users/me/grades/ce (issue 33): the pupil's real CE grade
 * of a subject, stored by the grades module with the prediction made from what existed before its exam morning.
 */
export async function saveRealCeGrade(s: Scope, user: UserView, level: Level, write: SaveCeGrade, now = new Date()) {
  const evidence =
    write.ce === null
      ? { checks: [], examRecall: null, examMorning: null }
      : await ceEvidenceFor(s, user, level, write.subject, now);
  return saveMyCeGrade(s, user.id, level, write, evidence, now);
}
