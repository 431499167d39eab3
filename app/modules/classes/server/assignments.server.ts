/**
 * Assignments (issue 31, ADR 025): a teacher gives the class a topic's cards by a date, an exam check, or
 * "keep this topic ready for the exam"; each pupil's status follows from their summary (reviews) and their
 * checks, evaluated whenever their summary is refreshed (after a review or check, and nightly: recall falls
 * without reviews, which is how a keep-ready assignment reopens by itself). Pupils see the open ones in
 * "Vandaag"; teachers see the status per pupil.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { findPeople } from '#app/modules/accounts/index.server.ts';
import { subjectRows } from '#app/modules/catalog/index.server.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import { attemptsOf, subjectChecks } from '#app/modules/checks/index.server.ts';
import { formatExamDate } from '#app/modules/planner/index.ts';
import { pupilSummaries, refreshPupilSummary } from '#app/modules/planner/index.server.ts';
import { checkPath, subjectPath } from '#app/platform/study-paths.ts';
import {
  ASSIGNMENT_STATUSES,
  assignmentStatus,
  combineEvidence,
  DEFAULT_KEEP_READY_TARGET,
  type AssignmentKind,
  type AssignmentStatus,
} from '../domain/assignments.ts';
import { displayName, isArchived, schoolYearOf } from '../domain/classes.ts';
import { CLASS_MESSAGES } from '../domain/messages.ts';
import { percent } from '../domain/dashboard.ts';
import {
  deleteAssignment as deleteAssignmentRow,
  insertAssignment,
  listActivePupilSubjects,
  listClassAssignments,
  listPupilAssignments,
  listStatuses,
  writeStatuses,
  type AssignmentRow,
} from '../db/assignments.server.ts';
import { findClass, listActiveMemberIds, listClassSubjects, listMembers } from '../db/classes.server.ts';
import type { AssignmentCreateInput, ClassAssignmentView, MyAssignmentView } from '../schemas/assignments.ts';
import { classAccess } from './access.server.ts';
import { getTaughtClass } from './classes.server.ts';
import { classRefusal, type ClassRefusal } from './refusals.server.ts';

type Content = NonNullable<Awaited<ReturnType<typeof subjectContent>>>;

/** A topic and, for a chapter, its topics: what an assignment on it covers. */
const coveredTopics = (content: Content, topicId: number) =>
  new Set([topicId, ...content.topics.filter((t) => t.parentId === topicId).map((t) => t.id)]);

/** What an assignment asks, in Dutch: 'Leer de kaarten van Differentiëren vóór 15 januari 2027'. */
async function titleOf(s: Scope, row: AssignmentRow): Promise<string> {
  if (row.kind === 'check') {
    const check = (await subjectChecks(s, row.subjectId)).find((c) => c.id === row.testId);
    return `Maak de examencheck ${check?.title ?? ''} vóór ${formatExamDate(row.dueOn!)}`.replace('  ', ' ');
  }
  const content = await subjectContent(s, row.subjectId);
  const topic = content?.topics.find((t) => t.id === row.topicId)?.name ?? 'dit onderwerp';
  if (row.kind === 'cards') return `Leer de kaarten van ${topic} vóór ${formatExamDate(row.dueOn!)}`;
  return `Houd ${topic} klaar voor je examen (${percent(row.targetRecall ?? DEFAULT_KEEP_READY_TARGET)} op de examendag)`;
}

