import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Proof of cookie consent (the consent pixel of spec §4): which choice was
 * made and when. No IP address or other personal data is stored.
 */
export const consentRecords = pgTable('consent_records', {
  id: serial('id').primaryKey(),
  value: text('value').notNull(),
  categories: text('categories').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
