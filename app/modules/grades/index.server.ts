export { userGrades } from './db/tables.ts';
export { getMyGrades, type GradesRefusal, saveMyGrades, toGradesView } from './server/grades.server.ts';
