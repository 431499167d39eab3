/**
 * Classes (issue 31, ADR 025): a teacher makes one, shares it with colleagues and lets pupils in with its
 * join code; a pupil joins, sees and leaves their classes. Who may do what is one function, `classAccess`,
 * that every page and endpoint of a class goes through. Every function takes the session's user.
 */
import { randomInt } from 'node:crypto';
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { findPeople, findPersonByEmail, type PersonRow } from '#app/modules/accounts/index.server.ts';
import { findSubjects, subjectRows } from '#app/modules/catalog/index.server.ts';
import {
  countMembers,
  deleteMember,
  findClass,
  findClassByCode,
  findOrCreateSchool,
  findRelation,
  insertClass,
  insertCoTeacher,
  insertMember,
  listClassSubjects,
  listClassTeachers,
  listClassesSharingGrades,
  listJoinedClasses,
  listMembers,
  listTaughtClasses,
  replaceJoinCode,
  setMemberStatus,
  type ClassRow,
} from '../db/classes.server.ts';
import {
  displayName,
  formatJoinCode,
  freeJoinUntil,
  isArchived,
  joinsFreely,
  newJoinCode,
  type MemberStatus,
} from '../domain/classes.ts';
import { CLASS_MESSAGES } from '../domain/messages.ts';
import type {
  ClassLicenseView,
  ClassCreateInput,
  ClassSummaryView,
  JoinedClassView,
  MemberView,
  TaughtClassView,
} from '../schemas/classes.ts';
import { classRefusal, tooManyTries, type ClassRefusal } from './refusals.server.ts';
import { classAccess } from './access.server.ts';
import { classLicensesView, grantSeats } from './licenses.server.ts';
import { listSeatHolders } from '../db/licenses.server.ts';
import { isLevel } from '#app/platform/levels.ts';
import { queueSummaryRefresh } from '#app/platform/server/summary-refresh.ts';

/** A pupil now in a class: their summaries of its subjects are computed, so the teacher sees them at once. */
async function followPupil(s: Scope, classId: number, userId: string): Promise<void> {
  for (const row of await listClassSubjects(s.db, [classId])) queueSummaryRefresh(s, userId, row.subjectId);
}

/** Names in Dutch order, compared by one collator (not a new one per comparison). */
const DUTCH = new Intl.Collator('nl');

/** Joining with a code, counted per pupil: a class has one code, guessing one takes far more tries. */
export const CLASS_JOIN_ATTEMPTS = { name: 'class-join', points: 10, durationSeconds: 600 } as const;
/** Adding a colleague by e-mail address, counted per teacher: not a way to test addresses. */
export const CO_TEACHER_ATTEMPTS = { name: 'class-teacher', points: 10, durationSeconds: 600 } as const;

const cryptoRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** The classes' subjects and teachers as the lists show them, in two queries for any number of classes. */
async function summaries(
  s: Scope,
  rows: readonly ClassRow[],
  now: Date,
  /** More people to read in the same round (a class's members): answered in `people`. */
  alsoPeople: Promise<readonly string[]> = Promise.resolve([]),
): Promise<{ views: Map<number, ClassSummaryView>; people: Map<string, PersonRow> }> {
  const ids = rows.map((row) => row.id);
  const [classSubjects, classTeachers, others] = await Promise.all([
    listClassSubjects(s.db, ids),
    listClassTeachers(s.db, ids),
    alsoPeople,
  ]);
  const subjectIds = [...new Set(classSubjects.map((row) => row.subjectId))].sort((a, b) => a - b);
  const [subjects, people] = await Promise.all([
    // The catalogue's subjects change only with an import: read through the content cache.
    subjectRows(s, subjectIds),
    findPeople(s.db, [...new Set([...classTeachers.map((row) => row.userId), ...others])]),
  ]);
  const subjectById = new Map(subjects.map((subject) => [subject.id, subject]));
  const personById = new Map(people.map((person) => [person.id, person]));
  const views = new Map<number, ClassSummaryView>();
  for (const row of rows) {
    const level = isLevel(row.level) ? row.level : 'havo';
    views.set(row.id, {
      id: row.id,
      name: row.name,
      level,
      examYear: row.examYear,
      schoolYear: row.schoolYear,
      archived: isArchived(row.schoolYear, now),
      school: { name: row.schoolName, brin: row.brin },
      subjects: classSubjects
        .filter((cs) => cs.classId === row.id && subjectById.has(cs.subjectId))
        .map((cs) => subjectById.get(cs.subjectId)!)
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map(({ id, name, slug }) => ({ id, name, slug })),
      teachers: classTeachers
        .filter((teacher) => teacher.classId === row.id && personById.has(teacher.userId))
        .map((teacher) => ({
          name: displayName(personById.get(teacher.userId)!.name),
          role: teacher.role === 'owner' ? ('owner' as const) : ('co' as const),
        })),
    });
  }
  return { views, people: personById };
}

