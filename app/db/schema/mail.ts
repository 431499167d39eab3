import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The outbox of the offline mail adapter (app/integrations/mail): without
 * SMTP every mail the site sends lands here, readable at /dev/mail outside
 * production.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
);
