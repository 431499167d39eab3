export { ChangesSummary, DraftPreview } from './ui/draft-preview.tsx';
