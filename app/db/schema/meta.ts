import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small key/value facts about this database, e.g. which demo content was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
