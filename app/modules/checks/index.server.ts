export { checkPointsPerTopic } from './db/checks.server.ts';
export { type ChecksContent, importChecksContent } from './db/content-import.server.ts';
export { type ChoiceOptionRow, testQuestions, tests } from './db/tables.ts';
export { mySubjects } from './server/area.server.ts';
export { attemptGradesPerSubject, attemptsOf, datedAttemptGrades, subjectChecks } from './server/check-state.server.ts';
export { attemptView } from './server/check-views.server.ts';
export {
  examCheckOf,
  getCheckResult,
  getLatestAttempt,
  getTest,
  getTestDraft,
  listTests,
  saveTestDraft,
  submitTest,
} from './server/checks.server.ts';
export { checkRefusal, MY_SUBJECT_REFUSAL_STATUS } from './server/refusals.server.ts';
export { addMySubjects, listMySubjects, listMySubjectsWithBooks, removeMySubject } from './server/subjects.server.ts';
