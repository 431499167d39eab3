export { AccessBadge, accessOf } from './ui/access.tsx';
export { CardModal } from './ui/card-modal.tsx';
export { type CardReviewAnswer } from './ui/card-review.tsx';
export { ReviewSession } from './ui/review-session.tsx';
export { StudyAreaSection } from './ui/study-area.tsx';
export { SUBJECT_ROUTE_ID, type SubjectLayoutData } from './ui/subject-data.ts';
export { SubjectHeader } from './ui/subject-frame.tsx';