async function taughtViews(
  s: Scope,
  rows: readonly (ClassRow & { role: 'owner' | 'co' })[],
  now: Date,
  alsoPeople?: Promise<readonly string[]>,
): Promise<{ views: TaughtClassView[]; people: Map<string, PersonRow> }> {
  const [{ views, people }, counts] = await Promise.all([
    summaries(s, rows, now, alsoPeople),
    countMembers(
      s.db,
      rows.map((row) => row.id),
    ),
  ]);
  const count = (classId: number, status: MemberStatus) =>
    counts.find((c) => c.classId === classId && c.status === status)?.count ?? 0;
  const list: TaughtClassView[] = rows.map((row) => ({
    ...views.get(row.id)!,
    role: row.role,
    joinCode: formatJoinCode(row.joinCode),
    joinsFreelyUntil: freeJoinUntil(row.codeOpenedAt).toISOString(),
    pupils: count(row.id, 'active'),
    waiting: count(row.id, 'pending'),
  }));
  return { views: list, people };
}

/** GET /v1/classes and a teacher's "Mijn klassen": the classes they teach, this school year's first. */
export async function listMyTaughtClasses(
  s: Scope,
  user: UserView,
  now = new Date(),
): Promise<Result<TaughtClassView[], ClassRefusal<'teachers_only'>>> {
  if (user.educationRole !== 'teacher') return refuse(classRefusal('teachers_only'));
  return ok((await taughtViews(s, await listTaughtClasses(s.db, user.id), now)).views);
}

/** GET /v1/users/me/classes and a pupil's "Mijn klassen": the classes they are in or wait for. */
export async function listMyJoinedClasses(s: Scope, user: UserView, now = new Date()): Promise<JoinedClassView[]> {
  const rows = await listJoinedClasses(s.db, user.id);
  const { views } = await summaries(s, rows, now);
  return rows.map((row) => {
    const view = views.get(row.id)!;
    return {
      ...view,
      status: row.status === 'pending' ? 'pending' : 'active',
      joinedAt: row.joinedAt.toISOString(),
      // An archived class shows no grades, whatever was stored (grade-shares.server.ts).
      sharesGrades: row.status === 'active' && !view.archived && row.sharesGrades,
    };
  });
}

/**
 * The names of the classes whose teachers see a pupil's grades page (their grades page says with whom it is
 * shared): as `listMyJoinedClasses` with `sharesGrades`, without the rest of each class.
 */
export async function myClassesSharingGrades(s: Scope, userId: string, now = new Date()): Promise<string[]> {
  // An archived class shows no grades, whatever was stored (grade-shares.server.ts).
  return (await listClassesSharingGrades(s.db, userId))
    .filter((c) => !isArchived(c.schoolYear, now))
    .map((c) => c.name);
}

/**
 * POST /v1/classes and "Nieuwe klas": a teacher makes a class of their school (found by its BRIN code, or
 * a new school) with its subjects, which must be of the class's level; they are its owner.
 */
export async function createClass(
  s: Scope,
  user: UserView,
  input: ClassCreateInput,
  now = new Date(),
): Promise<Result<TaughtClassView, ClassRefusal<'teachers_only' | 'subjects'>>> {
  if (user.educationRole !== 'teacher') return refuse(classRefusal('teachers_only'));
  const subjects = await findSubjects(s.db, input.subjectIds);
  if (subjects.length !== input.subjectIds.length || subjects.some((subject) => subject.levelName !== input.level)) {
    return refuse(classRefusal('subjects'));
  }
  const classId = await s.db.transaction(async (tx) => {
    const schoolId = await findOrCreateSchool(tx, input.schoolName, input.brin ?? null);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const id = await insertClass(tx, {
        schoolId,
        name: input.name,
        level: input.level,
        examYear: input.examYear,
        schoolYear: input.schoolYear,
        joinCode: newJoinCode(cryptoRandom),
        ownerId: user.id,
        subjectIds: input.subjectIds,
      });
      if (id !== null) return id;
    }
    throw new Error('no free join code after 8 draws');
  });
  const row = await findClass(s.db, classId);
  const { views } = await taughtViews(s, [{ ...row!, role: 'owner' }], now);
  return ok(views[0]!);
}

