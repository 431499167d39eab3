export { ExamCheckForm } from './ui/exam-check-form.tsx';
export { GradeBadge, SectionProgress, TopicProgress, TopicScoreList } from './ui/progress.tsx';
