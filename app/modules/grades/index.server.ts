export { userGrades } from './db/tables.ts';
export {
  diplomaFocus,
  type DiplomaFocus,
  getMyGrades,
  type GradesRefusal,
  saveMyGrades,
  toGradesView,
} from './server/grades.server.ts';
