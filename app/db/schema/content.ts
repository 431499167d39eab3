import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Entries of the local content-service adapter, stored in the shape of a
 * headless CMS delivery API: `sys` columns plus a `fields` document.
 */
export const contentEntries = pgTable(
  'content_entries',
  {
    id: text('id').primaryKey(),
    contentType: text('content_type').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_entries_type_idx').on(t.contentType)],
);
