/**
 * How long proof of cookie consent is kept (AVG/GDPR: as long as it can be
 * needed, no longer). The consent cookie lasts 365 days (spec §9); a record
 * is kept until its last confirmation is older than that plus a month of
 * margin. A daily background job deletes older records with
 * `purgeExpiredConsentRecords` (app/modules/consent/server/consent.server.ts).
 */
export const CONSENT_RETENTION_DAYS = 400;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Records last confirmed before this moment are expired: `now` minus CONSENT_RETENTION_DAYS. */
export function consentRetentionCutoff(now: Date, retentionDays: number = CONSENT_RETENTION_DAYS): Date {
  if (!Number.isFinite(now.getTime())) throw new RangeError('now must be a valid date');
  if (!Number.isSafeInteger(retentionDays) || retentionDays < 1) {
    throw new RangeError(`retentionDays must be a positive integer, got ${String(retentionDays)}`);
  }
  return new Date(now.getTime() - retentionDays * DAY_MS);
}
