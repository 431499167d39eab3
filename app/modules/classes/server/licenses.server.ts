/**
 * School licences on a class (issue 31, ADR 025): a teacher redeems a class licence code on a class; each
 * pupil in the class (and each one let in later) gets a seat while seats last, which gives full access to the
 * licence's subject until 31 July of the school year. A teacher frees the seat of a pupil they took out.
 * Codes are the licences module's (the back office makes them; the demo seed lists a few in the README).
 */
import type { Db } from '#app/db/client.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { addUserSubjects, findPeople } from '#app/modules/accounts/index.server.ts';
import { findSubjects } from '#app/modules/catalog/index.server.ts';
import { grantSubjectAccess, revokeClassAccess } from '#app/modules/cards/index.server.ts';
import { compactLicenseCode, LICENSE_ATTEMPTS } from '#app/modules/licenses/index.ts';
import { claimClassLicenseCode, findClassLicenseCode, findStoredCode } from '#app/modules/licenses/index.server.ts';
import { displayName, isArchived, schoolYearEnd } from '../domain/classes.ts';
import { CLASS_MESSAGES } from '../domain/messages.ts';
import {
  findClass,
  findRelation,
  listActiveMemberIds,
  listClassSubjects,
  type ClassRow,
} from '../db/classes.server.ts';
import {
  findHeldSeat,
  freeSeats,
  holdsSeatFor,
  insertClassLicense,
  listClassLicenses,
  takeSeat,
} from '../db/licenses.server.ts';
import { classAccess } from './access.server.ts';
import { classRefusal, tooManyTries, type ClassRefusal } from './refusals.server.ts';

/**
 * Seats for these pupils of the class, from its licences in their order, while seats last: each seat gives
 * full access to its subject until the school year ends, and puts the subject in the pupil's list. In the
 * caller's transaction. Answers how many seats were taken or kept.
 */
export async function grantSeats(db: Db, row: Pick<ClassRow, 'id' | 'schoolYear'>, userIds: readonly string[]) {
  const licenses = await listClassLicenses(db, row.id);
  let seated = 0;
  for (const license of licenses) {
    for (const userId of userIds) {
      if (!(await takeSeat(db, license.id, userId))) continue;
      seated += 1;
      await grantSubjectAccess(db, {
        userId,
        subjectId: license.subjectId,
        stream: 'full',
        source: 'class',
        productId: license.productId,
        expiresAt: schoolYearEnd(row.schoolYear),
      });
      await addUserSubjects(db, userId, [license.subjectId]);
    }
  }
  return seated;
}

type RedeemRefusal = ClassRefusal<
  | 'not_found'
  | 'archived'
  | 'license_unknown'
  | 'not_a_class_code'
  | 'license_subject'
  | 'license_exam_year'
  | 'license_used'
  | 'license_revoked'
  | 'rate_limited'
>;

/**
 * POST /v1/classes/{id}/licenses and "Klaslicentie activeren": a teacher of the class redeems a class licence
 * (the code as the licences schema normalised it). Its subject must be one of the class's, its exam year the
 * class's. The pupils in the class get their seats at once, in the order they joined.
 */
