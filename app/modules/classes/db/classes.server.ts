import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import type { MemberStatus } from '../domain/classes.ts';
import { classes, classMembers, classSubjects, classTeachers, schools } from './tables.ts';

export interface ClassRow {
  id: number;
  name: string;
  level: string;
  examYear: number;
  schoolYear: number;
  joinCode: string;
  codeOpenedAt: Date;
  schoolId: number;
  schoolName: string;
  brin: string | null;
  createdAt: Date;
}

const classColumns = {
  id: classes.id,
  name: classes.name,
  level: classes.level,
  examYear: classes.examYear,
  schoolYear: classes.schoolYear,
  joinCode: classes.joinCode,
  codeOpenedAt: classes.codeOpenedAt,
  schoolId: classes.schoolId,
  schoolName: schools.name,
  brin: schools.brin,
  createdAt: classes.createdAt,
};

/** The school with this BRIN code, or a new one (a school without a code is always new). */
export async function findOrCreateSchool(db: Db, name: string, brin: string | null): Promise<number> {
  if (brin) {
    const [inserted] = await db
      .insert(schools)
      .values({ name, brin })
      .onConflictDoNothing({ target: schools.brin, where: sql`${schools.brin} is not null` })
      .returning({ id: schools.id });
    if (inserted) return inserted.id;
    const [known] = await db.select({ id: schools.id }).from(schools).where(eq(schools.brin, brin));
    if (known) return known.id;
  }
  const [row] = await db.insert(schools).values({ name, brin: null }).returning({ id: schools.id });
  return row!.id;
}

/** Stores a class with its owner and subjects; null when the join code is taken (the caller draws another). */
export async function insertClass(
  db: Db,
  input: {
    schoolId: number;
    name: string;
    level: string;
    examYear: number;
    schoolYear: number;
    joinCode: string;
    ownerId: string;
    subjectIds: readonly number[];
  },
): Promise<number | null> {
  const [row] = await db
    .insert(classes)
    .values({
      schoolId: input.schoolId,
      name: input.name,
      level: input.level,
      examYear: input.examYear,
      schoolYear: input.schoolYear,
      joinCode: input.joinCode,
      createdBy: input.ownerId,
    })
    .onConflictDoNothing({ target: classes.joinCode })
    .returning({ id: classes.id });
  if (!row) return null;
  await db.insert(classTeachers).values({ classId: row.id, userId: input.ownerId, role: 'owner' });
  await db.insert(classSubjects).values(input.subjectIds.map((subjectId) => ({ classId: row.id, subjectId })));
  return row.id;
}

/** One class with its school; undefined when there is none. */
export async function findClass(db: Db, classId: number): Promise<ClassRow | undefined> {
  const [row] = await db
    .select(classColumns)
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(eq(classes.id, classId));
  return row;
}

/**
 * What of a class's dashboard this module holds, as one short text (an MD5): the class and its school, its
 * subjects, its teachers and its pupils with their statuses; with the ids the rest of the stamp needs (the
 * people's names, the active pupils' summaries: other modules'), and what the viewer is to the class (one
 * query for both: the dashboard asks them on every request). Undefined when there is no such class.
 */
export async function classStamp(
  db: Db,
  classId: number,
  viewerId: string,
): Promise<
  | {
      stamp: string;
      people: string[];
      active: string[];
      subjectIds: number[];
      /** What the viewer is to the class (as `findRelation` answers it), read in the same query. */
      teacher: string | null;
      member: string | null;
    }
  | undefined
> {
  // The outer row is named in full ("classes"."id"): inside a select's SQL, Drizzle may leave a column bare.
  const [row] = await db
    .select({
      stamp: sql<string>`md5(concat_ws('|', "classes"."name", "classes"."level", "classes"."exam_year",
        "classes"."school_year", "classes"."join_code", "classes"."code_opened_at", "schools"."name", "schools"."brin",
        (select string_agg(t.user_id || ':' || t.role, ',' order by t.user_id)
          from ${classTeachers} t where t.class_id = "classes"."id"),
        (select string_agg(m.user_id || ':' || m.status, ',' order by m.user_id)
          from ${classMembers} m where m.class_id = "classes"."id")))`,
      people: sql<string[]>`array(select t.user_id from ${classTeachers} t where t.class_id = "classes"."id"
        union all select m.user_id from ${classMembers} m where m.class_id = "classes"."id")`,
      active: sql<string[]>`array(select m.user_id from ${classMembers} m
        where m.class_id = "classes"."id" and m.status = 'active')`,
      subjectIds: sql<number[]>`array(select x.subject_id from ${classSubjects} x
        where x.class_id = "classes"."id" order by x.subject_id)`,
      teacher: sql<string | null>`(select t.role from ${classTeachers} t
        where t.class_id = "classes"."id" and t.user_id = ${viewerId})`,
      member: sql<string | null>`(select m.status from ${classMembers} m
        where m.class_id = "classes"."id" and m.user_id = ${viewerId})`,
    })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(eq(classes.id, classId));
  return row;
}

