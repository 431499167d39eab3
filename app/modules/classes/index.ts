export { displayName, MEMBER_STATUS_LABELS, schoolYearLabel, schoolYearOf } from './domain/classes.ts';
export { CLASS_MESSAGES } from './domain/messages.ts';
export {
  classCreatedSchema,
  classCreateSchema,
  classDetailSchema,
  classIdParamsSchema,
  classLicenseCodeSchema,
  classMemberParamsSchema,
  classMessageSchema,
  coTeacherSchema,
  gradeShareSchema,
  joinAnswerSchema,
  joinCodeSchema,
  joinedClassesSchema,
  memberDecisionSchema,
  taughtClassesSchema,
  type JoinedClassView,
  type MemberView,
  type TaughtClassView,
} from './schemas/classes.ts';
export { percent, unpackRow, type Mastery } from './domain/dashboard.ts';
export {
  classDashboardSchema,
  dashboardQuerySchema,
  pupilDetailSchema,
  type ClassDashboardView,
} from './schemas/dashboard.ts';
export {
  ASSIGNMENT_KIND_LABELS,
  ASSIGNMENT_KINDS,
  ASSIGNMENT_STATUS_LABELS,
  ASSIGNMENT_STATUSES,
} from './domain/assignments.ts';
export {
  assignmentCreatedSchema,
  assignmentCreateSchema,
  assignmentParamsSchema,
  classAssignmentsSchema,
  myAssignmentsSchema,
} from './schemas/assignments.ts';
export { CLASS_LIMITS } from './domain/limits.ts';