/** A class its teacher may see: the class and the teacher's role; a stranger's is `not_found`. */
async function taughtClass(s: Scope, userId: string, classId: number) {
  const [role, row] = await Promise.all([classAccess(s, userId, classId), findClass(s.db, classId)]);
  if (!row || (role !== 'owner' && role !== 'co')) return null;
  return { row, role };
}

/**
 * GET /v1/classes/{id} and the class pages: the class and its pupils (first names and last initials), with its
 * licences and who holds a seat unless `licenses: false` (the dashboard, which shows neither).
 */
export async function getTaughtClass(
  s: Scope,
  user: UserView,
  classId: number,
  now = new Date(),
  { licenses: withLicenses = true }: { licenses?: boolean } = {},
): Promise<
  Result<{ class: TaughtClassView; members: MemberView[]; licenses: ClassLicenseView[] }, ClassRefusal<'not_found'>>
> {
  const found = await taughtClass(s, user.id, classId);
  if (!found) return refuse(classRefusal('not_found'));
  const members = listMembers(s.db, classId);
  const [{ views, people }, memberRows, licenses, seated] = await Promise.all([
    taughtViews(
      s,
      [{ ...found.row, role: found.role }],
      now,
      members.then((rows) => rows.map((m) => m.userId)),
    ),
    members,
    withLicenses ? classLicensesView(s, classId) : [],
    withLicenses ? listSeatHolders(s.db, classId) : new Set<string>(),
  ]);
  return ok({
    class: views[0]!,
    members: memberRows
      .filter((member) => people.has(member.userId))
      .map((member) => ({
        userId: member.userId,
        name: displayName(people.get(member.userId)!.name),
        status: member.status as MemberStatus,
        joinedAt: member.joinedAt.toISOString(),
        seat: seated.has(member.userId),
      }))
      .sort((a, b) => DUTCH.compare(a.name, b.name)),
    licenses,
  });
}

/** The class a teacher may change: refused when it is not theirs, or archived (1 August is past). */
async function writableClass(s: Scope, userId: string, classId: number, now: Date) {
  const found = await taughtClass(s, userId, classId);
  if (!found) return refuse(classRefusal('not_found'));
  if (isArchived(found.row.schoolYear, now)) return refuse(classRefusal('archived'));
  return ok(found);
}

type JoinRefusal = ClassRefusal<
  'pupils_only' | 'unknown_code' | 'already_member' | 'already_pending' | 'removed' | 'archived' | 'rate_limited'
>;

/**
 * POST /v1/users/me/classes/join and the join form: a pupil joins the class of a code. Within 14 days of
 * the code they are in at once; later they wait until a teacher lets them in. Counted per pupil.
 */
export async function joinClass(
  s: Scope,
  user: UserView,
  code: string,
  now = new Date(),
): Promise<Result<{ class: JoinedClassView; message: string }, JoinRefusal>> {
  if (user.educationRole !== 'pupil') return refuse(classRefusal('pupils_only'));
  const tooMany = await tooManyTries(s, CLASS_JOIN_ATTEMPTS, user.id, 'code');
  if (tooMany) return refuse(tooMany);
  const row = await findClassByCode(s.db, code);
  if (!row) return refuse(classRefusal('unknown_code'));
  if (isArchived(row.schoolYear, now)) return refuse({ ...classRefusal('archived'), field: 'code' });
  const status = joinsFreely(row.codeOpenedAt, now) ? 'active' : 'pending';
  if (!(await insertMember(s.db, row.id, user.id, status))) {
    const { member } = await findRelation(s.db, user.id, row.id);
    const reason = member === 'pending' ? 'already_pending' : member === 'removed' ? 'removed' : 'already_member';
    return refuse({ ...classRefusal(reason), field: 'code' });
  }
  if (status === 'active') {
    await s.db.transaction((tx) => grantSeats(tx, row, [user.id]));
    await followPupil(s, row.id, user.id);
  }
  const joined = (await listMyJoinedClasses(s, user, now)).find((c) => c.id === row.id)!;
  return ok({
    class: joined,
    message: status === 'active' ? CLASS_MESSAGES.JOINED(row.name) : CLASS_MESSAGES.PENDING(row.name),
  });
}

/** DELETE /v1/users/me/classes/{id} and "Klas verlaten": the pupil leaves (or stops waiting). */
export async function leaveClass(
  s: Scope,
  user: UserView,
  classId: number,
  now = new Date(),
): Promise<Result<{ message: string }, ClassRefusal<'not_a_member' | 'archived'>>> {
  const [row, relation] = await Promise.all([findClass(s.db, classId), findRelation(s.db, user.id, classId)]);
  if (!row || (relation.member !== 'active' && relation.member !== 'pending')) {
    return refuse(classRefusal('not_a_member'));
  }
  if (isArchived(row.schoolYear, now)) return refuse(classRefusal('archived'));
  await deleteMember(s.db, classId, user.id);
  return ok({ message: CLASS_MESSAGES.LEFT(row.name) });
}

