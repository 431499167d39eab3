export { Consent } from './ui/consent.tsx';
