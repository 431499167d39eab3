export {
  approveChange,
  EFFECT_SAMPLE,
  EXAM_DATA_REFUSAL_STATUS,
  examDataChange,
  listExamData,
  proposeChange,
  rejectChange,
  timetableEffect,
  type ExamDataRefusal,
} from './server/exam-data.server.ts';
