/**
 * Consent-record retention (ADR 004, 007): once a day, delete the proof of
 * cookie consent whose last confirmation is older than CONSENT_RETENTION_DAYS.
 * 03:17 Amsterdam time: a quiet hour, off the round minute other cron jobs
 * pick. Idempotent, so a retry or a late run after downtime is harmless.
 */
import { purgeExpiredConsentRecords } from '#app/modules/consent/index.server.ts';
import { defineJob } from './define.ts';

export const consentRetentionJob = defineJob({
  name: 'consent-retention',
  schedule: '17 3 * * *',
  async handler(scope) {
    const deleted = await purgeExpiredConsentRecords(scope, new Date());
    return { deleted };
  },
});
