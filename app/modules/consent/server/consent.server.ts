import type { Scope } from '#app/platform/server/deps.ts';
import { consentRetentionCutoff } from '#app/modules/consent/domain/consent-retention.ts';
import { consentValue } from '#app/platform/cookies.ts';
import type { ConsentInput, ConsentReceipt } from '#app/modules/consent/schemas/consent.ts';
import { deleteConsentRecordsConfirmedBefore, upsertConsentRecord } from '#app/modules/consent/db/consent.server.ts';

/**
 * Records a cookie-consent choice (the consent pixel of spec §4): once per
 * visitor and choice. `created` is false when this visitor had made this
 * choice before; then only its confirmation time moves.
 */
export async function recordConsent(
  s: Scope,
  input: ConsentInput,
  now: Date = new Date(),
): Promise<{ created: boolean; receipt: ConsentReceipt }> {
  const row = await upsertConsentRecord(s.db, {
    visitorId: input.visitorId,
    categories: input.category,
    value: consentValue(input.category),
    at: now,
  });
  return {
    created: row.inserted,
    receipt: {
      category: input.category,
      value: row.value,
      createdAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt.toISOString(),
    },
  };
}

/**
 * Retention of consent proof: deletes the records whose last confirmation is
 * older than CONSENT_RETENTION_DAYS (app/modules/consent/domain/consent-retention.ts) before
 * `now`, and returns how many. Called once a day by the background job.
 */
export async function purgeExpiredConsentRecords(s: Scope, now: Date): Promise<number> {
  return deleteConsentRecordsConfirmedBefore(s.db, consentRetentionCutoff(now));
}