/** The pupils' statuses of these assignments of one subject, from their summaries and checks now. */
async function evaluate(
  s: Scope,
  userIds: readonly string[],
  subjectId: number,
  rows: readonly AssignmentRow[],
  previous: Map<string, AssignmentStatus>,
) {
  if (rows.length === 0 || userIds.length === 0) return [];
  const [content, summaries] = await Promise.all([subjectContent(s, subjectId), pupilSummaries(s, userIds, subjectId)]);
  const statuses: { assignmentId: number; userId: string; status: AssignmentStatus }[] = [];
  for (const userId of userIds) {
    const summary = summaries.get(userId);
    const attempts = rows.some((row) => row.kind === 'check') ? await attemptsOf(s, userId, subjectId) : [];
    for (const row of rows) {
      const topics = content && row.topicId !== null ? coveredTopics(content, row.topicId) : new Set<number>();
      const parts = summary
        ? [...topics].flatMap((id) => (summary.topics.get(id) ? [summary.topics.get(id)!] : []))
        : [];
      const checkDone = attempts.some((a) => a.testId === row.testId && a.createdAt >= row.createdAt);
      const status = assignmentStatus(
        row.kind as AssignmentKind,
        combineEvidence(parts, checkDone),
        previous.get(`${row.id}:${userId}`) ?? null,
        row.targetRecall ?? DEFAULT_KEEP_READY_TARGET,
      );
      statuses.push({ assignmentId: row.id, userId, status });
    }
  }
  return statuses;
}

const key = (row: { assignmentId: number; userId: string }) => `${row.assignmentId}:${row.userId}`;

/**
 * Re-evaluates a pupil's assignments of a subject (after their summary was refreshed) and writes the statuses
 * that changed: how a keep-ready assignment reopens when the recall on the exam morning falls below its target.
 */
export async function evaluatePupilAssignments(s: Scope, userId: string, subjectId: number): Promise<number> {
  const rows = (await listPupilAssignments(s.db, userId, subjectId)).filter(
    (row) => !isArchived(row.schoolYear, new Date()),
  );
  if (rows.length === 0) return 0;
  const previous = new Map<string, AssignmentStatus>(
    rows.flatMap((row) => (row.status ? [[`${row.assignment.id}:${userId}`, row.status] as const] : [])),
  );
  const statuses = await evaluate(
    s,
    [userId],
    subjectId,
    rows.map((row) => row.assignment),
    previous,
  );
  const changed = statuses.filter((status) => previous.get(key(status)) !== status.status);
  await writeStatuses(s.db, changed);
  return changed.length;
}

/**
 * The refresh job's one service (app/jobs/refresh-topic-summary.ts): the pupil's summary of the subject
 * (reviews), then their assignments of it.
 */
export async function refreshPupilForClasses(s: Scope, userId: string, subjectId: number, now = new Date()) {
  const summary = await refreshPupilSummary(s, userId, subjectId, now);
  const assignmentsChanged = await evaluatePupilAssignments(s, userId, subjectId);
  return { ...summary, assignmentsChanged };
}

/**
 * The nightly refresh (app/jobs/refresh-class-summaries.ts): every pupil of a class of this school year, for
 * each subject of their classes. Recall falls without reviews: the dashboard's exam-morning recall and the
 * keep-ready assignments follow it. One after another, so the night's work never crowds the database.
 */
export async function refreshClassPupils(s: Scope, now = new Date()) {
  const pairs = await listActivePupilSubjects(s.db, schoolYearOf(now));
  let failed = 0;
  for (const { userId, subjectId } of pairs) {
    try {
      await refreshPupilForClasses(s, userId, subjectId, now);
    } catch (error) {
      failed += 1;
      s.errors.capture(error, { job: 'refresh-class-summaries', userId, subjectId });
    }
  }
  return { refreshed: pairs.length - failed, failed };
}

