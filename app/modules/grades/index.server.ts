export { userGrades } from './db/tables.ts';
export {
  diplomaFocus,
  type DiplomaFocus,
  getMyGrades,
  type GradesRefusal,
  saveMyGrades,
  toGradesView,
} from './server/grades.server.ts';
export { DEFAULT_CHECK_LEVEL, gradeCalculator } from './server/calculator.server.ts';
