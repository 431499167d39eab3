export { examDataVersions, examDateNotices } from './db/tables.ts';
export {
  decideVersion,
  findVersion,
  insertVersion,
  openRows,
  recordRows,
  supersede,
  upsertNotices,
  versionWithStatus,
  type VersionRow,
} from './db/versions.server.ts';
export {
  calculatorExams,
  closeExamDateNotice,
  forgetPublished,
  importTimetables,
  myExamDateNotices,
  offeredSubjects,
  pastExamsOf,
  pastExamsOfSubject,
  published,
  publishedNTerms,
  publishedTimetables,
  readTimetableFile,
  type ExamDateNotice,
} from './server/reference.server.ts';