/** The class's assignments with each pupil's status, as its teachers see them. */
async function assignmentViews(
  s: Scope,
  classId: number,
  rows: readonly AssignmentRow[],
): Promise<ClassAssignmentView[]> {
  const [members, statuses, subjectList] = await Promise.all([
    listMembers(s.db, classId),
    listStatuses(
      s.db,
      rows.map((row) => row.id),
    ),
    subjectRows(s, [...new Set(rows.map((row) => row.subjectId))]),
  ]);
  const active = members.filter((m) => m.status === 'active');
  const people = new Map(
    (
      await findPeople(s.db, [
        ...active.map((m) => m.userId),
        ...rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])),
      ])
    ).map((p) => [p.id, p]),
  );
  const statusOf = new Map(statuses.map((row) => [key(row), row.status as AssignmentStatus]));
  const subjects = new Map(subjectList.map((subject) => [subject.id, subject]));
  return Promise.all(
    rows.map(async (row) => {
      const pupils = active
        .filter((m) => people.has(m.userId))
        .map((m) => ({
          userId: m.userId,
          name: displayName(people.get(m.userId)!.name),
          status: statusOf.get(key({ assignmentId: row.id, userId: m.userId })) ?? ('not_started' as const),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'nl'));
      const counts = Object.fromEntries(ASSIGNMENT_STATUSES.map((status) => [status, 0])) as Record<
        AssignmentStatus,
        number
      >;
      for (const pupil of pupils) counts[pupil.status] += 1;
      return {
        id: row.id,
        kind: row.kind as ClassAssignmentView['kind'],
        title: await titleOf(s, row),
        subject: { id: row.subjectId, name: subjects.get(row.subjectId)?.name ?? '' },
        dueOn: row.dueOn,
        targetRecall: row.targetRecall,
        createdAt: row.createdAt.toISOString(),
        teacher: row.createdBy && people.has(row.createdBy) ? displayName(people.get(row.createdBy)!.name) : '',
        counts,
        pupils,
      };
    }),
  );
}

/** The class a teacher may see (and, for a write, change: not archived). */
async function teacherClass(s: Scope, userId: string, classId: number, write: boolean, now: Date) {
  const [role, row] = await Promise.all([classAccess(s, userId, classId), findClass(s.db, classId)]);
  if (!row || (role !== 'owner' && role !== 'co')) return refuse(classRefusal('not_found'));
  if (write && isArchived(row.schoolYear, now)) return refuse(classRefusal('archived'));
  return ok(row);
}

/** GET /v1/classes/{id}/assignments and the class's "Opdrachten": the assignments, each with every pupil's status. */
export async function listAssignments(
  s: Scope,
  user: UserView,
  classId: number,
  now = new Date(),
): Promise<Result<ClassAssignmentView[], ClassRefusal<'not_found'>>> {
  const found = await teacherClass(s, user.id, classId, false, now);
  if (!found.ok) return refuse(classRefusal('not_found'));
  return ok(await assignmentViews(s, classId, await listClassAssignments(s.db, classId)));
}

type CreateRefusal = ClassRefusal<
  'not_found' | 'archived' | 'assignment_subject' | 'assignment_topic' | 'assignment_check'
>;

/**
 * POST /v1/classes/{id}/assignments and "Nieuwe opdracht": a teacher of the class gives it an assignment of
 * one of its subjects (a topic of that subject, or one of its exam checks). Every pupil in the class gets a
 * status at once, judged on what they did so far.
 */
export async function createAssignment(
  s: Scope,
  user: UserView,
  classId: number,
  input: AssignmentCreateInput,
  now = new Date(),
): Promise<Result<ClassAssignmentView, CreateRefusal>> {
  const found = await teacherClass(s, user.id, classId, true, now);
  if (!found.ok) return found;
  const subjects = await listClassSubjects(s.db, [classId]);
  if (!subjects.some((row) => row.subjectId === input.subjectId)) return refuse(classRefusal('assignment_subject'));
  if (input.kind === 'check') {
    const checks = await subjectChecks(s, input.subjectId);
    if (!checks.some((c) => c.id === input.testId)) return refuse(classRefusal('assignment_check'));
  } else {
    const content = await subjectContent(s, input.subjectId);
    if (!content?.topics.some((t) => t.id === input.topicId)) return refuse(classRefusal('assignment_topic'));
  }
  const row = await insertAssignment(s.db, {
    classId,
    subjectId: input.subjectId,
    kind: input.kind,
    topicId: input.kind === 'check' ? null : (input.topicId ?? null),
    testId: input.kind === 'check' ? (input.testId ?? null) : null,
    dueOn: input.kind === 'keep_ready' ? null : (input.dueOn ?? null),
    targetRecall: input.kind === 'keep_ready' ? (input.targetRecall ?? DEFAULT_KEEP_READY_TARGET) : null,
    createdBy: user.id,
  });
  const pupils = await listActiveMemberIds(s.db, classId);
  await writeStatuses(s.db, await evaluate(s, pupils, input.subjectId, [row], new Map()));
  const [view] = await assignmentViews(s, classId, [row]);
  return ok(view!);
}

