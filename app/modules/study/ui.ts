export { AccessBadge, accessOf } from './ui/access.tsx';
export { CARD_COUNTS_NOTE, CardCounts } from './ui/card-counts.tsx';
export { CardModal } from './ui/card-modal.tsx';
export { CODE_FORM_HREF, FirstStep, TrialForm } from './ui/first-step.tsx';
export { MasteryList } from './ui/mastery-list.tsx';
export { StudyAreaSection } from './ui/study-area.tsx';
export { SUBJECT_ROUTE_ID, type SubjectLayoutData } from './ui/subject-data.ts';
export { SubjectHeader } from './ui/subject-frame.tsx';