type MemberRefusal = ClassRefusal<'not_found' | 'archived' | 'member_not_found' | 'not_pending'>;

/** Whether a pupil id from a path or a form can be looked up: PostgreSQL's text holds no NUL, so no id has one. */
const storableId = (id: string) => !id.includes('\u0000');

/** The pupil's name as their teacher sees it, for the answer's message. */
async function pupilName(s: Scope, pupilId: string): Promise<string> {
  const [person] = await findPeople(s.db, [pupilId]);
  return displayName(person?.name ?? '');
}

/** PATCH /v1/classes/{id}/members/{userId} and "Toelaten": a teacher lets a waiting (or removed) pupil in. */
export async function approveMember(
  s: Scope,
  user: UserView,
  classId: number,
  pupilId: string,
  now = new Date(),
): Promise<Result<{ message: string }, MemberRefusal>> {
  const writable = await writableClass(s, user.id, classId, now);
  if (!writable.ok) return writable;
  if (!storableId(pupilId)) return refuse(classRefusal('member_not_found'));
  if (!(await setMemberStatus(s.db, classId, pupilId, 'active', user.id, ['pending', 'removed']))) {
    const { member } = await findRelation(s.db, pupilId, classId);
    return refuse(classRefusal(member ? 'not_pending' : 'member_not_found'));
  }
  await s.db.transaction((tx) => grantSeats(tx, writable.value.row, [pupilId]));
  await followPupil(s, classId, pupilId);
  return ok({ message: CLASS_MESSAGES.APPROVED(await pupilName(s, pupilId)) });
}

/** DELETE /v1/classes/{id}/members/{userId} and "Uit de klas halen": kept as removed (its seat can be freed). */
export async function removeMember(
  s: Scope,
  user: UserView,
  classId: number,
  pupilId: string,
  now = new Date(),
): Promise<Result<{ message: string }, MemberRefusal>> {
  const writable = await writableClass(s, user.id, classId, now);
  if (!writable.ok) return writable;
  if (!storableId(pupilId)) return refuse(classRefusal('member_not_found'));
  if (!(await setMemberStatus(s.db, classId, pupilId, 'removed', user.id, ['pending', 'active']))) {
    return refuse(classRefusal('member_not_found'));
  }
  return ok({ message: CLASS_MESSAGES.MEMBER_REMOVED(await pupilName(s, pupilId)) });
}

/** POST /v1/classes/{id}/teachers and "Collega toevoegen": the owner shares the class with a teacher. */
export async function addCoTeacher(
  s: Scope,
  user: UserView,
  classId: number,
  email: string,
  now = new Date(),
): Promise<
  Result<
    { message: string },
    ClassRefusal<'not_found' | 'archived' | 'owner_only' | 'no_teacher' | 'already_teacher' | 'rate_limited'>
  >
> {
  const writable = await writableClass(s, user.id, classId, now);
  if (!writable.ok) return writable;
  if (writable.value.role !== 'owner') return refuse(classRefusal('owner_only'));
  const tooMany = await tooManyTries(s, CO_TEACHER_ATTEMPTS, user.id, 'email');
  if (tooMany) return refuse(tooMany);
  const colleague = await findPersonByEmail(s.db, email);
  if (!colleague || colleague.educationRole !== 'teacher') return refuse(classRefusal('no_teacher'));
  if (!(await insertCoTeacher(s.db, classId, colleague.id))) return refuse(classRefusal('already_teacher'));
  return ok({ message: CLASS_MESSAGES.CO_TEACHER_ADDED(displayName(colleague.name)) });
}

/** POST /v1/classes/{id}/code and "Nieuwe code": the old code stops working; the new one has 14 free days. */
export async function renewJoinCode(
  s: Scope,
  user: UserView,
  classId: number,
  now = new Date(),
): Promise<Result<{ joinCode: string; message: string }, ClassRefusal<'not_found' | 'archived'>>> {
  const writable = await writableClass(s, user.id, classId, now);
  if (!writable.ok) return writable;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const code = newJoinCode(cryptoRandom);
    if (await replaceJoinCode(s.db, classId, code)) {
      return ok({ joinCode: formatJoinCode(code), message: CLASS_MESSAGES.CODE_RENEWED });
    }
  }
  throw new Error('no free join code after 8 draws');
}
