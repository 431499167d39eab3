export { classes, classMembers, classSubjects, classTeachers, schools } from './db/tables.ts';
export {
  addCoTeacher,
  approveMember,
  classAccess,
  CLASS_JOIN_ATTEMPTS,
  CO_TEACHER_ATTEMPTS,
  createClass,
  getTaughtClass,
  joinClass,
  leaveClass,
  listMyJoinedClasses,
  listMyTaughtClasses,
  removeMember,
  renewJoinCode,
} from './server/classes.server.ts';
export { CLASS_REFUSAL_STATUS, type ClassRefusal, type ClassRefusalReason } from './server/refusals.server.ts';
export { classesPage, newClassPage, type ClassesPage, type NewClassPage } from './server/pages.server.ts';
export { classDashboard, classDashboardCsv, pupilDetail } from './server/dashboard.server.ts';
