export { CLOSE_NOTICE_INTENT, ExamDateNotices, type ExamDateNoticeView } from './ui/exam-date-notices.tsx';
export { PastExamLinks } from './ui/past-exams.tsx';