/** The class a (normalised) join code opens. */
export async function findClassByCode(db: Db, code: string): Promise<ClassRow | undefined> {
  const [row] = await db
    .select(classColumns)
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(eq(classes.joinCode, code));
  return row;
}

/** What a user is to a class: a teacher's role, a member's status, or nothing (one query, two primary keys). */
export async function findRelation(
  db: Db,
  userId: string,
  classId: number,
): Promise<{ teacher: 'owner' | 'co' | null; member: MemberStatus | null }> {
  // `db.execute` answers `{ rows }` on both drivers (node-postgres and PGlite).
  const { rows } = (await db.execute(sql`select
      (select t.role from ${classTeachers} t where t.class_id = ${classId} and t.user_id = ${userId}) as teacher,
      (select m.status from ${classMembers} m where m.class_id = ${classId} and m.user_id = ${userId}) as member`)) as unknown as {
    rows: { teacher: string | null; member: string | null }[];
  };
  const row = rows[0];
  return {
    teacher: row?.teacher === 'owner' ? 'owner' : row?.teacher === 'co' ? 'co' : null,
    member: (row?.member as MemberStatus | null | undefined) ?? null,
  };
}

/** The classes a teacher teaches, newest school year first, with their role. */
export async function listTaughtClasses(db: Db, userId: string): Promise<(ClassRow & { role: 'owner' | 'co' })[]> {
  const rows = await db
    .select({ ...classColumns, role: classTeachers.role })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(eq(classTeachers.userId, userId))
    .orderBy(sql`${classes.schoolYear} desc`, asc(classes.name), asc(classes.id));
  return rows.map((row) => ({ ...row, role: row.role === 'owner' ? 'owner' : 'co' }));
}

/** The classes a pupil joined (active or waiting), newest school year first, with their status. */
export async function listJoinedClasses(
  db: Db,
  userId: string,
): Promise<(ClassRow & { status: MemberStatus; joinedAt: Date; sharesGrades: boolean })[]> {
  const rows = await db
    .select({
      ...classColumns,
      status: classMembers.status,
      joinedAt: classMembers.joinedAt,
      sharesGrades: classMembers.sharesGrades,
    })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classMembers.userId, userId), inArray(classMembers.status, ['active', 'pending'])))
    .orderBy(sql`${classes.schoolYear} desc`, asc(classes.name), asc(classes.id));
  return rows.map((row) => ({ ...row, status: row.status as MemberStatus }));
}

/**
 * The grades page asks on every visit which classes the pupil shares it with: one statement, prepared once per
 * database (ADR 009).
 */
const memberStatements = preparedPerDatabase((db: Db) => ({
  sharingGrades: db
    .select({ name: classes.name, schoolYear: classes.schoolYear })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .where(
      and(
        eq(classMembers.userId, sql.placeholder('userId')),
        eq(classMembers.status, 'active'),
        eq(classMembers.sharesGrades, true),
      ),
    )
    .orderBy(sql`${classes.schoolYear} desc`, asc(classes.name), asc(classes.id))
    .prepare('classes_sharing_grades_of_pupil'),
}));

/** The active classes a pupil shares their grades with, by name and school year (archived ones too). */
export function listClassesSharingGrades(db: Db, userId: string): Promise<{ name: string; schoolYear: number }[]> {
  return memberStatements(db).sharingGrades.execute({ userId });
}

