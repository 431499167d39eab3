export {
  displayName,
  formatJoinCode,
  FREE_JOIN_DAYS,
  isArchived,
  MAX_CLASS_SUBJECTS,
  MEMBER_STATUS_LABELS,
  schoolYearLabel,
  schoolYearOf,
  type ClassRole,
} from './domain/classes.ts';
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
  joinAnswerSchema,
  joinCodeSchema,
  joinedClassesSchema,
  MAX_CLASS_NAME,
  MAX_SCHOOL_NAME,
  memberDecisionSchema,
  taughtClassesSchema,
  type JoinedClassView,
  type MemberView,
  type TaughtClassView,
} from './schemas/classes.ts';
export { EFFORT_BEHIND_SHARE, EXAM_READY_RECALL, MASTERY_LABELS, percent, type Mastery } from './domain/dashboard.ts';
export {
  classDashboardSchema,
  dashboardQuerySchema,
  pupilDetailSchema,
  type ClassDashboardView,
  type DashboardPupilView,
  type PupilDetailView,
} from './schemas/dashboard.ts';
export {
  ASSIGNMENT_KIND_LABELS,
  ASSIGNMENT_KINDS,
  ASSIGNMENT_STATUS_LABELS,
  ASSIGNMENT_STATUSES,
  DEFAULT_KEEP_READY_TARGET,
  MAX_TARGET,
  MIN_TARGET,
  type AssignmentKind,
  type AssignmentStatus,
} from './domain/assignments.ts';
export {
  assignmentCreatedSchema,
  assignmentCreateSchema,
  assignmentParamsSchema,
  classAssignmentsSchema,
  myAssignmentsSchema,
  type ClassAssignmentView,
  type MyAssignmentView,
} from './schemas/assignments.ts';
