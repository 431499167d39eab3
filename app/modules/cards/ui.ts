export { activeFilterCount, CardFilterForm, useLingeringFlag } from './ui/card-filters.tsx';
export { CardLinkList } from './ui/card-link-list.tsx';
export { keepPageUnderCardModal } from './ui/card-modal-revalidation.ts';
export { CardBadges, LearnedToggle, ProgressBar } from './ui/card-parts.tsx';
export { resetLearned, shownLearned, shownTopic, useLearnedStore } from './ui/learned-store.ts';
