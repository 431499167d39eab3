export { CLOSE_NOTICE_INTENT, ExamDateNotices, type ExamDateNoticeView } from './ui/exam-date-notices.tsx';
