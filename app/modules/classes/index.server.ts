export { classes, classMembers, classTeachers } from './db/tables.ts';
export {
  addCoTeacher,
  approveMember,
  CLASS_JOIN_ATTEMPTS,
  CO_TEACHER_ATTEMPTS,
  createClass,
  getTaughtClass,
  joinClass,
  leaveClass,
  listMyJoinedClasses,
  myClassesSharingGrades,
  listMyTaughtClasses,
  removeMember,
  renewJoinCode,
} from './server/classes.server.ts';
export { CLASS_REFUSAL_STATUS, type ClassRefusal, type ClassRefusalReason } from './server/refusals.server.ts';
export { classesPage, newClassPage } from './server/pages.server.ts';
export {
  classDashboard,
  classDashboardCsv,
  classDashboardPage,
  type ClassDashboardPage,
} from './server/dashboard.server.ts';
export { pupilDetail } from './server/pupil-detail.server.ts';
export { setClassGradeShare } from './server/grade-shares.server.ts';
export { classAccess } from './server/access.server.ts';
export { freeSeat, redeemClassLicense, seatAccessOf } from './server/licenses.server.ts';
export {
  assignmentsPage,
  createAssignment,
  listAssignments,
  myAssignments,
  refreshClassPupils,
  refreshPupilForClasses,
  removeAssignment,
} from './server/assignments.server.ts';
export { sendTeacherMails, setTeacherWeeklyMail } from './server/teacher-mail.server.ts';
