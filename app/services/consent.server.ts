import type { Scope } from '#app/services/deps.ts';
import { consentRetentionCutoff } from '#app/domain/consent-retention.ts';
import { consentValue } from '#app/domain/cookies.ts';
import type { ConsentInput, ConsentReceipt } from '#app/schemas/consent.ts';
import { deleteConsentRecordsConfirmedBefore, upsertConsentRecord } from '#app/db/queries/consent.server.ts';

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
 * older than CONSENT_RETENTION_DAYS (app/domain/consent-retention.ts) before
 * `now`, and returns how many. Called once a day by the background job.
 */
export async function purgeExpiredConsentRecords(s: Scope, now: Date): Promise<number> {
  return deleteConsentRecordsConfirmedBefore(s.db, consentRetentionCutoff(now));
}
