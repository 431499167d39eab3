export { purgeExpiredConsentRecords, recordConsent } from './server/consent.server.ts';