export async function redeemClassLicense(
  s: Scope,
  user: UserView,
  classId: number,
  typedCode: string,
  now = new Date(),
): Promise<Result<{ message: string; used: number; seats: number }, RedeemRefusal>> {
  const [role, row] = await Promise.all([classAccess(s, user.id, classId), findClass(s.db, classId)]);
  if (!row || (role !== 'owner' && role !== 'co')) return refuse(classRefusal('not_found'));
  if (isArchived(row.schoolYear, now)) return refuse(classRefusal('archived'));
  const tooMany = await tooManyTries(s, LICENSE_ATTEMPTS, user.id, 'code');
  if (tooMany) return refuse(tooMany);
  let code = await findClassLicenseCode(s.db, typedCode);
  if (!code) {
    const stored = await findStoredCode(s.db, compactLicenseCode(typedCode));
    if (stored) code = await findClassLicenseCode(s.db, stored);
  }
  if (!code) return refuse(classRefusal('license_unknown'));
  if (code.seats === null) return refuse(classRefusal('not_a_class_code'));
  if (code.revokedAt) return refuse(classRefusal('license_revoked'));
  if (code.redeemedAt) return refuse(classRefusal('license_used'));
  const subjects = await listClassSubjects(s.db, [classId]);
  if (!subjects.some((subject) => subject.subjectId === code.subjectId)) {
    return refuse(classRefusal('license_subject'));
  }
  if (code.examYear !== null && code.examYear !== row.examYear) return refuse(classRefusal('license_exam_year'));
  const seats = code.seats;
  const outcome = await s.db.transaction(async (tx) => {
    if (!(await claimClassLicenseCode(tx, user.id, code.code))) return null;
    await insertClassLicense(tx, {
      classId,
      code: code.code,
      subjectId: code.subjectId,
      productId: code.productId,
      seats,
      redeemedBy: user.id,
    });
    return grantSeats(tx, row, await listActiveMemberIds(tx, classId));
  });
  if (outcome === null) return refuse(classRefusal('license_used'));
  const [subject] = await findSubjects(s.db, [code.subjectId]);
  const used = (await listClassLicenses(s.db, classId)).find((l) => l.code === code.code)?.used ?? outcome;
  return ok({ message: CLASS_MESSAGES.LICENSE_REDEEMED(subject?.name ?? 'dit vak', used, seats), used, seats });
}

/**
 * DELETE /v1/classes/{id}/members/{userId}/seat and "Plaats vrijgeven": the seat of a pupil the teacher took
 * out goes back to the licence; their access from it ends (unless a seat elsewhere gives the same subject), and
 * a pupil in the class without a seat (one who joined when all were taken) gets it.
 */
export async function freeSeat(
  s: Scope,
  user: UserView,
  classId: number,
  pupilId: string,
  now = new Date(),
): Promise<
  Result<{ message: string }, ClassRefusal<'not_found' | 'archived' | 'member_not_found' | 'seat_in_use' | 'no_seat'>>
> {
  const [role, row, relation] = await Promise.all([
    classAccess(s, user.id, classId),
    findClass(s.db, classId),
    // PostgreSQL's text holds no NUL, so no id has one (a path may: %00).
    pupilId.includes('\u0000') ? { teacher: null, member: null } : findRelation(s.db, pupilId, classId),
  ]);
  if (!row || (role !== 'owner' && role !== 'co')) return refuse(classRefusal('not_found'));
  if (isArchived(row.schoolYear, now)) return refuse(classRefusal('archived'));
  if (!relation.member) return refuse(classRefusal('member_not_found'));
  if (relation.member !== 'removed') return refuse(classRefusal('seat_in_use'));
  const freed = await s.db.transaction(async (tx) => {
    const subjects = await freeSeats(tx, classId, pupilId);
    for (const subjectId of subjects) {
      if (!(await holdsSeatFor(tx, pupilId, subjectId))) await revokeClassAccess(tx, pupilId, subjectId);
    }
    // The seat goes to a pupil in the class who had none (they joined when every seat was taken).
    if (subjects.length > 0) await grantSeats(tx, row, await listActiveMemberIds(tx, classId));
    return subjects.length;
  });
  if (freed === 0) return refuse(classRefusal('no_seat'));
  const [person] = await findPeople(s.db, [pupilId]);
  return ok({ message: CLASS_MESSAGES.SEAT_FREED(displayName(person?.name ?? '')) });
}

/** The class's licences as its teachers see them: the subject, the seats and how many are in use. */
export async function classLicensesView(s: Scope, classId: number) {
  const licenses = await listClassLicenses(s.db, classId);
  const subjects = new Map(
    (await findSubjects(s.db, [...new Set(licenses.map((l) => l.subjectId))])).map((subject) => [subject.id, subject]),
  );
  return licenses.map((license) => ({
    code: license.code,
    subject: subjects.get(license.subjectId)?.name ?? '',
    seats: license.seats,
    used: license.used,
  }));
}

/**
 * The access a class seat gives the pupil for the subject, if they hold one (the back office grants it again
 * when it revokes a licence code that had replaced it, issue 32); in the caller's transaction.
 */
export async function seatAccessOf(
  db: Db,
  userId: string,
  subjectId: number,
): Promise<{ productId: number | null; expiresAt: Date } | null> {
  const seat = await findHeldSeat(db, userId, subjectId);
  return seat ? { productId: seat.productId, expiresAt: schoolYearEnd(seat.schoolYear) } : null;
}
