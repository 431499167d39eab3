import { index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Proof of cookie consent (the consent pixel of spec §4, ADR 004): which
 * choice a browser made, when it first made it and when it last confirmed it.
 * One row per visitor and choice: a repeated POST of the same choice only
 * moves `confirmed_at`. `visitor_id` is a random UUID the browser keeps in
 * localStorage; no IP address or other personal data is stored.
 *
 * Retention: rows whose `confirmed_at` is older than CONSENT_RETENTION_DAYS
 * (app/modules/consent/domain/consent-retention.ts, 400 days: the 365-day cookie plus a month)
 * are deleted by a daily background job via purgeExpiredConsentRecords
 * (app/modules/consent/server/consent.server.ts); `consent_records_confirmed_at_idx` serves it.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    visitorId: uuid('visitor_id').notNull(),
    /** The category value chosen: '1,2,3', '1,2' or '1'. */
    categories: text('categories').notNull(),
    /** The gdpr_cookie value written for it: '*,1,2,GTM:1'. */
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consent_records_visitor_choice_idx').on(t.visitorId, t.categories),
    index('consent_records_confirmed_at_idx').on(t.confirmedAt),
  ],
);
