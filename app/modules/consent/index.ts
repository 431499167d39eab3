export { consentReceiptSchema, consentSchema } from './schemas/consent.ts';
export { Consent } from './ui/consent.tsx';
