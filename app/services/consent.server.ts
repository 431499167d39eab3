import type { AppServices } from '../context.ts';
import { parseConsent } from '../domain/cookies.ts';
import { insertConsentRecord } from '../db/queries/consent.server.ts';

/** Records a cookie-consent choice; returns null for a value that is no valid consent. */
export async function recordConsent(s: AppServices, value: string) {
  const categories = parseConsent(value);
  if (!categories) return null;
  const row = await insertConsentRecord(s.db, { value, categories: categories.join(',') });
  return { id: row.id, categories, createdAt: row.createdAt.toISOString() };
}
