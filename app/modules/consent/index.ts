export { consentReceiptSchema, consentSchema } from './schemas/consent.ts';