/** DELETE /v1/classes/{id}/assignments/{assignmentId} and "Verwijderen". */
export async function removeAssignment(
  s: Scope,
  user: UserView,
  classId: number,
  assignmentId: number,
  now = new Date(),
): Promise<Result<{ message: string }, ClassRefusal<'not_found' | 'archived' | 'assignment_not_found'>>> {
  const found = await teacherClass(s, user.id, classId, true, now);
  if (!found.ok) return found;
  if (!(await deleteAssignmentRow(s.db, classId, assignmentId))) return refuse(classRefusal('assignment_not_found'));
  return ok({ message: CLASS_MESSAGES.ASSIGNMENT_DELETED });
}

/**
 * GET /v1/users/me/assignments and "Vandaag": the pupil's open assignments (not done) of the classes they are
 * in this school year, soonest due first, each with the class, the teacher who gave it and where to do it.
 */
export async function myAssignments(s: Scope, user: UserView, now = new Date()): Promise<MyAssignmentView[]> {
  const rows = (await listPupilAssignments(s.db, user.id)).filter(
    (row) => !isArchived(row.schoolYear, now) && row.status !== 'done',
  );
  if (rows.length === 0) return [];
  const [teachers, subjects] = await Promise.all([
    findPeople(s.db, [...new Set(rows.flatMap((row) => (row.assignment.createdBy ? [row.assignment.createdBy] : [])))]),
    subjectRows(s, [...new Set(rows.map((row) => row.assignment.subjectId))]),
  ]);
  const teacherName = new Map(teachers.map((t) => [t.id, displayName(t.name)]));
  const subjectById = new Map(subjects.map((subject) => [subject.id, subject]));
  return Promise.all(
    rows.map(async ({ assignment, className, status }) => {
      const subject = subjectById.get(assignment.subjectId);
      const content = assignment.topicId !== null ? await subjectContent(s, assignment.subjectId) : null;
      const isChapter = content?.topics.find((t) => t.id === assignment.topicId)?.parentId === null;
      const href = !subject
        ? '/mijnslaagbundel'
        : assignment.kind === 'check' && assignment.testId !== null
          ? checkPath(subject, assignment.testId)
          : `${subjectPath(subject, 'learn')}?${isChapter ? 'parentTopicIds[]' : 'topicIds[]'}=${assignment.topicId}`;
      return {
        id: assignment.id,
        kind: assignment.kind as MyAssignmentView['kind'],
        title: await titleOf(s, assignment),
        className,
        teacher: (assignment.createdBy && teacherName.get(assignment.createdBy)) || '',
        dueOn: assignment.dueOn,
        status: status ?? 'not_started',
        href,
      };
    }),
  );
}

/** The class's "Opdrachten" page: the assignments, and what a new one may be about (per subject: topics, checks). */
export async function assignmentsPage(s: Scope, user: UserView, classId: number, now = new Date()) {
  const found = await getTaughtClass(s, user, classId, now);
  if (!found.ok) return found;
  const view = found.value.class;
  const [list, options] = await Promise.all([
    listAssignments(s, user, classId, now),
    Promise.all(
      view.subjects.map(async (subject) => {
        const [content, checks] = await Promise.all([subjectContent(s, subject.id), subjectChecks(s, subject.id)]);
        const chapters = (content?.topics ?? []).filter((t) => t.parentId === null);
        return {
          id: subject.id,
          name: subject.name,
          chapters: chapters.map((chapter) => ({
            id: chapter.id,
            name: chapter.name,
            topics: (content?.topics ?? [])
              .filter((t) => t.parentId === chapter.id)
              .map((t) => ({ id: t.id, name: t.name })),
          })),
          checks: checks.map((check) => ({ id: check.id, title: check.title })),
        };
      }),
    ),
  ]);
  return ok({ class: view, assignments: list.ok ? list.value : [], subjects: options });
}