/** The subjects of these classes. */
export function listClassSubjects(db: Db, classIds: readonly number[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .select({ classId: classSubjects.classId, subjectId: classSubjects.subjectId })
    .from(classSubjects)
    .where(inArray(classSubjects.classId, [...classIds]));
}

/** The teachers of these classes, the owner first. */
export function listClassTeachers(db: Db, classIds: readonly number[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .select({ classId: classTeachers.classId, userId: classTeachers.userId, role: classTeachers.role })
    .from(classTeachers)
    .where(inArray(classTeachers.classId, [...classIds]))
    .orderBy(sql`${classTeachers.role} = 'owner' desc`, asc(classTeachers.addedAt));
}

/** Counts of members per status for these classes. */
export async function countMembers(db: Db, classIds: readonly number[]) {
  if (classIds.length === 0) return [];
  return db
    .select({ classId: classMembers.classId, status: classMembers.status, count: sql<number>`count(*)::int` })
    .from(classMembers)
    .where(inArray(classMembers.classId, [...classIds]))
    .groupBy(classMembers.classId, classMembers.status);
}

/** The members of a class (every status), in the order they joined. */
export function listMembers(db: Db, classId: number) {
  return db
    .select({
      userId: classMembers.userId,
      status: classMembers.status,
      joinedAt: classMembers.joinedAt,
      decidedAt: classMembers.decidedAt,
    })
    .from(classMembers)
    .where(eq(classMembers.classId, classId))
    .orderBy(asc(classMembers.joinedAt), asc(classMembers.userId));
}

/** The ids of a class's active members, in the order they joined (the order their licence seats go in). */
export async function listActiveMemberIds(db: Db, classId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: classMembers.userId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.status, 'active')))
    .orderBy(asc(classMembers.joinedAt), asc(classMembers.userId));
  return rows.map((row) => row.userId);
}

/** A pupil's join: stored once (a second join of the same pupil leaves the first as it is). */
export async function insertMember(db: Db, classId: number, userId: string, status: 'active' | 'pending') {
  const [row] = await db
    .insert(classMembers)
    .values({ classId, userId, status })
    .onConflictDoNothing()
    .returning({ status: classMembers.status });
  return row !== undefined;
}

/**
 * Sets a member's status (approved, removed) with who decided; false when the pupil is not a member. A pupil
 * taken out stops sharing their grades: let in again, they choose anew.
 */
export async function setMemberStatus(
  db: Db,
  classId: number,
  userId: string,
  status: MemberStatus,
  decidedBy: string,
  onlyFrom?: readonly MemberStatus[],
): Promise<boolean> {
  const rows = await db
    .update(classMembers)
    .set({ status, decidedBy, decidedAt: sql`now()`, ...(status === 'active' ? {} : { sharesGrades: false }) })
    .where(
      and(
        eq(classMembers.classId, classId),
        eq(classMembers.userId, userId),
        onlyFrom ? inArray(classMembers.status, [...onlyFrom]) : undefined,
      ),
    )
    .returning({ userId: classMembers.userId });
  return rows.length > 0;
}

/** A pupil leaves: their row goes (their study data stays theirs). */
export async function deleteMember(db: Db, classId: number, userId: string): Promise<boolean> {
  const rows = await db
    .delete(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)))
    .returning({ userId: classMembers.userId });
  return rows.length > 0;
}

/** Adds a co-teacher; false when they teach the class already. */
export async function insertCoTeacher(db: Db, classId: number, userId: string): Promise<boolean> {
  const rows = await db
    .insert(classTeachers)
    .values({ classId, userId, role: 'co' })
    .onConflictDoNothing()
    .returning({ userId: classTeachers.userId });
  return rows.length > 0;
}

/** A new join code, opened now; false when the code is taken (the caller draws another). */
export async function replaceJoinCode(db: Db, classId: number, code: string): Promise<boolean> {
  const rows = await db
    .update(classes)
    .set({ joinCode: code, codeOpenedAt: sql`now()` })
    .where(and(eq(classes.id, classId), sql`not exists (select 1 from ${classes} c2 where c2.join_code = ${code})`))
    .returning({ id: classes.id });
  return rows.length > 0;
}

/** Whether a pupil in a class shares their grades with its teachers (false for anyone not in it). */
export async function sharesGradesWith(db: Db, classId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ shares: classMembers.sharesGrades })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId), eq(classMembers.status, 'active')));
  return row?.shares ?? false;
}

/** A pupil in a class shares their grades with it, or stops; false when they are not in it (active). */
export async function setGradeShare(db: Db, classId: number, userId: string, share: boolean): Promise<boolean> {
  const rows = await db
    .update(classMembers)
    .set({ sharesGrades: share })
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId), eq(classMembers.status, 'active')))
    .returning({ userId: classMembers.userId });
  return rows.length > 0;
}
