export { CreditNote } from './ui/credit-note.tsx';
