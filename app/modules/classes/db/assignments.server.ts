import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import type { AssignmentKind, AssignmentStatus } from '../domain/assignments.ts';
import { assignments, assignmentStatus, classes, classMembers, classSubjects } from './tables.ts';

export type AssignmentRow = typeof assignments.$inferSelect;

export async function insertAssignment(
  db: Db,
  row: {
    classId: number;
    subjectId: number;
    kind: AssignmentKind;
    topicId: number | null;
    testId: number | null;
    dueOn: string | null;
    targetRecall: number | null;
    createdBy: string;
  },
): Promise<AssignmentRow> {
  const [inserted] = await db.insert(assignments).values(row).returning();
  return inserted!;
}

/** Deletes an assignment of the class (its statuses go with it); false when the class has no such assignment. */
export async function deleteAssignment(db: Db, classId: number, assignmentId: number): Promise<boolean> {
  const rows = await db
    .delete(assignments)
    .where(and(eq(assignments.id, assignmentId), eq(assignments.classId, classId)))
    .returning({ id: assignments.id });
  return rows.length > 0;
}

/** A class's assignments, newest first. */
export function listClassAssignments(db: Db, classId: number): Promise<AssignmentRow[]> {
  return db
    .select()
    .from(assignments)
    .where(eq(assignments.classId, classId))
    .orderBy(desc(assignments.createdAt), desc(assignments.id));
}

/** The pupils' statuses of these assignments. */
export function listStatuses(db: Db, assignmentIds: readonly number[]) {
  if (assignmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      assignmentId: assignmentStatus.assignmentId,
      userId: assignmentStatus.userId,
      status: assignmentStatus.status,
    })
    .from(assignmentStatus)
    .where(inArray(assignmentStatus.assignmentId, [...assignmentIds]));
}

/** Writes the statuses that changed (a row that says the same is left alone: no data version raised). */
export async function writeStatuses(
  db: Db,
  rows: readonly { assignmentId: number; userId: string; status: AssignmentStatus }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(assignmentStatus)
    .values([...rows])
    .onConflictDoUpdate({
      target: [assignmentStatus.assignmentId, assignmentStatus.userId],
      set: { status: sql`excluded.status`, changedAt: sql`now()` },
      setWhere: sql`${assignmentStatus.status} <> excluded.status`,
    });
}

/**
 * The assignments of the classes a pupil is in (active), with the class and the pupil's status (null: none
 * yet), optionally of one subject; soonest due first, keep-ready last.
 */
export async function listPupilAssignments(db: Db, userId: string, subjectId?: number) {
  const rows = await db
    .select({
      assignment: assignments,
      className: classes.name,
      schoolYear: classes.schoolYear,
      status: assignmentStatus.status,
    })
    .from(assignments)
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .innerJoin(
      classMembers,
      and(
        eq(classMembers.classId, assignments.classId),
        eq(classMembers.userId, userId),
        eq(classMembers.status, 'active'),
      ),
    )
    .leftJoin(
      assignmentStatus,
      and(eq(assignmentStatus.assignmentId, assignments.id), eq(assignmentStatus.userId, userId)),
    )
    .where(subjectId === undefined ? undefined : eq(assignments.subjectId, subjectId))
    .orderBy(sql`${assignments.dueOn} asc nulls last`, asc(assignments.id));
  return rows.map((row) => ({ ...row, status: (row.status as AssignmentStatus | null) ?? null }));
}

/** Every (pupil, subject) of the classes that run this school year: what the nightly refresh goes through. */
export function listActivePupilSubjects(db: Db, schoolYear: number) {
  return db
    .selectDistinct({ userId: classMembers.userId, subjectId: classSubjects.subjectId })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .innerJoin(classSubjects, eq(classSubjects.classId, classMembers.classId))
    .where(and(eq(classMembers.status, 'active'), gte(classes.schoolYear, schoolYear)));
}
