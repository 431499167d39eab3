/**
 * Why a class's use case is refused (ADR 014), each reason with the HTTP status the API and the pages
 * answer it with; the Dutch messages are CLASS_MESSAGES. A class the user may not see is `not_found`,
 * whether it exists or not: a stranger learns nothing of other schools' classes.
 */
import type { RateLimitRule, Scope } from '#app/platform/server/deps.ts';
import { CLASS_MESSAGES } from '../domain/messages.ts';

export const CLASS_REFUSAL_STATUS = {
  not_found: 404,
  member_not_found: 404,
  teachers_only: 403,
  pupils_only: 403,
  owner_only: 403,
  unknown_code: 400,
  subjects: 400,
  no_teacher: 400,
  already_member: 409,
  already_pending: 409,
  removed: 409,
  archived: 409,
  already_teacher: 409,
  not_pending: 409,
  not_a_member: 404,
  subject_not_in_class: 404,
  license_unknown: 400,
  not_a_class_code: 400,
  license_subject: 400,
  license_exam_year: 400,
  license_used: 409,
  license_revoked: 409,
  seat_in_use: 409,
  no_seat: 404,
  assignment_not_found: 404,
  assignment_subject: 400,
  assignment_topic: 400,
  assignment_check: 400,
  rate_limited: 429,
} as const satisfies Record<string, 400 | 403 | 404 | 409 | 429>;

export type ClassRefusalReason = keyof typeof CLASS_REFUSAL_STATUS;

export interface ClassRefusal<R extends ClassRefusalReason = ClassRefusalReason> {
  reason: R;
  message: string;
  /** The form field the refusal belongs to, when it is one field's. */
  field?: string;
  retryAfterSeconds?: number;
}

const MESSAGE: Record<Exclude<ClassRefusalReason, 'rate_limited'>, string> = {
  not_found: CLASS_MESSAGES.NOT_FOUND,
  member_not_found: CLASS_MESSAGES.MEMBER_NOT_FOUND,
  teachers_only: CLASS_MESSAGES.TEACHERS_ONLY,
  pupils_only: CLASS_MESSAGES.PUPILS_ONLY,
  owner_only: CLASS_MESSAGES.OWNER_ONLY,
  unknown_code: CLASS_MESSAGES.UNKNOWN_CODE,
  subjects: CLASS_MESSAGES.SUBJECTS,
  no_teacher: CLASS_MESSAGES.NO_TEACHER,
  already_member: CLASS_MESSAGES.ALREADY_MEMBER,
  already_pending: CLASS_MESSAGES.ALREADY_PENDING,
  removed: CLASS_MESSAGES.REMOVED,
  archived: CLASS_MESSAGES.ARCHIVED,
  already_teacher: CLASS_MESSAGES.ALREADY_TEACHER,
  not_pending: CLASS_MESSAGES.NOT_PENDING,
  not_a_member: CLASS_MESSAGES.NOT_A_MEMBER,
  subject_not_in_class: CLASS_MESSAGES.SUBJECT_NOT_IN_CLASS,
  license_unknown: CLASS_MESSAGES.LICENSE_UNKNOWN,
  not_a_class_code: CLASS_MESSAGES.NOT_A_CLASS_CODE,
  license_subject: CLASS_MESSAGES.LICENSE_SUBJECT,
  license_exam_year: CLASS_MESSAGES.LICENSE_EXAM_YEAR,
  license_used: CLASS_MESSAGES.LICENSE_USED,
  license_revoked: CLASS_MESSAGES.LICENSE_REVOKED,
  seat_in_use: CLASS_MESSAGES.SEAT_IN_USE,
  no_seat: CLASS_MESSAGES.NO_SEAT,
  assignment_not_found: CLASS_MESSAGES.ASSIGNMENT_NOT_FOUND,
  assignment_subject: CLASS_MESSAGES.ASSIGNMENT_SUBJECT,
  assignment_topic: CLASS_MESSAGES.ASSIGNMENT_TOPIC,
  assignment_check: CLASS_MESSAGES.ASSIGNMENT_CHECK,
};

const FIELD: Partial<Record<ClassRefusalReason, string>> = {
  unknown_code: 'code',
  subjects: 'subjectIds',
  license_unknown: 'code',
  not_a_class_code: 'code',
  license_subject: 'code',
  license_exam_year: 'code',
  license_used: 'code',
  license_revoked: 'code',
  assignment_subject: 'subjectId',
  assignment_topic: 'topicId',
  assignment_check: 'testId',
  no_teacher: 'email',
  already_teacher: 'email',
};

/** The refusal of `reason` with its Dutch message and field. */
export function classRefusal<R extends Exclude<ClassRefusalReason, 'rate_limited'>>(reason: R): ClassRefusal<R> {
  const field = FIELD[reason];
  return { reason, message: MESSAGE[reason], ...(field ? { field } : {}) };
}

/**
 * Counts one try of `rule` for the user; the refusal when they tried too often (on `field`), else null. The
 * per-user limits of joining, adding colleagues and redeeming class licences.
 */
export async function tooManyTries(
  s: Pick<Scope, 'rateLimit'>,
  rule: RateLimitRule,
  userId: string,
  field: string,
): Promise<ClassRefusal<'rate_limited'> | null> {
  const decision = await s.rateLimit?.consume(rule, userId);
  if (!decision || decision.allowed) return null;
  return {
    reason: 'rate_limited',
    message: `Te veel pogingen. Probeer het over ${Math.ceil(decision.retryAfterSeconds / 60)} minuten opnieuw.`,
    field,
    retryAfterSeconds: decision.retryAfterSeconds,
  };
}
