import type { AppServices } from '../context.ts';
import { insertConsentRecord } from '../db/queries/consent.server.ts';

/** Records a cookie-consent choice, already parsed from its cookie value ('*,1,2,GTM:1' → ['1', '2']). */
export async function recordConsent(s: AppServices, consent: { value: string; categories: string[] }) {
  const row = await insertConsentRecord(s.db, { value: consent.value, categories: consent.categories.join(',') });
  return { id: row.id, categories: consent.categories, createdAt: row.createdAt.toISOString() };
}
